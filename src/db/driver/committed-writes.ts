/**
 * Writes committed in this process, by table, told to whoever listens: the background workers
 * wake on the tables whose writes can create their work (src/workers/poller.ts), so an idle
 * worker may sleep long without making new work late. The driver's write watch tells it
 * (write-watch.ts): a transaction's tables at its COMMIT, a statement's outside one once it has
 * run. On PostgreSQL other processes' transactions are heard too, as notices (write-notices.ts):
 * the first commit of a table in WORK_NOTICE_GAP_MS sends one within its COMMIT.
 */
export class CommittedWrites {
  readonly #listeners = new Map<string, Set<() => void>>();

  /** Calls `listener` after each commit that wrote one of `tables`; returns the way to stop. */
  on(tables: readonly string[], listener: () => void): () => void {
    for (const t of tables) {
      let set = this.#listeners.get(t);
      if (!set) this.#listeners.set(t, (set = new Set()));
      set.add(listener);
    }
    return () => {
      for (const t of tables) this.#listeners.get(t)?.delete(listener);
    };
  }

  /** Tells every listener: notices may have been missed. */
  everything(): void {
    this.committed(this.#listeners.keys());
  }

  /** Tells the listeners of these tables (each once). */
  committed(tables: Iterable<string>): void {
    if (this.#listeners.size === 0) return;
    const told = new Set<() => void>();
    for (const t of tables) for (const listener of this.#listeners.get(t) ?? []) told.add(listener);
    for (const listener of told) listener();
  }
}
