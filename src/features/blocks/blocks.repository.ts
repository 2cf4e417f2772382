import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { AccountScope } from '../../http/context.js';
import { listPage, whereMetadata, type PageParams } from '../../http/pagination.js';

export type BlockRow = Row<'blocks'>;

export interface BlockFilters {
  resource?: string;
  location?: string;
  account_wide?: boolean;
  /** Blocks overlapping [from, to): end after from, start before to. */
  from?: Date;
  to?: Date;
}

export function findBlock(db: DbHandle, scope: AccountScope, id: string, forUpdate = false) {
  let q = db.selectFrom('blocks').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertBlock(trx: Trx, row: NewRow<'blocks'>) {
  return trx.insertInto('blocks').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateBlock(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<'blocks'>) {
  return trx
    .updateTable('blocks')
    .set(changes)
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteBlock(trx: Trx, scope: AccountScope, id: string) {
  return trx.deleteFrom('blocks').where('account_id', '=', scope.accountId).where('id', '=', id).execute();
}

export function blocksOfResource(trx: Trx, scope: AccountScope, resourceId: string) {
  return trx.selectFrom('blocks').selectAll().where('account_id', '=', scope.accountId).where('resource_id', '=', resourceId).orderBy('id').execute();
}

export function listBlocks(db: DbHandle, scope: AccountScope, filters: BlockFilters, page: PageParams, metadata: Record<string, string>) {
  let q = db.selectFrom('blocks').selectAll().where('account_id', '=', scope.accountId);
  if (filters.resource !== undefined) q = q.where('resource_id', '=', filters.resource);
  if (filters.location !== undefined) q = q.where('location_id', '=', filters.location);
  if (filters.account_wide !== undefined) q = q.where('account_wide', '=', filters.account_wide);
  if (filters.from !== undefined) q = q.where('end_at', '>', filters.from);
  if (filters.to !== undefined) q = q.where('start_at', '<', filters.to);
  return listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
}
