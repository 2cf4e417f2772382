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
 * Accounts with a feed due, longest waiting first: a plain read across accounts (no locks),
 * the first step of a pass (src/workers/account-pass.ts).
 */
export async function accountsWithDueFeeds(db: DbHandle, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('calendar_feeds')
    .select('account_id')
    .where('next_sync_at', '<=', now)
    .groupBy('account_id')
    .orderBy(sql`min(next_sync_at)`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.account_id);
}

/**
 * Claims the account's feeds that are due, so that other processes skip them (FOR UPDATE SKIP
 * LOCKED), and leases them by moving next_sync_at past the time a sync may take.
 */
export async function claimDueFeeds(trx: Trx, scope: AccountScope, now: Date, leaseUntil: Date, limit: number): Promise<string[]> {
  const due = await trx
    .selectFrom('calendar_feeds')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('next_sync_at', '<=', now)
    .orderBy('next_sync_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  const ids = due.map((d) => d.id);
  if (ids.length) await trx.updateTable('calendar_feeds').set({ next_sync_at: leaseUntil }).where('account_id', '=', scope.accountId).where('id', 'in', ids).execute();
  return ids;
}
