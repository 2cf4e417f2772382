/**
 * The read side of usage metering (docs/usage.md): periods, counters by month, statements.
 * The counters are written by src/metering/counters.repository.ts.
 */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import { json } from '../../db/transaction.js';
import type { PlatformScope } from '../../tenancy/index.js';
import { COUNTERS, type Counters } from '../../metering/counters.repository.js';

export { COUNTERS, zeroCounters, type CounterName, type Counters, type CounterScope } from '../../metering/counters.repository.js';

/**
 * Opens a month: marks every account and every active resource that exists now as active in
 * it. Done once per month (the `usage_periods` row is the guard: a second opener waits on its
 * key, then finds it taken and does nothing). Objects that stop being active later in the month
 * are already counted; objects that stopped before the month opened were marked by that change
 * (see UsageMeter). Returns whether this call opened it.
 */
export async function openPeriod(trx: Trx, period: string, now: Date): Promise<boolean> {
  const claimed = await trx
    .insertInto('usage_periods')
    .values({ period, opened_at: now })
    .onConflict((oc) => oc.column('period').doNothing())
    .returning('period')
    .executeTakeFirst();
  if (!claimed) return false;
  await sql`
    with marked as (
      insert into usage_active_objects (account_id, period, object_id)
      select id, ${period}::date, id from accounts
      union all
      select account_id, ${period}::date, id from resources where status = 'active'
      on conflict do nothing
      returning account_id, object_id
    ), per_account as (
      select account_id,
             count(*) filter (where object_id = account_id) as accounts,
             count(*) filter (where object_id <> account_id) as resources
      from marked group by account_id
    )
    insert into usage_counters (account_id, period, platform_id, livemode, active_accounts, active_resources)
    select p.account_id, ${period}::date, a.platform_id, a.livemode, p.accounts, p.resources
    from per_account p join accounts a on a.id = p.account_id
    on conflict (account_id, period) do update set
      active_accounts = usage_counters.active_accounts + excluded.active_accounts,
      active_resources = usage_counters.active_resources + excluded.active_resources`.execute(trx);
  return true;
}

export async function isPeriodOpen(db: DbHandle, period: string): Promise<boolean> {
  const row = await db.selectFrom('usage_periods').select('period').where('period', '=', period).executeTakeFirst();
  return row !== undefined;
}

export interface AccountUsageRow extends Counters {
  account: string;
}

const toNumber = (v: unknown) => Number(v ?? 0);

/** One month of a platform and mode: each account's counters and the platform-level ones. */
export async function readPeriodCounters(
  db: DbHandle,
  scope: PlatformScope,
  period: string,
): Promise<{ accounts: AccountUsageRow[]; platform: { api_requests: number; webhook_deliveries: number } }> {
  const rows = await db
    .selectFrom('usage_counters')
    .select(['account_id', ...COUNTERS])
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('period', '=', period)
    .orderBy('account_id')
    .execute();
  const platform = await db
    .selectFrom('usage_platform_counters')
    .select(['api_requests', 'webhook_deliveries'])
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('period', '=', period)
    .executeTakeFirst();
  return {
    accounts: rows.map((r) => ({
      account: r.account_id,
      active_accounts: toNumber(r.active_accounts),
      active_resources: toNumber(r.active_resources),
      bookings_created: toNumber(r.bookings_created),
      api_requests: toNumber(r.api_requests),
      webhook_deliveries: toNumber(r.webhook_deliveries),
    })),
    platform: { api_requests: toNumber(platform?.api_requests), webhook_deliveries: toNumber(platform?.webhook_deliveries) },
  };
}

/** The earliest month with any usage of each platform and mode (where statements start). */
export async function firstUsagePeriods(db: DbHandle): Promise<{ platform_id: string; livemode: boolean; first: string }[]> {
  const rows = await sql<{ platform_id: string; livemode: boolean; first: string }>`
    select platform_id, livemode, min(period)::text as first from (
      select platform_id, livemode, period from usage_counters
      union all
      select platform_id, livemode, period from usage_platform_counters
    ) u group by platform_id, livemode order by platform_id, livemode`.execute(db);
  return rows.rows;
}

export async function statementPeriods(db: DbHandle, scope: PlatformScope): Promise<Set<string>> {
  const rows = await db
    .selectFrom('usage_statements')
    .select(sql<string>`period::text`.as('period'))
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .execute();
  return new Set(rows.map((r) => r.period));
}

export interface StatementRow {
  id: string;
  period: string;
  livemode: boolean;
  totals: Counters;
  accounts: AccountUsageRow[];
  created_at: Date;
}

/** Writes a month's statement once; a statement already there is kept as it is. */
export async function insertStatement(
  trx: Trx,
  scope: PlatformScope,
  statement: { id: string; period: string; totals: Counters; accounts: AccountUsageRow[]; createdAt: Date },
): Promise<void> {
  await trx
    .insertInto('usage_statements')
    .values({
      platform_id: scope.platformId,
      livemode: scope.livemode,
      period: statement.period,
      id: statement.id,
      totals: json(statement.totals),
      accounts: json(statement.accounts),
      created_at: statement.createdAt,
    })
    .onConflict((oc) => oc.columns(['platform_id', 'livemode', 'period']).doNothing())
    .execute();
}

const statementColumns = ['id', sql<string>`period::text`.as('period'), 'livemode', 'totals', 'accounts', 'created_at'] as const;

export async function findStatement(db: DbHandle, scope: PlatformScope, period: string): Promise<StatementRow | undefined> {
  const row = await db
    .selectFrom('usage_statements')
    .select(statementColumns)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('period', '=', period)
    .executeTakeFirst();
  return row as unknown as StatementRow | undefined;
}

/**
 * Statements newest month first. Cursors are statement ids; a statement's month and its id
 * sort the same way only if statements were issued in month order, so the cursor is turned
 * into its month and pages are cut by month.
 */
export async function listStatements(
  db: DbHandle,
  scope: PlatformScope,
  page: { limit: number; startingAfterPeriod?: string; endingBeforePeriod?: string },
): Promise<{ rows: StatementRow[]; hasMore: boolean }> {
  let q = db
    .selectFrom('usage_statements')
    .select(statementColumns)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode);
  if (page.endingBeforePeriod !== undefined) {
    const rows = await q.where('period', '>', page.endingBeforePeriod).orderBy('period', 'asc').limit(page.limit + 1).execute();
    return { rows: (rows.slice(0, page.limit) as unknown as StatementRow[]).reverse(), hasMore: rows.length > page.limit };
  }
  if (page.startingAfterPeriod !== undefined) q = q.where('period', '<', page.startingAfterPeriod);
  const rows = await q.orderBy('period', 'desc').limit(page.limit + 1).execute();
  return { rows: rows.slice(0, page.limit) as unknown as StatementRow[], hasMore: rows.length > page.limit };
}

export async function statementPeriodById(db: DbHandle, scope: PlatformScope, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('usage_statements')
    .select(sql<string>`period::text`.as('period'))
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.period;
}
