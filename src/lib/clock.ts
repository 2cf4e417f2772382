/**
 * The one source of business time. Services, workers, auth and idempotency take `now` from
 * a Clock passed in by the composition root (src/app.ts), never from `new Date()`, so tests
 * can move time instead of sleeping or editing rows. SQL that compares with "now" gets the
 * clock's time as a parameter, never the database's `now()`.
 */
export interface Clock {
  now(): Date;
}

/** The earliest of some instants (null when there are none): when an idle worker's next work falls due. */
export function earliest(instants: readonly (Date | string | null | undefined)[]): Date | null {
  let first: number | null = null;
  for (const at of instants) {
    if (at == null) continue;
    const ms = new Date(at).getTime();
    if (first === null || ms < first) first = ms;
  }
  return first === null ? null : new Date(first);
}

/** Real time. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock tests drive. It follows real time (plus whatever it was advanced by) until `set`
 * pins it to an instant; from then on only `set` and `advance` move it.
 */
export class TestClock implements Clock {
  #offsetMs = 0;
  #pinned: number | null = null;

  now(): Date {
    return new Date(this.#pinned ?? Date.now() + this.#offsetMs);
  }

  /** Moves time forward (or back, with a negative amount). */
  advance(ms: number): Date {
    if (this.#pinned !== null) this.#pinned += ms;
    else this.#offsetMs += ms;
    return this.now();
  }

  /** Pins time to `date`. */
  set(date: Date | string | number): Date {
    this.#pinned = new Date(date).getTime();
    return this.now();
  }

  /** Back to real time. */
  reset(): void {
    this.#offsetMs = 0;
    this.#pinned = null;
  }
}
