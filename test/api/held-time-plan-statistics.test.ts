/**
 * The plan made once, without values, for the held-time lookup (src/db/plan-once.ts) among many
 * accounts: migration 030 tells the planner that a resource has one account. In a file of its
 * own, on a database of its own: the crowd it builds, even rolled back, leaves pages behind that
 * move other plans (test/api/held-time-bounds.test.ts measures some by their buffers).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { insertBusyBookings } from '../support/sql-fixtures.js';
import { preparedText } from '../support/prepared-text.js';
import { heldRange, heldSegmentsOverlapping } from '../../src/capacity/holds.repository.js';
import { futureDay, openResource } from './bookings.helpers.js';

const t = await setupTestApp();
const DAY = 86_400_000;
/** Thrown to roll a transaction back. */
class RolledBack extends Error {}

describe('the held-time lookup planned once', () => {
  it('keeps to the held-time indexes in the plan made without values among many accounts, because the planner knows a resource has one account', async () => {
    // Without the statistics of migration 030, the planner multiplies "this account" by "this
    // resource" and expects under one segment for a room, whatever its past: the plan made
    // without values then read the room's history through booking_segments_resource (seen at a
    // million bookings; here a crowd of 400 accounts of 4 resources each does the same on the
    // embedded database; PostgreSQL 15 weighs the two indexes otherwise at this size, and only
    // the scale benchmark shows it there: docs/performance.md, "One plan on PostgreSQL").
    if ((await sql`select 1 from pg_extension where extname = 'citus'`.execute(t.db.kysely)).rows.length > 0) return;
    const api = await t.newAccount();
    const room = await openResource(api, {}, null);
    const day = new Date(`${futureDay(3)}T00:00:00Z`);
    const lookup = heldSegmentsOverlapping(api.accountId, [room.id], heldRange({ start: day.getTime(), end: day.getTime() + DAY }), new Date()).compile(t.db.kysely);
    const name = `held_crowd_${Date.now()}`;
    let plan = '';
    // In one transaction, rolled back: the room's past, the crowd and the statistics gathered over
    // them stay out of the other tests of this file (ANALYZE's statistics are transactional).
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await insertBusyBookings(trx, { accountId: api.accountId, resourceId: room.id, count: 3000, segments: 1, from: new Date(day.getTime() - 3000 * 3600_000) });
        // Only the planner's statistics of these rows matter: their accounts and bookings need not exist.
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`
          insert into booking_segments (account_id, booking_id, position, resource_id, location_id, location_requested, start_at, end_at, held_start, held_end, quantity, buffer_before_minutes, buffer_after_minutes, booking_status, booking_expires_at)
          select 'acct_crowd_' || (i % 400), 'bk_crowd_' || i, 0, 'res_crowd_' || (i % 1600), null, false, s, s + interval '1 hour', s, s + interval '1 hour', 1, 0, 0, 'confirmed', null
          from generate_series(1, 8000) as i cross join lateral (select ${day}::timestamptz - make_interval(hours => i) as s) as t`.execute(trx);
        await sql`analyze booking_segments`.execute(trx);
        await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
        const { prepare, execute } = preparedText(name, lookup);
        await sql.raw(prepare).execute(trx);
        plan = JSON.stringify((await sql.raw(`explain (format json) ${execute}`).execute(trx)).rows);
        await sql.raw(`deallocate ${name}`).execute(trx);
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
    expect(plan).toContain('"Index Name":"booking_segments_holding"');
    expect(plan).not.toContain('"Index Name":"booking_segments_resource"');
  });
});
