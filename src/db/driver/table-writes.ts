/**
 * The tables written since the last look, as named by the statements sent: what the planner
 * statistics worker checks for growth (src/db/driver/planner-statistics.ts). Asking the files of
 * every table for its size costs the embedded engine about 12 ms a pass (docs/performance.md,
 * "Planner statistics"); a pass now asks only those written since the one before, and an
 * idle server none. The driver's write watch tells it what each statement writes
 * (`writtenTables` in write-watch.ts). On a PGlite data folder every statement goes through
 * this process's driver. On PostgreSQL (whose statistics the worker keeps only when the server's
 * autovacuum is off) each process notes its own writes: growth is read from the catalogue, so a
 * table grown by other processes is analysed by the first process to write it after.
 */
export class TableWrites {
  readonly #written = new Set<string>();

  /** Notes tables written (writtenTables of a statement). */
  add(tables: readonly string[]): void {
    for (const t of tables) this.#written.add(t);
  }

  /** The tables written since the last call, and forgets them. */
  take(): string[] {
    const names = [...this.#written];
    this.#written.clear();
    return names;
  }
}
