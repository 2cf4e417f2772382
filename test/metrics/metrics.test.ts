/**
 * The metrics registry and GET /metrics on a bare server (the conventions' hooks and nothing
 * else): the output parses with a Prometheus text-format parser and holds every family.
 */
import { afterAll, describe, expect, it } from 'vitest';
import parsePrometheus from 'parse-prometheus-text-format';
import { buildServer } from '../../src/http/server.js';
import { Metrics } from '../../src/metrics/registry.js';
import { domainSignals } from '../../src/metrics/signals.js';
import { instrumentRequests, metricsRoute } from '../../src/http/metrics.js';
import { sql } from 'kysely';
import { expiryLag, pendingDeliveries, watchDatabase, webhookDeliveryLag } from '../../src/metrics/probes.repository.js';
import { freshDatabase } from '../support/database.js';
import { systemClock } from '../../src/lib/clock.js';

const { db, drop } = await freshDatabase();
const metrics = new Metrics();
const app = await buildServer({ db: db.kysely, logger: false, clock: systemClock, tags: [] });
instrumentRequests(app, metrics);
metricsRoute(app, metrics, 'secret-metrics-token');
app.get('/things/:id', { config: { access: { public: true, account: 'none', permission: 'accounts' } } }, async () => ({ ok: true }));
const now = new Date();
metrics.setPendingDeliveriesProbe(() => pendingDeliveries(db.kysely));
metrics.addWorkerLagProbe('webhook_delivery', () => webhookDeliveryLag(db.kysely, now));
metrics.addWorkerLagProbe('expiry', () => expiryLag(db.kysely, now));
metrics.setPoolProbe(() => ({ inUse: 1, waiting: 0 }));
await app.ready();
afterAll(async () => {
  await app.close();
  await drop();
});

const scrape = (token = 'secret-metrics-token') => app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

describe('GET /metrics', () => {
  it('refuses a request without the token or with a wrong one', async () => {
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('api_key_missing');
    const wrong = await scrape('not-the-token');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('api_key_invalid');
  });

  it('exports every family in the Prometheus text format', async () => {
    await app.inject({ method: 'GET', url: '/things/abc' });
    await app.inject({ method: 'GET', url: '/things/def' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    const stop = metrics.listenToDomain();
    domainSignals.bookingsCreated(false, 2);
    await domainSignals.timeAvailability('search', async () => 1);
    domainSignals.webhookAttempt({ ok: false, responseStatus: 500 });
    domainSignals.webhookAttempt({ ok: false, responseStatus: null });
    stop();
    domainSignals.bookingsCreated(false, 5);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = new Map(parsePrometheus(res.body).map((f) => [f.name, f]));
    for (const name of [
      'scheduling_http_requests_total',
      'scheduling_http_request_duration_seconds',
      'scheduling_bookings_created_total',
      'scheduling_availability_searches_total',
      'scheduling_availability_search_duration_seconds',
      'scheduling_webhook_attempts_total',
      'scheduling_webhook_deliveries_pending',
      'scheduling_worker_lag_seconds',
      'scheduling_db_pool_connections_in_use',
      'scheduling_db_pool_connections_waiting',
      'scheduling_rate_limited_total',
      'scheduling_rate_limit_store_errors_total',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(families.has(name), name).toBe(true);
    }
    const requests = families.get('scheduling_http_requests_total')!.metrics;
    expect(requests).toContainEqual({ labels: { method: 'GET', route: '/things/:id', status_code: '200' }, value: '2' });
    expect(requests).toContainEqual({ labels: { method: 'GET', route: 'unmatched', status_code: '404' }, value: '1' });
    expect(families.get('scheduling_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(families.get('scheduling_bookings_created_total')!.metrics).toEqual([{ labels: { livemode: 'false' }, value: '2' }]);
    expect(families.get('scheduling_availability_searches_total')!.metrics).toEqual([{ labels: { kind: 'search' }, value: '1' }]);
    expect(families.get('scheduling_webhook_attempts_total')!.metrics.map((m) => m.labels?.outcome).sort()).toEqual(['http_error', 'network_error']);
    expect(families.get('scheduling_webhook_deliveries_pending')!.metrics).toContainEqual({ labels: { status: 'pending' }, value: '0' });
    expect(families.get('scheduling_worker_lag_seconds')!.metrics).toContainEqual({ labels: { worker: 'expiry' }, value: '0' });
    expect(families.get('scheduling_db_pool_connections_in_use')!.metrics[0].value).toBe('1');
  });
});

describe('scheduling_db_engine_busy_seconds_total', () => {
  const engineBusy = async (registry: Metrics) => parsePrometheus(await registry.render()).find((f) => f.name === 'scheduling_db_engine_busy_seconds_total');

  it('grows with the statements the embedded engine runs, and is absent on a database server', async () => {
    const watched = new Metrics({ defaultMetrics: false });
    watchDatabase(watched, db, systemClock);
    const before = await engineBusy(watched);
    if (db.kind === 'postgres') {
      expect(before).toBeUndefined();
      return;
    }
    await sql`select count(*) from generate_series(1, 200000)`.execute(db.kysely);
    const after = await engineBusy(watched);
    expect(after!.type).toBe('COUNTER');
    expect(Number(after!.metrics[0].value)).toBeGreaterThan(Number(before!.metrics[0].value));
  });
});
