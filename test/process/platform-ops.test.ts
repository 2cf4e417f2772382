/**
 * Rate limits shared by two real server processes through Redis (PostgreSQL: PGlite allows one
 * process per data folder), request counts written on a graceful shutdown, and a worker's metrics.
 */
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';
import { describe, expect, it, vi } from 'vitest';
import parsePrometheus from 'parse-prometheus-text-format';
import { api, exitWithin, freshPgDatabase, pgliteDataDir, randomKey, SERVER_RUN, serversOfThisFile } from './helpers.js';

vi.setConfig({ testTimeout: 300_000 });
const start = serversOfThisFile();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.skipIf(!SERVER_RUN)('rate limits across processes', () => {
  it('shares one budget between two processes through Redis', async () => {
    const db = await freshPgDatabase();
    try {
      const key = randomKey();
      const env = { DATABASE_URL: db.url, SECRETS_KEY: TEST_SECRETS_KEY, BOOTSTRAP_API_KEY: key, REDIS_URL, RATE_LIMIT_TEST: '6' };
      const a = await start(env);
      const b = await start(env);
      // A warm-up request per process, in separate windows, so both are connected to Redis.
      expect((await api(a, key, 'GET', '/v1/accounts')).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await api(b, key, 'GET', '/v1/accounts')).status).toBe(200);

      // A window starts with its first request and lasts a second: a burst that took longer
      // (a loaded machine) may have reached the next window, so it is sent again, after the
      // window it used has ended.
      let burst: Awaited<ReturnType<typeof api>>[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        await new Promise((r) => setTimeout(r, 1100));
        const sent = performance.now();
        burst = await Promise.all(Array.from({ length: 12 }, (_, i) => api(i % 2 ? a : b, key, 'GET', '/v1/accounts')));
        if (performance.now() - sent < 900) break;
      }
      const ok = burst.filter((r) => r.status === 200);
      const limited = burst.filter((r) => r.status === 429);
      expect(ok).toHaveLength(6);
      expect(limited).toHaveLength(6);
      expect(limited[0].body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
      expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      for (const r of burst) {
        expect(r.headers.get('ratelimit-policy')).toBe('6;w=1');
        expect(r.headers.get('ratelimit')).toMatch(/^limit=6, remaining=\d+, reset=\d+$/);
      }
      // Both processes refused some: the budget is one, not one each.
      const refusedBy = new Set(burst.map((r, i) => (r.status === 429 ? i % 2 : null)).filter((x) => x !== null));
      expect(refusedBy.size).toBeGreaterThanOrEqual(1);
    } finally {
      await db.drop();
    }
  });
});

describe.skipIf(SERVER_RUN)('request counts on shutdown', () => {
  it('writes the counts held in memory when the process stops on SIGTERM', async () => {
    const dir = await pgliteDataDir('usage-flush');
    const key = randomKey();
    const env = { DATA_DIR: dir, BOOTSTRAP_API_KEY: key };
    const server = await start(env);
    const period = new Date().toISOString().slice(0, 7);
    for (let i = 0; i < 7; i++) expect((await api(server, key, 'GET', '/v1/accounts')).status).toBe(200);
    server.kill('SIGTERM');
    expect(await exitWithin(server, 15_000)).toBe(0);

    const again = await start(env);
    const usage = await api(again, key, 'GET', `/v1/usage?period=${period}`);
    expect(usage.status).toBe(200);
    // The 7 requests before the stop; this one is still in memory.
    expect(usage.body.totals.api_requests).toBe(7);
    again.kill('SIGTERM');
    await exitWithin(again, 15_000);
  });
});

describe.skipIf(SERVER_RUN)('metrics of a worker process', () => {
  it('serves /metrics beside /healthz with the token: its webhook attempts, worker lag and pool', async () => {
    const dir = await pgliteDataDir('worker-metrics');
    const worker = await start({ DATA_DIR: dir, METRICS_TOKEN: 'worker-metrics-token' }, { args: ['worker'] });
    expect((await fetch(`${worker.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${worker.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe('api_key_invalid');
    const res = await fetch(`${worker.url}/metrics`, { headers: { authorization: 'Bearer worker-metrics-token' } });
    expect(res.status).toBe(200);
    const families = new Set(parsePrometheus(await res.text()).map((f: { name: string }) => f.name));
    for (const name of ['scheduling_webhook_attempts_total', 'scheduling_worker_lag_seconds', 'scheduling_db_pool_connections_in_use', 'nodejs_eventloop_lag_seconds']) {
      expect(families).toContain(name);
    }
    worker.kill('SIGTERM');
    expect(await exitWithin(worker, 15_000)).toBe(0);
  });
});
