import type { DbHandle } from '../../db/transaction.js';
import type { Row } from '../../db/schema.js';
import type { PlatformScope } from '../../http/context.js';
import { listPage, type PageParams } from '../../http/pagination.js';

export type EventRow = Row<'events'>;

/** Events are kept and listable for 30 days (decisions.md §9). */
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

export function deleteEventsBefore(db: DbHandle, cutoff: Date) {
  return db.deleteFrom('events').where('created_at', '<', cutoff).execute();
}
