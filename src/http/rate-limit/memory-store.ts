import type { RateLimitStore, WindowCount } from './store.js';

/**
 * Fixed windows in this process's memory: the limit is per process (docs/configuration.md).
 * A window starts with its key's first hit. Expired windows are swept as the map grows, so
 * memory stays bounded by the number of keys active in the last window.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly kind = 'memory' as const;
  #windows = new Map<string, { count: number; endsAt: number }>();
  #nextSweepAt = 0;

  /** `now` is a monotonic-enough millisecond clock; tests pass their own. */
  constructor(private readonly now: () => number = () => performance.now()) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetMs: window.endsAt - now };
  }

  #sweep(now: number) {
    if (now < this.#nextSweepAt) return;
    this.#nextSweepAt = now + 10_000;
    for (const [key, w] of this.#windows) if (w.endsAt <= now) this.#windows.delete(key);
  }

  /** Keys with a window (for tests of the sweep). */
  get size(): number {
    return this.#windows.size;
  }

  async close(): Promise<void> {
    this.#windows.clear();
  }
}
