/**
 * The rate limiter and its two stores, below HTTP. Redis tests talk to the Redis server named by
 * REDIS_URL (default redis://127.0.0.1:6379), each with its own key prefix.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../src/http/rate-limit/memory-store.js';
import { RedisRateLimitStore } from '../../src/http/rate-limit/redis-store.js';
import { RateLimiter, platformBucket, rateLimitHeaders } from '../../src/http/rate-limit/limiter.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = () => `test:ratelimit:${randomBytes(6).toString('hex')}:`;
const opened: RedisRateLimitStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

function redisStore(keyPrefix: string, url = REDIS_URL) {
  const store = new RedisRateLimitStore({ url, keyPrefix });
  opened.push(store);
  return store;
}

describe('the in-memory store', () => {
  it('allows the limit in a window, refuses the next, and starts again when the window ends', async () => {
    let now = 1000;
    const limiter = new RateLimiter({ store: new MemoryRateLimitStore(() => now), limits: { live: 3, test: 2 } });
    const bucket = platformBucket('plat_1', false);
    const first = await limiter.check(bucket, false);
    expect(first).toMatchObject({ allowed: true, limit: 2, remaining: 1, resetSeconds: 1, failedOpen: false });
    expect((await limiter.check(bucket, false)).allowed).toBe(true);
    const refused = await limiter.check(bucket, false);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 1 });
    now += 999;
    expect((await limiter.check(bucket, false)).allowed).toBe(false);
    now += 1;
    expect(await limiter.check(bucket, false)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('keeps platforms and modes apart, with the live and test limits', async () => {
    const limiter = new RateLimiter({ store: new MemoryRateLimitStore(() => 0), limits: { live: 3, test: 1 } });
    expect((await limiter.check(platformBucket('plat_a', false), false)).allowed).toBe(true);
    expect((await limiter.check(platformBucket('plat_a', false), false)).allowed).toBe(false);
    expect((await limiter.check(platformBucket('plat_b', false), false)).allowed).toBe(true);
    for (let i = 0; i < 3; i++) expect((await limiter.check(platformBucket('plat_a', true), true)).allowed).toBe(true);
    expect((await limiter.check(platformBucket('plat_a', true), true)).allowed).toBe(false);
  });

  it('forgets windows that have ended', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    for (let i = 0; i < 50; i++) await store.hit(`k${i}`, 1000);
    expect(store.size).toBe(50);
    now = 20_000;
    await store.hit('fresh', 1000);
    expect(store.size).toBe(1);
  });
});

describe('the headers', () => {
  it('follow the IETF RateLimit draft-07 form', () => {
    expect(rateLimitHeaders({ limit: 100, remaining: 99, resetSeconds: 1, windowSeconds: 1 })).toEqual({
      'RateLimit-Policy': '100;w=1',
      RateLimit: 'limit=100, remaining=99, reset=1',
    });
  });
});

describe('the Redis store', () => {
  it('shares one window between two clients, as between two processes', async () => {
    const keyPrefix = prefix();
    const a = new RateLimiter({ store: redisStore(keyPrefix), limits: { live: 5, test: 5 } });
    const b = new RateLimiter({ store: redisStore(keyPrefix), limits: { live: 5, test: 5 } });
    await (a.store as RedisRateLimitStore).ready();
    await (b.store as RedisRateLimitStore).ready();
    const bucket = platformBucket('plat_shared', true);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await a.check(bucket, true), await b.check(bucket, true));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.every((r) => !r.failedOpen)).toBe(true);
    expect(results[4].remaining).toBe(0);
    expect(results.at(-1)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('starts a new window after one second', async () => {
    const store = redisStore(prefix());
    await store.ready();
    const first = await store.hit('k', 300);
    expect(first.count).toBe(1);
    expect(first.resetMs).toBeGreaterThan(0);
    expect(first.resetMs).toBeLessThanOrEqual(300);
    expect((await store.hit('k', 300)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 350));
    expect((await store.hit('k', 300)).count).toBe(1);
  });

  it('fails open when Redis cannot be reached: the request goes on, the failure is counted and logged once', async () => {
    const failures: unknown[] = [];
    const warnings: string[] = [];
    const limiter = new RateLimiter({
      store: redisStore(prefix(), 'redis://127.0.0.1:1'),
      limits: { live: 1, test: 1 },
      onStoreError: (err) => failures.push(err),
      logger: { warn: (_obj, msg) => warnings.push(msg) },
    });
    const started = Date.now();
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await limiter.check(platformBucket('plat_x', false), false));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(decisions.every((d) => d.allowed && d.failedOpen)).toBe(true);
    expect(decisions[0]).toMatchObject({ limit: 1, remaining: 1 });
    expect(failures).toHaveLength(5);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/failing open/);
  });

  it('keeps answering while Redis goes away, and shares the limit again once it is back', async () => {
    // A TCP proxy in front of Redis stands in for a Redis that goes away and comes back.
    const target = new URL(REDIS_URL);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    const port = (proxy.address() as net.AddressInfo).port;
    const failures: unknown[] = [];
    const store = redisStore(prefix(), `redis://127.0.0.1:${port}`);
    const limiter = new RateLimiter({ store, limits: { live: 2, test: 2 }, onStoreError: (e) => failures.push(e) });
    expect(await store.ready()).toBe(true);
    const bucket = platformBucket('plat_flaky', false);
    expect(await limiter.check(bucket, false)).toMatchObject({ allowed: true, failedOpen: false });

    await new Promise<void>((r) => {
      proxy.close(() => r());
      for (const s of sockets) s.destroy();
    });
    const during = [];
    for (let i = 0; i < 4; i++) during.push(await limiter.check(bucket, false));
    expect(during.every((d) => d.allowed && d.failedOpen)).toBe(true);
    expect(failures.length).toBeGreaterThanOrEqual(4);

    await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', () => r()));
    expect(await store.ready(5000)).toBe(true);
    const after = [];
    for (let i = 0; i < 3; i++) after.push(await limiter.check(platformBucket('plat_back', false), false));
    expect(after.map((d) => d.allowed)).toEqual([true, true, false]);
    expect(after.every((d) => !d.failedOpen)).toBe(true);
    await store.close();
    await new Promise<void>((r) => proxy.close(() => r()));
    for (const s of sockets) s.destroy();
  });
});
