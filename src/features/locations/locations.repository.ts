import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { AccountScope } from '../../http/context.js';
import { listPage, whereMetadata, type PageParams } from '../../http/pagination.js';

export type LocationRow = Row<'locations'>;

export function findLocation(db: DbHandle, scope: AccountScope, id: string, forUpdate = false) {
  let q = db.selectFrom('locations').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertLocation(trx: Trx, row: NewRow<'locations'>) {
  return trx.insertInto('locations').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateLocation(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<'locations'>) {
  return trx
    .updateTable('locations')
    .set(changes)
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteLocation(trx: Trx, scope: AccountScope, id: string) {
  return trx.deleteFrom('locations').where('account_id', '=', scope.accountId).where('id', '=', id).execute();
}

/** What still points at a location: resources, blocks, schedules, overrides, future booking segments. */
export async function locationUsedBy(trx: Trx, scope: AccountScope, id: string, now: Date): Promise<string | null> {
  const a = scope.accountId;
  const resource = await trx.selectFrom('resources').select('id').where('account_id', '=', a).where('default_location', '=', id).limit(1).executeTakeFirst();
  if (resource) return `resource ${resource.id} (default_location)`;
  const block = await trx.selectFrom('blocks').select('id').where('account_id', '=', a).where('location_id', '=', id).limit(1).executeTakeFirst();
  if (block) return `block ${block.id}`;
  // Schedule intervals keep location ids inside jsonb; a text search is enough for this rare check.
  const needle = `%"${id}"%`;
  const schedule = await trx.selectFrom('schedules').select('id').where('account_id', '=', a).where(sql<boolean>`weeks::text like ${needle}`).limit(1).executeTakeFirst();
  if (schedule) return `schedule ${schedule.id}`;
  const override = await trx.selectFrom('schedule_overrides').select('id').where('account_id', '=', a).where(sql<boolean>`intervals::text like ${needle}`).limit(1).executeTakeFirst();
  if (override) return `schedule override ${override.id}`;
  const segment = await trx
    .selectFrom('booking_segments')
    .select('booking_id')
    .where('account_id', '=', a)
    .where('location_id', '=', id)
    .where('end_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  if (segment) return `booking ${segment.booking_id}`;
  return null;
}

export function listLocations(db: DbHandle, scope: AccountScope, page: PageParams, metadata: Record<string, string>) {
  const q = db.selectFrom('locations').selectAll().where('account_id', '=', scope.accountId);
  return listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
}
