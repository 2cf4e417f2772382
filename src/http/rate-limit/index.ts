import type { Logger } from 'pino';
import type { Metrics } from '../../metrics/registry.js';
import { MemoryRateLimitStore } from './memory-store.js';
import { RateLimiter } from './limiter.js';

export { RateLimiter, rateLimitHeaders, platformBucket } from './limiter.js';
export { rateLimitHook } from './hook.js';

export interface RateLimitSettings {
  live: number;
  test: number;
  /** Share windows through this Redis; null: per process. */
  redisUrl: string | null;
}

/**
 * The limiter of one process: Redis when REDIS_URL is set (all processes share the budget),
 * memory otherwise. Start-up waits up to 2 s for Redis and goes on without it: the limiter
 * fails open until it connects.
 */
export async function createRateLimiter(settings: RateLimitSettings, metrics: Metrics | null, logger: Logger | null): Promise<RateLimiter> {
  let store;
  if (settings.redisUrl) {
    // Imported only when used: the Redis client is a large module graph (start-up time).
    const { RedisRateLimitStore } = await import('./redis-store.js');
    const redis = new RedisRateLimitStore({ url: settings.redisUrl });
    if (!(await redis.ready(2000))) logger?.warn('rate limit: Redis is not reachable yet; failing open until it is');
    store = redis;
  } else {
    store = new MemoryRateLimitStore();
  }
  return new RateLimiter({
    store,
    limits: { live: settings.live, test: settings.test },
    onStoreError: () => metrics?.rateLimitStoreErrors.inc(),
    onLimited: (livemode) => metrics?.rateLimited.inc({ livemode: String(livemode) }),
    logger,
  });
}
