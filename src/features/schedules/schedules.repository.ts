import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { AccountScope } from '../../http/context.js';
import { listPage, whereMetadata, type PageParams } from '../../http/pagination.js';

export type ScheduleRow = Row<'schedules'>;

export function findSchedule(db: DbHandle, scope: AccountScope, id: string, forUpdate = false) {
  let q = db.selectFrom('schedules').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertSchedule(trx: Trx, row: NewRow<'schedules'>) {
  return trx.insertInto('schedules').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateSchedule(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<'schedules'>) {
  return trx
    .updateTable('schedules')
    .set(changes)
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteSchedule(trx: Trx, scope: AccountScope, id: string) {
  return trx.deleteFrom('schedules').where('account_id', '=', scope.accountId).where('id', '=', id).execute();
}

export function schedulesOfResource(trx: Trx, scope: AccountScope, resourceId: string) {
  return trx.selectFrom('schedules').selectAll().where('account_id', '=', scope.accountId).where('resource_id', '=', resourceId).orderBy('id').execute();
}

export function listSchedules(db: DbHandle, scope: AccountScope, filters: { resource?: string }, page: PageParams, metadata: Record<string, string>) {
  let q = db.selectFrom('schedules').selectAll().where('account_id', '=', scope.accountId);
  if (filters.resource !== undefined) q = q.where('resource_id', '=', filters.resource);
  return listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
}
