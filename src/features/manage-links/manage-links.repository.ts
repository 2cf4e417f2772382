/** All SQL of manage links (docs/manage-links.md). */
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { listPage, type PageParams } from '../../db/pagination.js';

export type ManageLinkRow = Row<'manage_links'>;

export function insertLink(trx: Trx, row: NewRow<'manage_links'>): Promise<ManageLinkRow> {
  return trx.insertInto('manage_links').values(row).returningAll().executeTakeFirstOrThrow();
}

export function listLinks(db: DbHandle, scope: AccountScope, bookingId: string, page: PageParams) {
  const q = db.selectFrom('manage_links').selectAll().where('account_id', '=', scope.accountId).where('booking_id', '=', bookingId);
  return listPage(q, 'id', page);
}

export function revokeLink(trx: Trx, scope: AccountScope, bookingId: string, id: string, now: Date): Promise<ManageLinkRow | undefined> {
  return trx
    .updateTable('manage_links')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('account_id', '=', scope.accountId)
    .where('booking_id', '=', bookingId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The link behind a token, whatever its state (the caller decides whether it still opens). */
export function findLinkByToken(db: DbHandle, accountId: string, tokenHash: string): Promise<ManageLinkRow | undefined> {
  return db.selectFrom('manage_links').selectAll().where('account_id', '=', accountId).where('token_hash', '=', tokenHash).executeTakeFirst();
}
