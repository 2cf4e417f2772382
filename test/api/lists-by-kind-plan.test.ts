/**
 * Lists filtered to a kind of row that few rows are, planned among many rows of other kinds: the
 * platform's events by type (migration 033), an endpoint's deliveries by status (migration
 * 034), and an account's bookings by status, by a metadata pair, and by start from an instant
 * (migration 035). Each reads an index in which its rows are a range of their own, so a page
 * costs its own rows, not a walk through the platform's every event, the endpoint's every
 * delivery or the account's every booking. In a
 * file of its own, on a database of its own: the crowd of rows it writes, even rolled back,
 * leaves pages behind that move other plans.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { preparedText } from '../support/prepared-text.js';
import type { Trx } from '../../src/db/transaction.js';
import { eventsMatching } from '../../src/events/events.repository.js';
import { deliveriesMatching } from '../../src/features/webhooks/deliveries.repository.js';
import { bookingListStatement, type BookingListFilters } from '../../src/capacity/booking-list.repository.js';

const t = await setupTestApp();
const scope = { platformId: t.platformId, livemode: false };
/** Thrown to roll a transaction back. */
class RolledBack extends Error {}

/**
 * The plans of `lists` (a page's statement each, newest first) made without values, after `crowd`
 * has written its rows and the statistics are gathered; all of it rolled back.
 */
/** A statement built with kysely, or a shaped statement's builder, which compiles for the handle it is given. */
interface Statement {
  compile(handle: Trx): { sql: string; parameters: readonly unknown[] };
}

async function plansAmong(crowd: (trx: Trx) => Promise<unknown>, lists: ((trx: Trx) => Statement)[]): Promise<string[]> {
  const plans: string[] = [];
  await t.db.kysely
    .transaction()
    .execute(async (trx) => {
      // Only the planner's statistics of these rows matter: what they name need not exist.
      await sql`set local session_replication_role = replica`.execute(trx);
      await crowd(trx);
      for (const table of ['events', 'webhook_deliveries', 'bookings', 'booking_metadata']) await sql`analyze ${sql.table(table)}`.execute(trx);
      // The plan a prepared statement keeps after its first runs, which sees none of the values.
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
      for (const [i, list] of lists.entries()) {
        const name = `list_by_kind_${i}_${Date.now()}`;
        const { prepare, execute } = preparedText(name, list(trx).compile(trx));
        await sql.raw(prepare).execute(trx);
        plans.push(JSON.stringify((await sql.raw(`explain (format json) ${execute}`).execute(trx)).rows));
        await sql.raw(`deallocate ${name}`).execute(trx);
      }
      throw new RolledBack();
    })
    .catch((err) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return plans;
}

/** On a Citus coordinator the distributed plan names no index of its workers' shards. */
const onCitus = async () => (await sql`select 1 from pg_extension where extname = 'citus'`.execute(t.db.kysely)).rows.length > 0;

describe('lists of a kind that few rows are, among many rows', () => {
  it("reads the platform's events of an exact type or a family by the events_type index among 20,000 events of another type, because the types are written into the statement", async () => {
    if (await onCitus()) return;
    const now = new Date();
    const plans = await plansAmong(
      (trx) => sql`
        insert into events (platform_id, id, livemode, account_id, type, object, previous_attributes, created_at)
        select ${t.platformId}::text, 'evt_crowd_' || lpad(i::text, 6, '0'), false, 'acct_crowd_' || (i % 100), 'booking.created', '{}'::json, null,
               ${now}::timestamptz - make_interval(secs => i * 60)
        from generate_series(1, 20000) as i`.execute(trx),
      [
        (trx) => eventsMatching(trx, scope, { accountId: null, type: { exact: ['booking.rescheduled'] } }, now).orderBy('id', 'desc').limit(21),
        (trx) => eventsMatching(trx, scope, { accountId: null, type: { prefix: 'series.' } }, now).orderBy('id', 'desc').limit(21),
      ],
    );
    for (const plan of plans) {
      expect(plan).toContain('"Index Name":"events_type"');
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
    }
  });

  it("reads an endpoint's failed deliveries by the index of its unsettled ones among 20,000 that succeeded, because the status is written into the statement", async () => {
    if (await onCitus()) return;
    const now = new Date();
    const [plan] = await plansAmong(
      (trx) => sql`
        insert into webhook_deliveries (platform_id, id, livemode, event_id, event_type, endpoint_id, status, attempts, created_at)
        select ${t.platformId}::text, 'whd_crowd_' || lpad(i::text, 6, '0'), false, 'evt_crowd_' || i, 'booking.created', 'we_crowd_' || (i % 2), 'succeeded', 1,
               ${now}::timestamptz - make_interval(secs => i * 60)
        from generate_series(1, 20000) as i`.execute(trx),
      [(trx) => deliveriesMatching(trx, scope, { endpointId: 'we_crowd_0', status: 'failed' }).orderBy('id', 'desc').limit(21)],
    );
    expect(plan).toContain('"Index Name":"webhook_deliveries_endpoint_unsettled"');
  });

  it("reads an account's bookings of a status none has, of a metadata pair none has, by start from an instant, and of a status of two conditions, each through an index that bounds it, among 20,000 bookings of its past", async () => {
    if (await onCitus()) return;
    const account = await t.newAccount();
    const bookingScope = { platformId: t.platformId, livemode: false, accountId: account.accountId };
    const now = new Date();
    const midnight = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
    const filters = (f: Partial<BookingListFilters>): BookingListFilters => ({ from: null, to: null, fromMidnight: null, toMidnight: null, order: 'created', ...f });
    const plans = await plansAmong(
      // An hour-long booking every hour of the last 20,000, one in 20 cancelled, each with a pair
      // of metadata (the triggers that keep booking_metadata do not run here).
      async (trx) => {
        await sql`
          insert into bookings (account_id, id, livemode, status, start_at, end_at, conflict_policy, conflicted, metadata, confirmed_at, created_at, updated_at)
          select ${account.accountId}::text, 'bk_crowd_' || lpad(i::text, 6, '0'), false, case when i % 20 = 0 then 'cancelled' else 'confirmed' end,
                 ${now}::timestamptz - make_interval(hours => i), ${now}::timestamptz - make_interval(hours => i - 1), 'reject', false, '{"channel":"desk"}',
                 ${now}::timestamptz - make_interval(hours => i + 1), ${now}::timestamptz - make_interval(hours => i + 1), ${now}::timestamptz - make_interval(hours => i + 1)
          from generate_series(1, 20000) as i`.execute(trx);
        await sql`
          insert into booking_metadata (account_id, key, value, booking_id)
          select account_id, 'channel', 'desk', id from bookings where account_id = ${account.accountId}`.execute(trx);
      },
      [
        (trx) => bookingListStatement(trx, bookingScope, filters({ status: 'requested' }), {}, now, 20),
        (trx) => bookingListStatement(trx, bookingScope, filters({}), { order: 'none' }, now, 20),
        (trx) => bookingListStatement(trx, bookingScope, filters({ order: 'start', from: now }), {}, now, 20),
        (trx) => bookingListStatement(trx, bookingScope, filters({ order: 'start', fromMidnight: midnight, toMidnight: new Date(midnight.getTime() + 86_400_000) }), {}, now, 20),
        (trx) => bookingListStatement(trx, bookingScope, filters({ status: 'cancelled' }), {}, now, 20),
        (trx) => bookingListStatement(trx, bookingScope, filters({ status: 'expired' }), {}, now, 20),
      ],
    );
    const [status, pair, upcoming, today, cancelled, expired] = plans;
    expect(status).toContain('"Index Name":"bookings_status"');
    for (const plan of [cancelled, expired]) {
      // Two conditions each (cancelled, or requested and past its timeout; expired, or pending
      // and past its hold): each a range of bookings_status walked newest first, a page of each.
      expect(plan.match(/"Scan Direction":"Backward","Index Name":"bookings_status"/g)).toHaveLength(2);
      expect(plan).not.toContain('Bitmap');
    }
    expect(pair).toContain('"Index Name":"booking_metadata_pkey"');
    for (const plan of [upcoming, today]) {
      // The short bookings from a day before the bound on, and the long ones by their end.
      expect(plan).toMatch(/"Index Name":"bookings_start_id"[^}]*"Index Cond":"\(\(account_id = \$\d+\)[^"]* AND \(start_at > \$\d+\)/);
      expect(plan).toContain('"Index Name":"bookings_long"');
    }
    for (const plan of plans) expect(plan).not.toContain('"Node Type":"Seq Scan"');
  });
});
