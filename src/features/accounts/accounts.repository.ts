import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { PlatformScope } from '../../http/context.js';
import { listPage, whereMetadata, type PageParams } from '../../http/pagination.js';

export type AccountRow = Row<'accounts'>;

export function findAccount(db: DbHandle, scope: PlatformScope, id: string, forUpdate = false) {
  let q = db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', id)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
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

/**
 * Pending or confirmed bookings that have not ended block an account's deletion. A pending
 * booking past its `expires_at` is expired (reads show it so) and blocks nothing.
 */
export async function hasLiveBookings(trx: Trx, accountId: string, now: Date): Promise<boolean> {
  const row = await trx
    .selectFrom('bookings')
    .select('id')
    .where('account_id', '=', accountId)
    .where('end_at', '>', now)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'confirmed'),
        eb.and([eb('status', '=', 'pending'), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return !!row;
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
