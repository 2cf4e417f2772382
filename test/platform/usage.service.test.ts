/**
 * Usage metering below HTTP: the meter's writers, the month carry-over, the request meter and
 * statements, on a real database. (The HTTP side is in test/api/usage.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { withTransaction } from '../../src/db/transaction.js';
import { UsageService } from '../../src/features/usage/usage.service.js';
import { RequestMeter } from '../../src/metering/request-meter.js';
import { accountActive, bookingsCreated, resourceActive, webhookDeliveriesCreated } from '../../src/metering/meter.js';
import { ApiError } from '../../src/lib/errors.js';
import { newId, ID_PREFIX } from '../../src/lib/ids.js';

const t = await setupTestApp();
const db = t.db.kysely;

function fakeClock(iso: string) {
  let current = new Date(iso);
  return {
    now: () => new Date(current),
    set: (next: string) => (current = new Date(next)),
  };
}

/** A platform of its own, with an account written straight into the table: no request, no meter. */
async function platformWithAccount() {
  const platform = await t.newPlatform();
  const acct = newId(ID_PREFIX.account);
  const now = new Date();
  await db
    .insertInto('accounts')
    .values({ id: acct, platform_id: platform.platformId, livemode: false, name: 'A', timezone: 'UTC', reminder_offsets_minutes: '[]', metadata: '{}', booking_rules: '{}', created_at: now, updated_at: now })
    .execute();
  return { platform, acct, scope: { platformId: platform.platformId, livemode: false } };
}

describe('usage metering', () => {
  it('counts an account and a resource once per month however often they are marked', async () => {
    const clock = fakeClock('2031-01-10T12:00:00Z');
    const usage = new UsageService(db, clock);
    const { acct, scope } = await platformWithAccount();
    await withTransaction(db, async (trx) => {
      await accountActive(trx, { ...scope, accountId: acct }, clock.now());
      await accountActive(trx, { ...scope, accountId: acct }, clock.now());
      await resourceActive(trx, { ...scope, accountId: acct }, 'res_1', clock.now());
      await resourceActive(trx, { ...scope, accountId: acct }, 'res_1', clock.now());
      await resourceActive(trx, { ...scope, accountId: acct }, 'res_2', clock.now());
      await bookingsCreated(trx, { ...scope, accountId: acct }, clock.now(), 3);
      await webhookDeliveriesCreated(trx, { ...scope, accountId: acct }, clock.now(), 2);
      await webhookDeliveriesCreated(trx, { ...scope, accountId: null }, clock.now(), 5);
    });
    const summary = await usage.summary(scope, '2031-01');
    expect(summary).toMatchObject({
      object: 'usage_summary',
      period: '2031-01',
      period_start: '2031-01-01T00:00:00Z',
      period_end: '2031-02-01T00:00:00Z',
      livemode: false,
      totals: { active_accounts: 1, active_resources: 2, bookings_created: 3, api_requests: 0, webhook_deliveries: 7 },
      accounts: [{ account: acct, active_accounts: 1, active_resources: 2, bookings_created: 3, api_requests: 0, webhook_deliveries: 2 }],
    });
  });

  it('writes nothing when the change rolls back', async () => {
    const clock = fakeClock('2031-02-10T12:00:00Z');
    const usage = new UsageService(db, clock);
    const { acct, scope } = await platformWithAccount();
    await expect(
      withTransaction(db, async (trx) => {
        await bookingsCreated(trx, { ...scope, accountId: acct }, clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const summary = await usage.summary(scope, '2031-02');
    expect(summary.totals.bookings_created).toBe(0);
  });

  it('carries every account and active resource into a month when it opens, and never twice', async () => {
    const clock = fakeClock('2031-03-31T23:00:00Z');
    const usage = new UsageService(db, clock);
    const { platform, acct, scope } = await platformWithAccount();
    const api = platform.api.withAccount(acct);
    // The app's own clock: the resources are created (and metered) in March.
    t.clock.set('2031-03-31T23:00:00Z');
    const kept = (await api.post('/v1/resources', { name: 'Room', type: 'room' })).body.id;
    const archived = (await api.post('/v1/resources', { name: 'Old', type: 'room' })).body.id;
    expect((await api.post(`/v1/resources/${archived}/archive`)).status).toBe(200);
    t.clock.reset();
    const march = await usage.summary(scope, '2031-03');
    expect(march.accounts.find((a: { account: string }) => a.account === acct)).toMatchObject({ active_resources: 2 });

    clock.set('2031-04-01T00:00:05Z');
    await usage.issueDueStatements(); // opens April
    await new UsageService(db, clock).ensurePeriodOpen((await import('../../src/core/usage/periods.js')).periodOf(clock.now()));
    const april = await usage.summary(scope, undefined);
    expect(april.period).toBe('2031-04');
    const mine = april.accounts.find((a: { account: string }) => a.account === acct);
    expect(mine).toMatchObject({ active_accounts: 1, active_resources: 1 });
    expect(kept).toBeTruthy();
  });

  it('answers 400 with param period for a malformed period', async () => {
    const usage = new UsageService(db, fakeClock('2031-05-01T00:00:00Z'));
    for (const bad of ['2031-13', '2031-1', '31-01', '2031-01-01', '', 'march', '0999-01']) {
      const err = await usage.summary({ platformId: t.platformId, livemode: false }, bad).catch((e) => e);
      expect(err, bad).toBeInstanceOf(ApiError);
      expect(err.code).toBe('parameter_invalid');
      expect(err.param).toBe('period');
    }
  });

  it('flushes request counts from memory, per account and at platform level, in the month of each request', async () => {
    const clock = fakeClock('2031-06-30T23:59:59Z');
    const usage = new UsageService(db, clock);
    const meter = new RequestMeter(db, clock);
    const { acct, scope } = await platformWithAccount();
    meter.count(scope.platformId, false, acct);
    meter.count(scope.platformId, false, acct);
    meter.count(scope.platformId, false, null);
    meter.count(scope.platformId, true, null);
    clock.set('2031-07-01T00:00:01Z');
    meter.count(scope.platformId, false, acct);
    expect(meter.pendingCount).toBe(5);
    await meter.stop();
    expect(meter.pendingCount).toBe(0);
    const june = await usage.summary(scope, '2031-06');
    expect(june.totals.api_requests).toBe(3);
    expect(june.accounts.find((a: { account: string }) => a.account === acct)?.api_requests).toBe(2);
    expect((await usage.summary({ ...scope, livemode: true }, '2031-06')).totals.api_requests).toBe(1);
    expect((await usage.summary(scope, '2031-07')).totals.api_requests).toBe(1);
  });

  it('issues one statement per closed month, newest first, that stays the same after more work', async () => {
    const clock = fakeClock('2031-08-15T10:00:00Z');
    const usage = new UsageService(db, clock);
    const { acct, scope } = await platformWithAccount();
    const inAccount = { ...scope, accountId: acct };
    await withTransaction(db, async (trx) => {
      await accountActive(trx, inAccount, clock.now());
      await bookingsCreated(trx, inAccount, clock.now(), 2);
    });
    expect(await usage.issueDueStatements()).toBeGreaterThanOrEqual(0);
    expect((await usage.statements(scope, {})).data).toEqual([]);

    // September: August has ended, but not the grace for late request counts.
    clock.set('2031-09-01T00:01:00Z');
    await usage.issueDueStatements();
    expect((await usage.statements(scope, {})).data).toEqual([]);

    clock.set('2031-09-01T00:10:00Z');
    await usage.issueDueStatements();
    const first = await usage.statements(scope, {});
    expect(first.data).toHaveLength(1);
    expect(first.data[0]).toMatchObject({
      object: 'usage_statement',
      period: '2031-08',
      period_start: '2031-08-01T00:00:00Z',
      period_end: '2031-09-01T00:00:00Z',
      livemode: false,
      totals: { active_accounts: 1, bookings_created: 2 },
    });

    // More work, some of it (wrongly late) dated in August: the statement does not move.
    await withTransaction(db, async (trx) => {
      await bookingsCreated(trx, inAccount, clock.now(), 5);
      await bookingsCreated(trx, inAccount, new Date('2031-08-20T00:00:00Z'), 1);
    });
    await usage.issueDueStatements();
    await new UsageService(db, clock).issueDueStatements();
    expect((await usage.statements(scope, {})).data).toEqual(first.data);
    expect((await usage.summary(scope, '2031-08')).totals).toEqual(first.data[0].totals);
    expect((await usage.summary(scope, '2031-09')).totals.bookings_created).toBe(5);

    // Two more months pass: statements come newest first, empty months included.
    clock.set('2031-11-02T00:00:00Z');
    await usage.issueDueStatements();
    const all = await usage.statements(scope, {});
    expect(all.data.map((s: { period: string }) => s.period)).toEqual(['2031-10', '2031-09', '2031-08']);
    expect(all.data[1].totals.bookings_created).toBe(5);
    expect(all.data[0].totals.bookings_created).toBe(0);
    const page = await usage.statements(scope, { limit: 1, starting_after: all.data[0].id });
    expect(page.data.map((s: { period: string }) => s.period)).toEqual(['2031-09']);
    expect(page.has_more).toBe(true);
    const back = await usage.statements(scope, { limit: 5, ending_before: all.data[2].id });
    expect(back.data.map((s: { period: string }) => s.period)).toEqual(['2031-10', '2031-09']);
  });
});
