/**
 * Usage through HTTP: a known workload gives exactly the expected counters; a month closes when
 * the clock moves, and its statement stays the same after more work.
 */
import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp, type Client } from '../support/harness.js';
import { futureDay, seg } from './bookings.helpers.js';

const t = await setupTestApp();

/** Requests made, per account (null: platform level): the api_requests the summary must show. */
/** Runs the statements worker until it has caught up (other platforms' months come first). */
async function issueStatements() {
  for (let i = 0; i < 50 && (await t.runWorker('usage-statements')); i++);
}

const requests = new Map<string | null, number>();
async function call(client: Client, method: string, url: string, body?: unknown) {
  requests.set(client.account, (requests.get(client.account) ?? 0) + 1);
  const res = await client.request(method, url, body);
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('usage', () => {
  it('shows exactly the counters of a known workload, per account and in total, test and live apart', async () => {
    const p = await t.newPlatform();
    const api = p.api;
    const a = await call(api, 'POST', '/v1/accounts', { name: 'A' });
    const b = await call(api, 'POST', '/v1/accounts', { name: 'B' });
    const gone = await call(api, 'POST', '/v1/accounts', { name: 'Gone' });
    await call(api, 'DELETE', `/v1/accounts/${gone.id}`);
    await call(api, 'POST', '/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hook', enabled_events: ['booking.created'] });
    const inA = api.withAccount(a.id);
    const inB = api.withAccount(b.id);
    const room = await call(inA, 'POST', '/v1/resources', { name: 'Room', type: 'room' });
    const old = await call(inA, 'POST', '/v1/resources', { name: 'Old', type: 'room' });
    await call(inA, 'POST', `/v1/resources/${old.id}/archive`);
    const desk = await call(inB, 'POST', '/v1/resources', { name: 'Desk', type: 'desk' });
    const day = futureDay(5);
    for (const [from, to] of [['09:00', '10:00'], ['10:00', '11:00'], ['11:00', '12:00']]) {
      await call(inA, 'POST', '/v1/bookings', { segments: [seg(room.id, day, from, to)], conflict_policy: 'allow' });
    }
    await call(inB, 'POST', '/v1/bookings', { segments: [seg(desk.id, day, '09:00', '10:00')], conflict_policy: 'allow' });
    await call(inA, 'GET', '/v1/bookings');
    // Refused requests count too (they were answered), a malformed period among them.
    requests.set(null, (requests.get(null) ?? 0) + 1);
    expectError(await api.get('/v1/usage', { period: '2026-13' }), 400, 'parameter_invalid', 'period');
    // A live request: counted apart.
    expect((await api.get('/v1/accounts', undefined, { key: p.liveKey })).status).toBe(200);

    await t.app.requestMeter.flush();
    const res = await api.get('/v1/usage');
    expect(res.status).toBe(200);
    const now = t.clock.now();
    const period = now.toISOString().slice(0, 7);
    const summary = res.body;
    expect(summary).toMatchObject({ object: 'usage_summary', period, livemode: false });
    expect(summary.period_start).toBe(`${period}-01T00:00:00Z`);
    const count = (id: string | null) => requests.get(id) ?? 0;
    const byAccount = Object.fromEntries(summary.accounts.map((x: { account: string }) => [x.account, x]));
    expect(byAccount[a.id]).toEqual({ account: a.id, active_accounts: 1, active_resources: 2, bookings_created: 3, api_requests: count(a.id), webhook_deliveries: 3 });
    expect(byAccount[b.id]).toEqual({ account: b.id, active_accounts: 1, active_resources: 1, bookings_created: 1, api_requests: count(b.id), webhook_deliveries: 1 });
    // The deleted account stays: it was active this month.
    expect(byAccount[gone.id]).toMatchObject({ active_accounts: 1, bookings_created: 0 });
    expect(summary.accounts).toHaveLength(3);
    const total = [...requests.values()].reduce((x, y) => x + y, 0);
    expect(summary.totals).toEqual({ active_accounts: 3, active_resources: 3, bookings_created: 4, api_requests: total, webhook_deliveries: 4 });

    await t.app.requestMeter.flush();
    const live = (await api.get('/v1/usage', undefined, { key: p.liveKey })).body;
    expect(live).toMatchObject({ livemode: true, totals: { api_requests: 1, active_accounts: 0, bookings_created: 0 } });
  });

  it('closes a month when the clock moves: one statement, newest first, that stays the same after more work', async () => {
    const p = await t.newPlatform();
    const start = new Date(Date.UTC(2031, 4, 20, 12)); // 2031-05-20
    // Only this test's own flushes: the meter's timer, firing on a slow machine, would write
    // the last request of May before the month closes.
    await t.app.requestMeter.stop();
    t.clock.set(start);
    try {
      const a = await call(p.api, 'POST', '/v1/accounts', { name: 'A' });
      const inA = p.api.withAccount(a.id);
      const room = await call(inA, 'POST', '/v1/resources', { name: 'Room', type: 'room' });
      await call(inA, 'POST', '/v1/bookings', { segments: [seg(room.id, '2031-05-25', '09:00', '10:00')], conflict_policy: 'allow' });
      await t.app.requestMeter.flush();
      expect((await p.api.get('/v1/usage/statements')).body).toEqual({ object: 'list', data: [], has_more: false });

      t.clock.set('2031-06-01T00:10:00Z');
      await issueStatements();
      const first = (await p.api.get('/v1/usage/statements')).body;
      expect(first.data).toHaveLength(1);
      expect(first.data[0]).toMatchObject({
        object: 'usage_statement',
        period: '2031-05',
        period_start: '2031-05-01T00:00:00Z',
        period_end: '2031-06-01T00:00:00Z',
        livemode: false,
        // The list request just before the month closed was not yet flushed: it arrives after the
        // statement and does not change it.
        totals: { active_accounts: 1, active_resources: 1, bookings_created: 1, api_requests: 3, webhook_deliveries: 0 },
      });
      expect(first.data[0].accounts).toEqual([{ account: a.id, active_accounts: 1, active_resources: 1, bookings_created: 1, api_requests: 2, webhook_deliveries: 0 }]);

      // June: more work, and May's numbers do not move.
      await call(inA, 'POST', '/v1/bookings', { segments: [seg(room.id, '2031-06-10', '09:00', '10:00')], conflict_policy: 'allow' });
      await t.app.requestMeter.flush();
      await issueStatements();
      expect((await p.api.get('/v1/usage/statements')).body.data).toEqual(first.data);
      expect((await p.api.get('/v1/usage', { period: '2031-05' })).body.totals).toEqual(first.data[0].totals);
      const june = (await p.api.get('/v1/usage')).body;
      expect(june).toMatchObject({ period: '2031-06', totals: { active_accounts: 1, active_resources: 1, bookings_created: 1 } });

      t.clock.set('2031-08-01T01:00:00Z');
      await issueStatements();
      const all = (await p.api.get('/v1/usage/statements')).body.data;
      expect(all.map((s: { period: string }) => s.period)).toEqual(['2031-07', '2031-06', '2031-05']);
      expect(all[2]).toEqual(first.data[0]);
    } finally {
      t.clock.reset();
      t.app.requestMeter.start();
    }
  });

  it('needs usage:read from a restricted key and takes no Service-Account', async () => {
    const none = await t.restrictedKey({ permissions: { accounts: 'write' } });
    expectError(await t.api.get('/v1/usage', undefined, { key: none }), 403, 'permission_denied');
    const read = await t.restrictedKey({ permissions: { usage: 'read' } });
    expect((await t.api.get('/v1/usage', undefined, { key: read })).status).toBe(200);
    expect((await t.api.get('/v1/usage/statements', undefined, { key: read })).status).toBe(200);
  });
  it('adds a booking and its event’s deliveries to one counter row of its account’s month, and each event’s deliveries once', async () => {
    const p = await t.newPlatform();
    const account = await call(p.api, 'POST', '/v1/accounts', { name: 'Slots' });
    for (const url of ['http://127.0.0.1:9/one', 'http://127.0.0.1:9/two']) {
      await call(p.api, 'POST', '/v1/webhook_endpoints', { url, enabled_events: ['booking.*'] });
    }
    const inside = p.api.withAccount(account.id);
    const room = await call(inside, 'POST', '/v1/resources', { name: 'Room', type: 'room' });
    // The rows bookings and deliveries went to (the account's activity went to slot 0).
    const rowsOf = () =>
      t.db.kysely
        .selectFrom('usage_counters')
        .select(['slot', 'bookings_created', 'webhook_deliveries'])
        .where('account_id', '=', account.id)
        .where((r) => r.or([r('bookings_created', '>', 0), r('webhook_deliveries', '>', 0)]))
        .execute();

    await call(inside, 'POST', '/v1/bookings', { segments: [seg(room.id, futureDay(3), '09:00', '10:00')], conflict_policy: 'allow' });
    const [row, ...others] = await rowsOf();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ bookings_created: 1, webhook_deliveries: 2 });

    // A booking made pending, then confirmed: two events, four deliveries, two transactions.
    const pending = await call(inside, 'POST', '/v1/bookings', { segments: [seg(room.id, futureDay(4), '09:00', '10:00')], status: 'pending', conflict_policy: 'allow' });
    await call(inside, 'POST', `/v1/bookings/${pending.id}/confirm`);
    const rows = await rowsOf();
    const sum = (c: 'bookings_created' | 'webhook_deliveries') => rows.reduce((n, r) => n + Number(r[c]), 0);
    expect({ bookings: sum('bookings_created'), deliveries: sum('webhook_deliveries') }).toEqual({ bookings: 2, deliveries: 6 });
    const written = await t.db.kysely.selectFrom('webhook_deliveries').select((d) => d.fn.countAll<string>().as('n')).where('platform_id', '=', p.platformId).executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(6);
  });
});
