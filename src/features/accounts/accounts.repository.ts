import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { PlatformScope } from '../../tenancy/index.js';
import { listPage, whereMetadata, type PageParams } from '../../db/pagination.js';

export type AccountRow = Row<'accounts'>;

function accountById(db: DbHandle, scope: PlatformScope, id: string) {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).where('platform_id', '=', scope.platformId).where('livemode', '=', scope.livemode);
}

export function findAccount(db: DbHandle, scope: PlatformScope, id: string) {
  return accountById(db, scope, id).executeTakeFirst();
}

/** The account, locked FOR UPDATE until the transaction ends. */
export function lockAccount(trx: Trx, scope: PlatformScope, id: string) {
  return accountById(trx, scope, id).forUpdate().executeTakeFirst();
}

export function insertAccount(trx: Trx, row: NewRow<'accounts'>) {
  return trx.insertInto('accounts').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateAccount(trx: Trx, scope: PlatformScope, id: string, changes: RowUpdate<'accounts'>) {
  return trx
    .updateTable('accounts')
    .set(changes)
    .where('id', '=', id)
    .where('platform_id', '=', scope.platformId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes the account; its rows in every account-owned table go with it (foreign keys on
 * account_id cascade). Bookings go first: their segments point at resources with a plain
 * foreign key (a booked resource must never be deleted on its own), so the resources can only
 * be removed once the segments are gone.
 */
export async function deleteAccount(trx: Trx, scope: PlatformScope, id: string) {
  await trx.deleteFrom('bookings').where('account_id', '=', id).execute();
  return trx.deleteFrom('accounts').where('id', '=', id).where('platform_id', '=', scope.platformId).execute();
}

export function listAccounts(db: DbHandle, scope: PlatformScope, page: PageParams, metadata: Record<string, string>, onlyId: string | null) {
  let q = db
    .selectFrom('accounts')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode);
  if (onlyId) q = q.where('id', '=', onlyId);
  return listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
}
