import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { AccountScope } from '../../http/context.js';
import { listPage, whereMetadata, type PageParams } from '../../http/pagination.js';

export type ResourceRow = Row<'resources'>;

export function findResource(db: DbHandle, scope: AccountScope, id: string, forUpdate = false) {
  let q = db.selectFrom('resources').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertResource(trx: Trx, row: NewRow<'resources'>) {
  return trx.insertInto('resources').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateResource(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<'resources'>) {
  return trx
    .updateTable('resources')
    .set(changes)
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteResource(trx: Trx, scope: AccountScope, id: string) {
  return trx.deleteFrom('resources').where('account_id', '=', scope.accountId).where('id', '=', id).execute();
}

/** Any booking, past or future, in any state, keeps a resource from being deleted. */
export async function resourceHasBookings(trx: Trx, scope: AccountScope, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom('booking_segments')
    .select('booking_id')
    .where('account_id', '=', scope.accountId)
    .where('resource_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export interface ResourceFilters {
  type?: string;
  status?: 'active' | 'archived';
  default_location?: string;
}

export function listResources(db: DbHandle, scope: AccountScope, filters: ResourceFilters, page: PageParams, metadata: Record<string, string>) {
  let q = db.selectFrom('resources').selectAll().where('account_id', '=', scope.accountId);
  if (filters.type !== undefined) q = q.where('type', '=', filters.type);
  if (filters.status !== undefined) q = q.where('status', '=', filters.status);
  if (filters.default_location !== undefined) q = q.where('default_location', '=', filters.default_location);
  return listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
}
