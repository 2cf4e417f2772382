/**
 * The read side of usage metering (docs/usage.md): the opened months and the statements. The
 * counters are written and read by their owner, src/metering/counters.repository.ts.
 */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import { json } from '../../db/transaction.js';
import type { PlatformScope } from '../../tenancy/index.js';
import type { AccountUsageRow, Counters } from '../../metering/index.js';

/**
 * Claims a month for opening: the `usage_periods` row is the guard (a second opener waits on
 * its key, then finds it taken). Returns whether this call claimed it; the claimer then marks
 * the month's active objects (`markPeriodActive`, src/metering/) in the same transaction.
 */
export async function claimPeriod(trx: Trx, period: string, now: Date): Promise<boolean> {
  const claimed = await trx
    .insertInto('usage_periods')
    .values({ period, opened_at: now })
    .onConflict((oc) => oc.column('period').doNothing())
    .returning('period')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function isPeriodOpen(db: DbHandle, period: string): Promise<boolean> {
  const row = await db.selectFrom('usage_periods').select('period').where('period', '=', period).executeTakeFirst();
  return row !== undefined;
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
