/**
 * Rate limits per platform and mode (docs/configuration.md, "Rate limits"): a fixed window of
 * one second, `RATE_LIMIT_LIVE` requests for live keys and `RATE_LIMIT_TEST` for test keys.
 *
 * Headers follow the IETF draft "RateLimit header fields for HTTP" in its draft-07 form, which
 * most clients and proxies read today:
 *
 *   RateLimit-Policy: 100;w=1
 *   RateLimit: limit=100, remaining=99, reset=1
 *
 * and a refused request also gets `Retry-After` (seconds). When the store fails (Redis away), the
 * request goes through — the service fails open — and the failure is logged (at most once every
 * 10 s) and counted in the metrics.
 */
import type { RateLimitStore } from './store.js';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets (at least 1 while counting). */
  resetSeconds: number;
  windowSeconds: number;
  /** The store failed and the request was let through without being counted. */
  failedOpen: boolean;
}

export interface RateLimiterOptions {
  store: RateLimitStore;
  limits: { live: number; test: number };
  windowSeconds?: number;
  /** Called on every store failure (the metrics count them). */
  onStoreError?: (err: unknown) => void;
  /** Called when a request is refused. */
  onLimited?: (livemode: boolean) => void;
  logger?: { warn(obj: object, msg: string): void } | null;
  /** Milliseconds, for spacing the failure log (tests pass their own). */
  now?: () => number;
}

const LOG_EVERY_MS = 10_000;

export class RateLimiter {
  readonly windowSeconds: number;
  readonly store: RateLimitStore;
  #lastLogAt = Number.NEGATIVE_INFINITY;
  #suppressed = 0;

  constructor(private readonly options: RateLimiterOptions) {
    this.windowSeconds = options.windowSeconds ?? 1;
    this.store = options.store;
  }

  limitFor(livemode: boolean): number {
    return livemode ? this.options.limits.live : this.options.limits.test;
  }

  /** Counts one request against the bucket (a platform and mode) and decides. */
  async check(bucket: string, livemode: boolean): Promise<RateLimitDecision> {
    const limit = this.limitFor(livemode);
    const windowMs = this.windowSeconds * 1000;
    try {
      const { count, resetMs } = await this.options.store.hit(bucket, windowMs);
      const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
      const allowed = count <= limit;
      if (!allowed) this.options.onLimited?.(livemode);
      return { allowed, limit, remaining: Math.max(0, limit - count), resetSeconds, windowSeconds: this.windowSeconds, failedOpen: false };
    } catch (err) {
      this.#reportFailure(err);
      return { allowed: true, limit, remaining: limit, resetSeconds: this.windowSeconds, windowSeconds: this.windowSeconds, failedOpen: true };
    }
  }

  #reportFailure(err: unknown) {
    this.options.onStoreError?.(err);
    const now = (this.options.now ?? Date.now)();
    if (now - this.#lastLogAt < LOG_EVERY_MS) {
      this.#suppressed++;
      return;
    }
    this.options.logger?.warn(
      { err, store: this.options.store.kind, suppressed: this.#suppressed },
      'rate limit store unavailable: letting requests through (failing open)',
    );
    this.#lastLogAt = now;
    this.#suppressed = 0;
  }

  close(): Promise<void> {
    return this.options.store.close();
  }
}

/** The two headers every response carries. */
export function rateLimitHeaders(d: Pick<RateLimitDecision, 'limit' | 'remaining' | 'resetSeconds' | 'windowSeconds'>): Record<string, string> {
  return {
    'RateLimit-Policy': `${d.limit};w=${d.windowSeconds}`,
    RateLimit: `limit=${d.limit}, remaining=${d.remaining}, reset=${d.resetSeconds}`,
  };
}

/** The bucket of a platform and mode: every key of that platform and mode shares it. */
export function platformBucket(platformId: string, livemode: boolean): string {
  return `${platformId}:${livemode ? 'live' : 'test'}`;
}
