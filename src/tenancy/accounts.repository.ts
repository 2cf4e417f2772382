/** Account lookups that tenancy needs (auth resolves the Service-Account; reads take its time zone). */
import type { DbHandle } from '../db/transaction.js';
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
