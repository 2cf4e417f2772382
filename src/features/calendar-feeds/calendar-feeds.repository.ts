/** All SQL of calendar feeds: the feed rows, their busy intervals, and the worker's claims. */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { listPage, whereMetadata, type PageParams } from '../../db/pagination.js';

import type { SecretsBox } from '../../lib/secrets-box.js';
import type { BusyInterval } from './ics-busy.js';

/*
 * The feed's URL carries its owner's secret token (Google's private address, Outlook's
 * published calendar), so it is stored sealed (src/lib/secrets-box.ts): sealed on the way in,
 * opened on the way out of every function here. Callers see the URL, never the ciphertext.
 */
export type CalendarFeedRow = Row<'calendar_feeds'>;

const opened = (box: SecretsBox) => (row: CalendarFeedRow): CalendarFeedRow => ({ ...row, url: box.open(row.url) });
const openedIfFound = (box: SecretsBox) => (row: CalendarFeedRow | undefined) => row && opened(box)(row);

export function insertFeed(trx: Trx, box: SecretsBox, row: NewRow<'calendar_feeds'>): Promise<CalendarFeedRow> {
  return trx.insertInto('calendar_feeds').values({ ...row, url: box.seal(row.url) }).returningAll().executeTakeFirstOrThrow().then(opened(box));
}

export function findFeed(db: DbHandle, box: SecretsBox, scope: AccountScope, id: string) {
  return db.selectFrom('calendar_feeds').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id).executeTakeFirst().then(openedIfFound(box));
}

/** Locks the feed row; callers hold its resource's lock first (the lock order). */
export function lockFeed(trx: Trx, box: SecretsBox, scope: AccountScope, id: string) {
  return trx.selectFrom('calendar_feeds').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id).forUpdate().executeTakeFirst().then(openedIfFound(box));
}

/** A new `url` in `changes` is sealed. */
export function updateFeed(trx: Trx, box: SecretsBox, scope: AccountScope, id: string, changes: RowUpdate<'calendar_feeds'>): Promise<CalendarFeedRow> {
  const sealed = typeof changes.url === 'string' ? { ...changes, url: box.seal(changes.url) } : changes;
  return trx.updateTable('calendar_feeds').set(sealed).where('account_id', '=', scope.accountId).where('id', '=', id).returningAll().executeTakeFirstOrThrow().then(opened(box));
}

export async function deleteFeed(trx: Trx, scope: AccountScope, id: string): Promise<void> {
  await trx.deleteFrom('calendar_feeds').where('account_id', '=', scope.accountId).where('id', '=', id).execute();
}

/** Up to `limit` of the account's feeds after `afterId`, in id order, URLs opened (exports). */
export async function feedsAfter(db: DbHandle, box: SecretsBox, scope: AccountScope, afterId: string, limit: number): Promise<CalendarFeedRow[]> {
  const rows = await db.selectFrom('calendar_feeds').selectAll().where('account_id', '=', scope.accountId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map(opened(box));
}

export async function listFeeds(db: DbHandle, box: SecretsBox, scope: AccountScope, page: PageParams, metadata: Record<string, string>, resourceId?: string) {
  let q = db.selectFrom('calendar_feeds').selectAll().where('account_id', '=', scope.accountId);
  if (resourceId) q = q.where('resource_id', '=', resourceId);
  const found = await listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
  return { ...found, rows: found.rows.map(opened(box)) };
}

/**
 * Replaces the feed's busy intervals with `busy`, writing only the positions that changed:
 * a feed usually changes by an event or two between syncs, and rewriting all its rows each
 * time left a dead copy of every one behind, which the embedded database, without autovacuum,
 * never reclaims (docs/performance.md, "Planner statistics"). Each step is one statement per
 * chunk of BUSY_CHUNK positions; the interval at index i of `busy` has position i + 1.
 */
export async function replaceBusy(trx: Trx, scope: AccountScope, feed: CalendarFeedRow, busy: readonly BusyInterval[]): Promise<void> {
  const stored = await trx
    .selectFrom('calendar_feed_busy')
    .select(['position', 'start_at', 'end_at', 'uid'])
    .where('account_id', '=', scope.accountId)
    .where('feed_id', '=', feed.id)
    .execute();
  const storedAt = new Map(stored.map((row) => [row.position, row]));
  const changed: number[] = [];
  const added: number[] = [];
  busy.forEach((interval, index) => {
    const was = storedAt.get(index + 1);
    if (!was) added.push(index + 1);
    else if (new Date(was.start_at).getTime() !== interval.start || new Date(was.end_at).getTime() !== interval.end || was.uid !== interval.uid) changed.push(index + 1);
  });
  if (stored.some((row) => row.position > busy.length)) {
    await trx.deleteFrom('calendar_feed_busy').where('account_id', '=', scope.accountId).where('feed_id', '=', feed.id).where('position', '>', busy.length).execute();
  }
  for (let i = 0; i < changed.length; i += BUSY_CHUNK) {
    const v = busyValues(busy, changed.slice(i, i + BUSY_CHUNK));
    await sql`
      update calendar_feed_busy b set start_at = v.s, end_at = v.e, uid = v.uid
      from unnest(${v.positions}::int[], ${v.starts}::timestamptz[], ${v.ends}::timestamptz[], ${v.uids}::text[]) as v(position, s, e, uid)
      where b.account_id = ${scope.accountId} and b.feed_id = ${feed.id} and b.position = v.position`.execute(trx);
  }
  for (let i = 0; i < added.length; i += BUSY_CHUNK) {
    const v = busyValues(busy, added.slice(i, i + BUSY_CHUNK));
    await sql`
      insert into calendar_feed_busy (account_id, feed_id, position, resource_id, start_at, end_at, uid)
      select ${scope.accountId}, ${feed.id}, v.position, ${feed.resource_id}, v.s, v.e, v.uid
      from unnest(${v.positions}::int[], ${v.starts}::timestamptz[], ${v.ends}::timestamptz[], ${v.uids}::text[]) as v(position, s, e, uid)`.execute(trx);
  }
}

const BUSY_CHUNK = 2000;

/** The columns of the intervals at `positions` (1-based), as arrays for one unnest. */
function busyValues(busy: readonly BusyInterval[], positions: readonly number[]) {
  const rows = positions.map((position) => busy[position - 1]);
  return {
    positions,
    starts: rows.map((b) => new Date(b.start).toISOString()),
    ends: rows.map((b) => new Date(b.end).toISOString()),
    uids: rows.map((b) => b.uid),
  };
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

/** When the next feed falls due for a sync after `now` (null: there is none), by the index calendar_feeds_due. */
export async function nextFeedDue(db: DbHandle, now: Date): Promise<Date | null> {
  const row = await db.selectFrom('calendar_feeds').select((eb) => eb.fn.min('next_sync_at').as('at')).where('next_sync_at', '>', now).executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
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

/** Rotation (src/secrets/rotation.ts): an account's stored URLs, a page at a time, by id. */
export function storedUrlsPage(db: DbHandle, accountId: string, afterId: string, limit: number) {
  return db.selectFrom('calendar_feeds').select(['id', 'url']).where('account_id', '=', accountId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** Replaces a stored URL by the same URL sealed again, unless it changed meanwhile. */
export async function resealUrl(db: DbHandle, accountId: string, id: string, stored: string, resealed: string): Promise<boolean> {
  const res = await db.updateTable('calendar_feeds').set({ url: resealed }).where('account_id', '=', accountId).where('id', '=', id).where('url', '=', stored).executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** The ids of the keys that sealed the stored URLs (a start-up check, across accounts). */
export async function urlKeyIdsInUse(db: DbHandle): Promise<string[]> {
  const rows = await db
    .selectFrom('calendar_feeds')
    .select(sql<string>`split_part(url, ':', 2)`.as('key_id'))
    .where('url', 'like', 'v1:%')
    .distinct()
    .execute();
  return rows.map((r) => r.key_id);
}
