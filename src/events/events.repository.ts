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

export function listEvents(db: DbHandle, scope: PlatformScope, filters: { type?: string; accountId: string | null }, page: PageParams, now: Date) {
  let q = db
    .selectFrom('events')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('created_at', '>', new Date(now.getTime() - EVENT_RETENTION_MS));
  if (filters.accountId) q = q.where('account_id', '=', filters.accountId);
  if (filters.type !== undefined) {
    if (filters.type === '*') {
      // every type
    } else if (filters.type.endsWith('.*')) {
      const prefix = filters.type.slice(0, -1).replace(/[\\%_]/g, (c) => `\\${c}`);
      q = q.where('type', 'like', `${prefix}%`);
    } else {
      q = q.where('type', '=', filters.type);
    }
  }
  return listPage(q, 'id', page);
}

/** Deletes up to `limit` events created before `cutoff` (their deliveries go with them); returns how many. */
export async function deleteEventsCreatedBefore(db: DbHandle, cutoff: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from events where (platform_id, id) in (
      select platform_id, id from events where created_at < ${cutoff}::timestamptz limit ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The events of one platform with these ids (the delivery worker signs and sends them). */
export function eventsByIds(db: DbHandle, platformId: string, ids: readonly string[]) {
  return db.selectFrom('events').selectAll().where('platform_id', '=', platformId).where('id', 'in', [...ids]).execute();
}
