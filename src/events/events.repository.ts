/**
 * The reads and the clean-up of the `events` table, beside the outbox that writes it: the
 * events API (src/features/events/) reads here, and webhooks' resends and retention ask it
 * through that feature's index.ts.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../db/transaction.js';
import type { Row } from '../db/schema.js';
import { boundKeyMaySee, type PlatformScope } from '../tenancy/index.js';
import { listPage, type PageParams } from '../db/pagination.js';

export type EventRow = Row<'events'>;

/** Events are kept and listable for 30 days (docs/events.md#reading-events). */
export const EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;

export function findEvent(db: DbHandle, scope: PlatformScope, id: string, now: Date) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id)
    .where('created_at', '>', new Date(now.getTime() - EVENT_RETENTION_MS))
    .executeTakeFirst();
}

/**
 * An event as a key may see it: within retention, and (the visibility rule of tenancy/) only
 * an event of its own account for a key bound to one account. Undefined otherwise.
 */
export async function findVisibleEvent(db: DbHandle, scope: PlatformScope, boundAccountId: string | null, id: string, now: Date) {
  const row = await findEvent(db, scope, id, now);
  return row && boundKeyMaySee(boundAccountId, row.account_id) ? row : undefined;
}

export interface EventFilters {
  /** Every type when absent; those starting with a prefix (`booking.`); or exactly these stored types (none: no event). */
  type?: { prefix: string } | { exact: readonly string[] };
  accountId: string | null;
  actor?: { type?: string; id?: string };
}

export function listEvents(db: DbHandle, scope: PlatformScope, filters: EventFilters, page: PageParams, now: Date) {
  return listPage(eventsMatching(db, scope, filters, now), 'id', page);
}

/** The events of the last 30 days that `filters` keep, for listPage to order and page. */
export function eventsMatching(db: DbHandle, scope: PlatformScope, filters: EventFilters, now: Date) {
  let q = db
    .selectFrom('events')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('created_at', '>', new Date(now.getTime() - EVENT_RETENTION_MS));
  if (filters.accountId) q = q.where('account_id', '=', filters.accountId);
  if (filters.actor?.type !== undefined) q = q.where('actor_type', '=', filters.actor.type);
  if (filters.actor?.id !== undefined) q = q.where('actor_id', '=', filters.actor.id);
  // The types are written into the text, not bound: they come from the catalogue's few names,
  // and the planner then weighs each by its own frequency. A bound LIKE pattern could read no
  // index in a plan made without values, and a rare type would walk the platform's every event
  // (migration 033, docs/performance.md, "Events at scale").
  const type = filters.type;
  if (type && 'prefix' in type) q = q.where('type', 'like', sql.lit(`${type.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  else if (type) q = type.exact.length ? q.where('type', 'in', type.exact.map((name) => sql.lit(name))) : q.where(sql<boolean>`false`);
  return q;
}

/**
 * The events of one object of one account, oldest first, within retention: its history
 * (GET /v1/bookings/{id}/history), by the events_object index (migration 019).
 */
export function objectEvents(db: DbHandle, scope: PlatformScope, accountId: string, objectId: string, page: PageParams, now: Date) {
  const q = db
    .selectFrom('events')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('object_id', '=', objectId)
    .where('livemode', '=', scope.livemode)
    .where('account_id', '=', accountId)
    .where('created_at', '>', new Date(now.getTime() - EVENT_RETENTION_MS));
  return listPage(q, 'id', page, 'oldest first');
}

/** The events of one platform with these ids (the delivery worker signs and sends them). */
export function eventsByIds(db: DbHandle, platformId: string, ids: readonly string[]) {
  return db.selectFrom('events').selectAll().where('platform_id', '=', platformId).where('id', 'in', [...ids]).execute();
}

/**
 * Up to `limit` events of one account after `afterId`, in id order, whose object, previous
 * attributes or details contain one of `needles` (JSON text, compared whatever its case): the
 * events that may copy a customer being erased (docs/privacy.md#erasure). Pinned to the account.
 */
export function accountEventsContaining(db: DbHandle, scope: PlatformScope & { accountId: string }, needles: readonly string[], afterId: string, limit: number) {
  const like = (column: string) => sql.join(needles.map((n) => sql`${sql.ref(column)}::text ilike ${`%${escapeLike(n)}%`}`), sql` or `);
  return db
    .selectFrom('events')
    .select(['id', 'object', 'previous_attributes', 'details'])
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('account_id', '=', scope.accountId)
    .where('id', '>', afterId)
    .where(sql<boolean>`(${like('object')} or coalesce(${like('previous_attributes')}, false) or coalesce(${like('details')}, false))`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Rewrites an event's stored payload (an erasure replaced a customer's copies in it). */
export async function rewriteEventPayload(
  db: DbHandle,
  scope: PlatformScope & { accountId: string },
  id: string,
  payload: { object: unknown; previous_attributes: unknown; details: unknown },
): Promise<void> {
  await db
    .updateTable('events')
    .set({
      object: JSON.stringify(payload.object),
      previous_attributes: payload.previous_attributes === null ? null : JSON.stringify(payload.previous_attributes),
      details: payload.details === null ? null : JSON.stringify(payload.details),
    })
    .where('platform_id', '=', scope.platformId)
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .execute();
}

/** `like` patterns match these characters literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Deletes up to `limit` events of one platform created before `cutoff` (their deliveries go with them); returns how many. */
export async function deletePlatformEventsCreatedBefore(db: DbHandle, platformId: string, cutoff: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from events where platform_id = ${platformId} and id in (
      select id from events where platform_id = ${platformId} and created_at < ${cutoff}::timestamptz limit ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Up to `limit` events of one account after `afterId`, oldest first, within retention (exports). */
export function accountEventsAfter(db: DbHandle, scope: PlatformScope & { accountId: string }, afterId: string, limit: number, now: Date) {
  return db
    .selectFrom('events')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('account_id', '=', scope.accountId)
    .where('id', '>', afterId)
    .where('created_at', '>', new Date(now.getTime() - EVENT_RETENTION_MS))
    .orderBy('id')
    .limit(limit)
    .execute();
}
