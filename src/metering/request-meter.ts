import type { Logger } from 'pino';
import type { DbHandle } from '../db/transaction.js';
import { withTransaction } from '../db/transaction.js';
import { periodOf } from '../core/usage/periods.js';
import { addApiRequests } from './counters.repository.js';

interface PendingCount {
  platformId: string;
  livemode: boolean;
  accountId: string | null;
  period: string;
  count: number;
}

export const DEFAULT_FLUSH_INTERVAL_MS = 5000;

/**
 * API request counts, gathered in memory and written every few seconds (one transaction per
 * flush), because a database write per request would double the cost of a cheap GET. The last
 * flush runs on a graceful shutdown; a `kill -9` loses at most the counts of the last interval
 * (docs/usage.md). A failed flush keeps its counts for the next one.
 *
 * Each request is counted in the month of its arrival, so a flush just after midnight on the
 * first of a month still adds the last requests of the old month to the old month.
 */
export class RequestMeter {
  #pending = new Map<string, PendingCount>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbHandle,
    private readonly clock: { now(): Date },
    private readonly logger: Pick<Logger, 'error'> | null = null,
    private readonly options: { intervalMs?: number; onFlushError?: (err: unknown) => void } = {},
  ) {}

  /** Counts one request of a platform and mode, for an account or (null) at platform level. */
  count(platformId: string, livemode: boolean, accountId: string | null): void {
    const period = periodOf(this.clock.now()).firstDay;
    const key = `${platformId}|${livemode ? 'l' : 't'}|${accountId ?? ''}|${period}`;
    const entry = this.#pending.get(key);
    if (entry) entry.count++;
    else this.#pending.set(key, { platformId, livemode, accountId, period, count: 1 });
  }

  /** Requests counted but not yet written. */
  get pendingCount(): number {
    let n = 0;
    for (const e of this.#pending.values()) n += e.count;
    return n;
  }

  /** Writes what was counted so far; flushes never overlap. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = [...this.#pending.values()];
    this.#pending = new Map();
    try {
      await withTransaction(this.db, (trx) => addApiRequests(trx, batch));
    } catch (err) {
      // Put the counts back: the next flush tries again, so a database hiccup loses nothing.
      for (const e of batch) {
        const key = `${e.platformId}|${e.livemode ? 'l' : 't'}|${e.accountId ?? ''}|${e.period}`;
        const current = this.#pending.get(key);
        if (current) current.count += e.count;
        else this.#pending.set(key, { ...e });
      }
      this.options.onFlushError?.(err);
      this.logger?.error({ err }, 'usage: writing request counts failed; kept for the next flush');
    }
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.flush(), this.options.intervalMs ?? DEFAULT_FLUSH_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Stops the timer and writes the last counts (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.flush();
  }
}
