/**
 * The topology of compose.yaml as plain processes (docs/deployment.md, docs/scaling.md): two
 * API processes without workers (`serve --no-workers`, and `serve` with RUN_WORKERS=false)
 * and one `worker`, on one PostgreSQL. Bookings race across the two API processes; only the
 * worker delivers webhooks. PostgreSQL only: skipped when DATABASE_URL is unset.
 */
import { TEST_SECRETS_KEY } from '../support/secrets-key.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Receiver, eventually } from '../support/receiver.js';
import { api, exitWithin, freshPgDatabase, randomKey, serversOfThisFile, SERVER_RUN } from './helpers.js';

vi.setConfig({ testTimeout: 300_000 });
const start = serversOfThisFile();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

describe.skipIf(!SERVER_RUN)('two API processes and one worker on one PostgreSQL', () => {
  it('settles a booking race across the API processes (exactly N of a capacity-N slot), and only the worker delivers webhooks', async () => {
    const db = await freshPgDatabase();
    cleanups.push(db.drop);
    const receiver = await Receiver.start();
    cleanups.push(() => receiver.close());
    const key = randomKey();
    const env = { DATABASE_URL: db.url, SECRETS_KEY: TEST_SECRETS_KEY, BOOTSTRAP_API_KEY: key, WORKER_POLL_MS: '100', LOG_LEVEL: 'warn' };
    const [a, b] = await Promise.all([start(env, { args: ['serve', '--no-workers'] }), start({ ...env, RUN_WORKERS: 'false' })]);

    const account = (await api(a, key, 'POST', '/v1/accounts', { name: 'Topology' })).body.id as string;
    const as = { 'service-account': account };
    const endpoint = await api(b, key, 'POST', '/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['*'] });
    expect(endpoint.status).toBe(200);
    const capacity = 3;
    const courts = (await api(a, key, 'POST', '/v1/resources', { name: 'Courts', type: 'court', capacity }, as)).body.id as string;
    const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
    expect((await api(b, key, 'POST', '/v1/schedules', { resource: courts, effective_from: '2020-01-06', weeks: [week] }, as)).status).toBe(200);

    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const slot = { segments: [{ resource: courts, start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` }] };
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => api(i % 2 ? a : b, key, 'POST', '/v1/bookings', slot, as)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(capacity);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'booking_conflict')).toHaveLength(16 - capacity);

    // The API processes poll for nothing: every delivery waits for a worker.
    await new Promise((r) => setTimeout(r, 1500)); // fifteen of a worker's polls
    expect(receiver.requests).toEqual([]);
    const waiting = (await api(a, key, 'GET', `/v1/webhook_endpoints/${endpoint.body.id}/deliveries?limit=100`)).body.data as { status: string }[];
    expect(waiting.length).toBeGreaterThanOrEqual(capacity + 2); // resource, schedule and each booking
    expect(new Set(waiting.map((d) => d.status))).toEqual(new Set(['pending']));

    const worker = await start(env, { args: ['worker'] });
    expect(await (await fetch(`${worker.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${worker.url}/readyz`)).json()).toEqual({ status: 'ok', database: 'postgres' });
    const notApi = await fetch(`${worker.url}/v1/accounts`, { headers: { authorization: `Bearer ${key}` } });
    expect(notApi.status).toBe(404);
    expect((await notApi.json()).error.code).toBe('url_invalid');

    await eventually(async () => {
      const list = (await api(b, key, 'GET', `/v1/webhook_endpoints/${endpoint.body.id}/deliveries?limit=100`)).body.data as { status: string }[];
      return list.length === waiting.length && list.every((d) => d.status === 'succeeded');
    }, { timeoutMs: 60_000, what: 'every delivery to succeed once the worker runs' });
    expect(receiver.requests).toHaveLength(waiting.length);
    const booked = receiver.requests.filter((r) => r.json?.type === 'booking.created');
    expect(booked).toHaveLength(capacity);

    for (const s of [a, b, worker]) s.kill('SIGTERM');
    for (const s of [a, b, worker]) expect(await exitWithin(s, 15_000)).toBe(0);
  });
});
