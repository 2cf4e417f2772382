/**
 * The pace of the embedded database's vacuums (src/db/driver/planner-statistics.ts): how long
 * each table's next vacuum waits after its last one (docs/performance.md, "Soak").
 */
/**
 * How long a table's next vacuum waits after its last, as a multiple of the time that one took:
 * the vacuums of a table hold the embedded database's one session, which every request of every
 * tenant waits for, at most a thousandth of the time. Without it a table was vacuumed each time
 * it grew by GROWTH_CAP_PAGES, a minute or two apart in a soak, while the vacuum of a table whose
 * updates leave dead line pointers reads all of it (vacuumTable in planner-statistics.ts): in an
 * hour's soak on PGlite the vacuum of `webhook_deliveries` went from 28 to 237 ms by minute 21,
 * and with those of `events` and `bookings` the session was held in stalls of 100 to 240 ms, two
 * or three a minute, close to a hundredth of the time: the p99 of a minute was then the length
 * of a stall (docs/performance.md, "Soak"). A vacuum of a queue takes a few milliseconds, so its
 * pace is shorter than the worker's interval and changes nothing.
 */
export const VACUUM_PACE = 1000;

/** When each table was last vacuumed and how long it took, kept by the planner statistics worker. */
export class VacuumPace {
  readonly #last = new Map<string, { endedAt: number; tookMs: number }>();
  readonly #owed = new Set<string>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Whether the table may be vacuumed now; if not, it is owed a vacuum (owed). */
  allows(table: string): boolean {
    const last = this.#last.get(table);
    if (!last || this.now() >= last.endedAt + VACUUM_PACE * last.tookMs) return true;
    this.#owed.add(table);
    return false;
  }

  /** Runs the table's vacuum and notes when it ended and how long it took. */
  async timed(table: string, vacuum: () => Promise<void>): Promise<void> {
    const startedAt = this.now();
    await vacuum();
    const endedAt = this.now();
    this.#last.set(table, { endedAt, tookMs: endedAt - startedAt });
    this.#owed.delete(table);
  }

  /**
   * The tables held back and not vacuumed since: each pass looks at them again, written or not,
   * grown or not (an analysis while it was held back records the table's new size, after which
   * it would no longer count as grown).
   */
  owed(): string[] {
    return [...this.#owed];
  }
}
