import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { AccountScope } from '../../http/context.js';
import { listPage, whereMetadata, type PageParams } from '../../http/pagination.js';

export type OverrideRow = Row<'schedule_overrides'>;

export interface OverrideFilters {
  resource?: string;
  from_date?: string;
  to_date?: string;
}

export function findOverride(db: DbHandle, scope: AccountScope, id: string, forUpdate = false) {
  let q = db.selectFrom('schedule_overrides').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function findOverrideOn(trx: Trx, scope: AccountScope, resourceId: string, date: string) {
  return trx
    .selectFrom('schedule_overrides')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('resource_id', '=', resourceId)
    .where('date', '=', date)
    .executeTakeFirst();
}

export function insertOverride(trx: Trx, row: NewRow<'schedule_overrides'>) {
  return trx.insertInto('schedule_overrides').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateOverride(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<'schedule_overrides'>) {
  return trx
    .updateTable('schedule_overrides')
    .set(changes)
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteOverride(trx: Trx, scope: AccountScope, id: string) {
  return trx.deleteFrom('schedule_overrides').where('account_id', '=', scope.accountId).where('id', '=', id).execute();
}

export function overridesOfResource(trx: Trx, scope: AccountScope, resourceId: string) {
  return trx
    .selectFrom('schedule_overrides')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('resource_id', '=', resourceId)
    .orderBy('id')
    .execute();
}

/** from_date/to_date are inclusive bounds on the override's date. */
export function listOverrides(db: DbHandle, scope: AccountScope, filters: OverrideFilters, page: PageParams, metadata: Record<string, string>) {
  let q = db.selectFrom('schedule_overrides').selectAll().where('account_id', '=', scope.accountId);
  if (filters.resource !== undefined) q = q.where('resource_id', '=', filters.resource);
  if (filters.from_date !== undefined) q = q.where('date', '>=', filters.from_date);
  if (filters.to_date !== undefined) q = q.where('date', '<=', filters.to_date);
  return listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
}
