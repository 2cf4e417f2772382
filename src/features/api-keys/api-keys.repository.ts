/** SQL of API key management over HTTP; every query is scoped by platform and mode. */
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { PlatformScope } from '../../tenancy/index.js';
import { listPage, type PageParams } from '../../db/pagination.js';

const columns = ['id', 'livemode', 'kind', 'last4', 'name', 'permissions', 'account_id', 'created_at', 'revoked_at'] as const;

export type ApiKeyRow = Awaited<ReturnType<typeof findRestrictedKey>> & {};

/** Restricted keys only: secret keys are the operator's (`scheduling keys …`), never listed or revoked over HTTP. */
export async function findRestrictedKey(db: DbHandle, scope: PlatformScope, id: string) {
  return db
    .selectFrom('api_keys')
    .select(columns)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('kind', '=', 'restricted')
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listRestrictedKeys(db: DbHandle, scope: PlatformScope, page: PageParams) {
  const qb = db
    .selectFrom('api_keys')
    .select(columns)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('kind', '=', 'restricted');
  return listPage(qb, 'id', page);
}

export async function setRevoked(trx: Trx, scope: PlatformScope, id: string, now: Date) {
  return trx
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('kind', '=', 'restricted')
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(columns)
    .executeTakeFirst();
}
