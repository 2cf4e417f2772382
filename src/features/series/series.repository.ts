/**
 * All SQL of series: the series rows, the resources their templates name and skipped
 * occurrences. The occurrences themselves are bookings, and resources are capacity's table:
 * their queries (taken keys, cancelling by the series, which resources exist) are asked
 * through capacity/index.ts. Every query is scoped by account, except the horizon worker's
 * claim, which walks every account like the other workers and then works inside the claimed
 * series' account.
 */
import { json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { Row, SeriesStatus } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PageParams } from '../../db/pagination.js';
import { accountTable } from '../../db/account-table.js';
import type { Conflict } from '../../core/availability/types.js';

export type SeriesRow = Row<'series'>;
export type SkippedRow = Row<'series_skipped_occurrences'>;

export const seriesTable = accountTable('series');

/** The series; with `forUpdate`, locked until the transaction ends (a lock needs a transaction). */
export function findSeries(db: DbHandle, scope: AccountScope, id: string): Promise<SeriesRow | undefined>;
export function findSeries(trx: Trx, scope: AccountScope, id: string, forUpdate: true): Promise<SeriesRow | undefined>;
export function findSeries(db: DbHandle, scope: AccountScope, id: string, forUpdate = false) {
  return forUpdate ? seriesTable.lock(db as Trx, scope, id) : seriesTable.find(db, scope, id);
}

export const insertSeriesRow = seriesTable.insert;
export const updateSeriesRow = seriesTable.update;

export interface SeriesFilters {
  status?: SeriesStatus;
}

export function listSeriesRows(db: DbHandle, scope: AccountScope, f: SeriesFilters, page: PageParams, metadata: Record<string, string>) {
  return seriesTable.list(db, scope, page, metadata, (q) => (f.status === undefined ? q : q.where('status', '=', f.status)));
}

/** The resources a series' template names: replaced whenever the template changes. */
export async function setSeriesResources(trx: Trx, scope: AccountScope, seriesId: string, resourceIds: string[]): Promise<void> {
  await trx.deleteFrom('series_resources').where('account_id', '=', scope.accountId).where('series_id', '=', seriesId).execute();
  if (resourceIds.length === 0) return;
  await trx
    .insertInto('series_resources')
    .values([...new Set(resourceIds)].map((resource_id) => ({ account_id: scope.accountId, series_id: seriesId, resource_id })))
    .execute();
}

/** Whether an active series names the resource in its template (resource delete: 409 resource_in_use). */
export async function activeSeriesNaming(db: DbHandle, scope: AccountScope, resourceId: string): Promise<string | null> {
  const row = await db
    .selectFrom('series_resources as sr')
    .innerJoin('series as s', (j) => j.onRef('s.account_id', '=', 'sr.account_id').onRef('s.id', '=', 'sr.series_id'))
    .select('s.id')
    .where('sr.account_id', '=', scope.accountId)
    .where('sr.resource_id', '=', resourceId)
    .where('s.status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

// ------------------------------------------------------------ skipped occurrences

export interface SkippedOccurrence {
  key: string;
  start: number;
  end: number;
  conflicts: Conflict[];
}

export async function insertSkipped(trx: Trx, scope: AccountScope, seriesId: string, items: readonly SkippedOccurrence[], now: Date): Promise<void> {
  const rows = items.map((s) => ({
    account_id: scope.accountId,
    series_id: seriesId,
    occurrence_key: s.key,
    start_at: new Date(s.start),
    end_at: new Date(s.end),
    conflicts: json(s.conflicts),
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    // A key skipped again (a retry after an update) replaces the earlier record.
    await trx
      .insertInto('series_skipped_occurrences')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['account_id', 'series_id', 'occurrence_key']).doUpdateSet({
          start_at: (eb) => eb.ref('excluded.start_at'),
          end_at: (eb) => eb.ref('excluded.end_at'),
          conflicts: (eb) => eb.ref('excluded.conflicts'),
          created_at: (eb) => eb.ref('excluded.created_at'),
        }),
      )
      .execute();
  }
}

/** Forgets the skipped occurrences starting at or after `from` (they are about to be retried). */
export async function deleteSkippedFrom(trx: Trx, scope: AccountScope, seriesId: string, from: Date): Promise<void> {
  await trx
    .deleteFrom('series_skipped_occurrences')
    .where('account_id', '=', scope.accountId)
    .where('series_id', '=', seriesId)
    .where('start_at', '>=', from)
    .execute();
}

export async function listSkipped(db: DbHandle, scope: AccountScope, seriesId: string, limit: number) {
  const rows = await db
    .selectFrom('series_skipped_occurrences')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('series_id', '=', seriesId)
    .orderBy('start_at')
    .orderBy('occurrence_key')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

// ------------------------------------------------------------ the horizon worker

/**
 * Series whose due_at has come, oldest first, read without locks: the worker then locks each
 * one's resources and claims it (claimSeries). Reading first keeps the one lock order of every
 * writer (resources, then rows): claiming the series row before its resources could deadlock
 * with a change of the same series.
 */
export function dueSeries(db: DbHandle, now: Date, limit: number) {
  return db
    .selectFrom('series')
    .select(['account_id', 'id', 'template'])
    .where('status', '=', 'active')
    .where('due_at', 'is not', null)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/** When the next active series falls due after `now` (null: none will), by the index series_due. */
export async function nextSeriesDue(db: DbHandle, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('series')
    .select((eb) => eb.fn.min('due_at').as('at'))
    .where('status', '=', 'active')
    .where('due_at', 'is not', null)
    .where('due_at', '>', now)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/**
 * Claims a due series for the rest of the transaction. FOR UPDATE SKIP LOCKED: a series that
 * another process is working on is left to it, and one that it has just finished is no longer
 * due, so two workers never generate the same occurrence.
 */
export function claimSeries(trx: Trx, scope: AccountScope, id: string, now: Date) {
  return trx
    .selectFrom('series')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('due_at', '<=', now)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** The series this one was split from, and theirs, nearest first (bounded: splits of splits). */
export async function lineageOf(db: DbHandle, scope: AccountScope, row: Pick<SeriesRow, 'split_from'>): Promise<string[]> {
  const out: string[] = [];
  let parent = row.split_from;
  while (parent !== null && out.length < 100 && !out.includes(parent)) {
    out.push(parent);
    const next = await db.selectFrom('series').select('split_from').where('account_id', '=', scope.accountId).where('id', '=', parent).executeTakeFirst();
    parent = next?.split_from ?? null;
  }
  return out;
}
