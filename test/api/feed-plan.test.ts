/**
 * The plan of a resource's calendar feed among many segments older than its window: the plan
 * made once, without values (as the feed's statement keeps it: `planOnce`), reads the
 * partial indexes that bound each status's segments by time (migrations 029 and 037), not
 * the resource's history through booking_segments_resource; and the statement's conditions
 * are those indexes' predicates word for word. In a file of its own, on a database of its
 * own: the crowd of rows it writes, even rolled back, leaves pages behind that move other
 * plans.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { preparedText } from '../support/prepared-text.js';
import { feedStatement, SETTLED_STATUSES } from '../../src/capacity/feed-bookings.repository.js';
import { listMigrations } from '../../src/db/migrate.js';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK, FEED_MAX_EVENTS } from '../../src/features/feed-urls/feed-urls.service.js';

const t = await setupTestApp();
const DAY = 86_400_000;
/** Thrown to roll a transaction back. */
class RolledBack extends Error {}

/** On a Citus coordinator the distributed plan names no index of its workers' shards. */
const onCitus = async () => (await sql`select 1 from pg_extension where extname = 'citus'`.execute(t.db.kysely)).rows.length > 0;

/** Every "Shared Hit Blocks" and "Shared Read Blocks" of a JSON plan, summed over its top node. */
const buffersOf = (plan: string) => {
  const top = (JSON.parse(plan) as [{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }])[0]['QUERY PLAN'][0].Plan;
  return top['Shared Hit Blocks']! + top['Shared Read Blocks']!;
};

describe("a resource's calendar feed among its history", () => {
  it('reads each status through the index that bounds its segments by time, and a few pages, among 20,000 segments of the room before the window', async () => {
    if (await onCitus()) return;
    const api = await t.newAccount();
    const account = api.accountId;
    const now = new Date();
    const window = { from: new Date(now.getTime() - FEED_DAYS_BACK * DAY), to: new Date(now.getTime() + FEED_DAYS_AHEAD * DAY) };
    let plan = '';
    let run = '';
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        // Only the planner's statistics and the rows matter: the room need not exist.
        await sql`set local session_replication_role = replica`.execute(trx);
        // 20,000 ten-minute bookings back to back, ending 200 days ago: confirmed, completed and
        // one in 20 cancelled; and 10 hours of the room inside the window.
        await sql`
          insert into bookings (account_id, id, livemode, status, start_at, end_at, conflict_policy, conflicted, metadata, confirmed_at, created_at, updated_at)
          select ${account}::text, 'bk_crowd_' || lpad(i::text, 6, '0'), false,
                 case when i % 20 = 0 then 'cancelled' when i % 2 = 0 then 'completed' else 'confirmed' end,
                 ${now}::timestamptz - interval '200 days' - make_interval(mins => 10 * i), ${now}::timestamptz - interval '200 days' - make_interval(mins => 10 * i - 10),
                 'reject', false, '{}'::jsonb, ${now}::timestamptz - interval '300 days', ${now}::timestamptz - interval '300 days', ${now}::timestamptz - interval '300 days'
          from generate_series(1, 20000) as i
          union all
          select ${account}::text, 'bk_now_' || lpad(i::text, 6, '0'), false, 'confirmed',
                 ${now}::timestamptz + make_interval(days => i), ${now}::timestamptz + make_interval(days => i, hours => 1),
                 'reject', false, '{}'::jsonb, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
          from generate_series(1, 10) as i`.execute(trx);
        await sql`
          insert into booking_segments (account_id, booking_id, position, resource_id, location_id, location_requested, start_at, end_at, held_start, held_end,
                                        quantity, buffer_before_minutes, buffer_after_minutes, booking_status, booking_expires_at)
          select account_id, id, 0, 'res_archive', null, false, start_at, end_at, start_at, end_at, 1, 0, 0, status, null
          from bookings where account_id = ${account}`.execute(trx);
        for (const table of ['bookings', 'booking_segments']) await sql`analyze ${sql.table(table)}`.execute(trx);
        // The plan a prepared statement keeps, which sees none of the values (planOnce).
        await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
        const name = `feed_plan_${Date.now()}`;
        const { prepare, execute } = preparedText(name, feedStatement(account, 'res_archive', window, FEED_MAX_EVENTS).compile(trx));
        await sql.raw(prepare).execute(trx);
        plan = JSON.stringify((await sql.raw(`explain (format json) ${execute}`).execute(trx)).rows);
        run = JSON.stringify((await sql.raw(`explain (analyze, buffers, format json) ${execute}`).execute(trx)).rows);
        throw new RolledBack();
      })
      .catch((err) => {
        if (!(err instanceof RolledBack)) throw err;
      });
    for (const index of ['booking_segments_holding', 'booking_segments_holding_long', 'booking_segments_settled', 'booking_segments_settled_long']) {
      expect(plan).toContain(`"Index Name":"${index}"`);
    }
    // The confirmed segments from a day before the window, bounded at both ends by their held start.
    expect(plan).toMatch(/"Index Name":"booking_segments_holding"[^}]*"Index Cond":"\(\(account_id = \$\d+\) AND \(resource_id = \$\d+\) AND \(held_start >= \$\d+\) AND \(held_start < \$\d+\)/);
    expect(plan).not.toContain('"Index Name":"booking_segments_resource"');
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
    expect(run).toContain('"Actual Rows":10');
    // The ten bookings in the window, each looked up by its key, and the indexes' first pages.
    expect(buffersOf(run)).toBeLessThan(80);
  });

  it('writes the settled statuses and the long segments as the predicates of migration 037, word for word, so the planner can prove its indexes usable', () => {
    const migration = listMigrations().find((m) => m.name.startsWith('037'))!.sql;
    const settled = `booking_status in (${SETTLED_STATUSES.map((s) => `'${s}'`).join(', ')})`;
    expect(migration).toContain(`(account_id, resource_id, start_at, end_at)\n  where ${settled};`);
    expect(migration).toContain(`(account_id, resource_id, end_at)\n  where end_at - start_at > interval '24 hours' and ${settled};`);
    const text = feedStatement('acct', 'res', { from: new Date(0), to: new Date(DAY) }, 1).compile(t.db.kysely).sql;
    expect(text).toContain(`h.${settled}`);
    expect(text).toContain("h.end_at - h.start_at > interval '24 hours'");
  });
});
