/**
 * The one repository of the `accounts` table: the accounts API's reads and writes, and the
 * lookups everything below the features needs (auth resolves the Service-Account, reads take
 * its time zone, workers act for each account). It lives in tenancy, not in features/accounts,
 * because tenancy, the workers and the secrets command read accounts and sit below features.
 */
import type { DbHandle, Trx } from '../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../db/schema.js';
import { listPage, whereMetadata, type PageParams } from '../db/pagination.js';
import type { AccountScope, PlatformScope } from './index.js';

/** The account's id when it exists in this platform and mode. */
export async function accountInScope(db: DbHandle, scope: PlatformScope, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', id)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .executeTakeFirst();
  return row?.id;
}

/** The account's time zone (the default of resources, searches and local-date filters). */
export async function accountTimezone(db: DbHandle, scope: Pick<AccountScope, 'accountId'>): Promise<string | undefined> {
  const row = await db.selectFrom('accounts').select('timezone').where('id', '=', scope.accountId).executeTakeFirst();
  return row?.timezone;
}

/** The account's booking policy (docs/policies.md): the default of its resources. */
export async function accountBookingPolicy(db: DbHandle, scope: Pick<AccountScope, 'accountId'>) {
  const row = await db.selectFrom('accounts').select('booking_policy').where('id', '=', scope.accountId).executeTakeFirst();
  return row?.booking_policy;
}

/** The scope of an account (workers that find due work across accounts act for each one). */
export async function scopeOfAccount(db: DbHandle, accountId: string): Promise<AccountScope | undefined> {
  const row = await db.selectFrom('accounts').select(['platform_id', 'livemode']).where('id', '=', accountId).executeTakeFirst();
  return row ? { accountId, platformId: row.platform_id, livemode: row.livemode } : undefined;
}

/**
 * Every account's id, a page at a time (the `secrets rotate` command visits each account; its
 * writes are then pinned to the account). A plain read across accounts, by id.
 */
export async function accountIdsPage(db: DbHandle, afterId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('accounts').select('id').where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

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
 * account_id cascade). Its bookings must be gone already (capacity's deleteAccountBookings, in
 * the same transaction): their segments point at resources with a plain foreign key, so the
 * cascade could not remove a booked resource.
 */
export async function deleteAccount(trx: Trx, scope: PlatformScope, id: string) {
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

/** How an account shows itself to the people who book (a manage link's page knows only the account id). */
export async function accountPresentation(db: DbHandle, accountId: string) {
  return db
    .selectFrom('accounts')
    .select(['name', 'display_name', 'accent_color', 'timezone'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

/** The ids of a platform's accounts (both modes), a page at a time by id: workers that act per platform visit them. */
export async function accountIdsOfPlatform(db: DbHandle, platformId: string, afterId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('accounts').select('id').where('platform_id', '=', platformId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Which of these ids are accounts that exist (any platform): a sweep of what deleted accounts left behind. */
export async function existingAccountIds(db: DbHandle, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('accounts').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}
