/** All SQL of calendar feeds: the feed rows, their busy intervals, and the worker's claims. */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { listPage, whereMetadata, type PageParams } from '../../db/pagination.js';

import type { BusyInterval } from './ics-busy.js';

export type CalendarFeedRow = Row<'calendar_feeds'>;

export function insertFeed(trx: Trx, row: NewRow<'calendar_feeds'>): Promise<CalendarFeedRow> {
  return trx.insertInto('calendar_feeds').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findFeed(db: DbHandle, scope: AccountScope, id: string) {
  return db.selectFrom('calendar_feeds').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id).executeTakeFirst();
}

/** Locks the feed row; callers hold its resource's lock first (the lock order). */
export function lockFeed(trx: Trx, scope: AccountScope, id: string) {
  return trx.selectFrom('calendar_feeds').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateFeed(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<'calendar_feeds'>): Promise<CalendarFeedRow> {
  return trx.updateTable('calendar_feeds').set(changes).where('account_id', '=', scope.accountId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteFeed(trx: Trx, scope: AccountScope, id: string): Promise<void> {
  await trx.deleteFrom('calendar_feeds').where('account_id', '=', scope.accountId).where('id', '=', id).execute();
}

export function listFeeds(db: DbHandle, scope: AccountScope, page: PageParams, metadata: Record<string, string>, resourceId?: string) {
  let q = db.selectFrom('calendar_feeds').selectAll().where('account_id', '=', scope.accountId);
  if (resourceId) q = q.where('resource_id', '=', resourceId);
  return listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
}

/** Replaces the feed's busy intervals (in chunks of one statement each). */
export async function replaceBusy(trx: Trx, scope: AccountScope, feed: CalendarFeedRow, busy: readonly BusyInterval[]): Promise<void> {
  await trx.deleteFrom('calendar_feed_busy').where('account_id', '=', scope.accountId).where('feed_id', '=', feed.id).execute();
  for (let i = 0; i < busy.length; i += 2000) {
    const chunk = busy.slice(i, i + 2000);
    await sql`
      insert into calendar_feed_busy (account_id, feed_id, position, resource_id, start_at, end_at, uid)
      select ${scope.accountId}, ${feed.id}, ${i}::int + v.n::int, ${feed.resource_id}, v.s, v.e, v.uid
      from unnest(
        ${chunk.map((b) => new Date(b.start).toISOString())}::timestamptz[],
        ${chunk.map((b) => new Date(b.end).toISOString())}::timestamptz[],
        ${chunk.map((b) => b.uid)}::text[]
      ) with ordinality as v(s, e, uid, n)`.execute(trx);
  }
}

/**
 * Claims feeds that are due, so that other processes skip them (FOR UPDATE SKIP LOCKED), and
 * leases them by moving next_sync_at past the time a sync may take.
 */
export async function claimDueFeeds(trx: Trx, now: Date, leaseUntil: Date, limit: number) {
  const due = await trx
    .selectFrom('calendar_feeds as f')
    .innerJoin('accounts as a', 'a.id', 'f.account_id')
    .select(['f.account_id', 'f.id', 'a.platform_id', 'f.livemode'])
    .where('f.next_sync_at', '<=', now)
    .orderBy('f.next_sync_at')
    .limit(limit)
    .forUpdate('f')
    .skipLocked()
    .execute();
  if (due.length === 0) return due;
  await trx
    .updateTable('calendar_feeds')
    .set({ next_sync_at: leaseUntil })
    .where((eb) => eb.or(due.map((d) => eb.and([eb('account_id', '=', d.account_id), eb('id', '=', d.id)]))))
    .execute();
  return due;
}
