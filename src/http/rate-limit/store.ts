/** Where rate-limit windows are counted: this process's memory, or Redis shared by every process. */
export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetMs: number;
}

export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  /** Counts one hit of `key` in its current fixed window of `windowMs`. Rejects when the store is unreachable. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}
