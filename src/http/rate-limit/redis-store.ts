import { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from './store.js';

/**
 * One round trip per request: increment the window's counter, start its expiry on the first hit,
 * and read the time left. The window lives in Redis (its TTL), so processes whose clocks differ
 * still share one window. A key left without a TTL (it cannot happen, but a lost PEXPIRE would
 * otherwise block a platform for good) gets one.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisStoreOptions {
  url: string;
  /** Prefix of every key (default `scheduling:ratelimit:`); tests use their own. */
  keyPrefix?: string;
  /** A command slower than this counts as a failure, and the request goes on (default 200 ms). */
  commandTimeoutMs?: number;
}

type RedisWithHit = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Fixed windows shared by every process that uses the same Redis (`REDIS_URL`). Built to fail
 * fast: no offline queue (a command while disconnected rejects at once instead of waiting), no
 * retries per command, a short command timeout. The connection itself keeps retrying in the
 * background, so the limit is shared again as soon as Redis is back. What to do on a failure
 * (let the request through) is the limiter's decision, not the store's.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = 'redis' as const;
  readonly #redis: RedisWithHit;
  readonly #prefix: string;

  constructor(options: RedisStoreOptions) {
    this.#prefix = options.keyPrefix ?? 'scheduling:ratelimit:';
    this.#redis = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 200,
      connectTimeout: 2000,
      // Reconnect for ever, backing off to one try every 2 s.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      lazyConnect: false,
    }) as RedisWithHit;
    // Errors are reported through the rejected commands (and counted by the limiter); an
    // 'error' event without a listener would crash the process.
    this.#redis.on('error', () => {});
    this.#redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  /** Resolves when connected (start-up waits a little for it; requests never do). */
  async ready(timeoutMs = 2000): Promise<boolean> {
    if (this.#redis.status === 'ready') return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.#redis.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.#redis.once('ready', onReady);
    });
  }

  get connected(): boolean {
    return this.#redis.status === 'ready';
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = await this.#redis.rateLimitHit(this.#prefix + key, windowMs);
    return { count: Number(count), resetMs: Number(ttl) };
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}
