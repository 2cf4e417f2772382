import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, RowUpdate } from '../../db/schema.js';
import type { PlatformScope } from '../../http/context.js';
import { listPage, whereMetadata, type PageParams } from '../../http/pagination.js';

export function findEndpoint(db: DbHandle, scope: PlatformScope, id: string, forUpdate = false) {
  let q = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertEndpoint(trx: Trx, row: NewRow<'webhook_endpoints'>) {
  return trx.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateEndpoint(trx: Trx, scope: PlatformScope, id: string, changes: RowUpdate<'webhook_endpoints'>) {
  return trx
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Its deliveries go with it (foreign key cascade): nothing is sent to a deleted endpoint. */
export function deleteEndpoint(trx: Trx, scope: PlatformScope, id: string) {
  return trx
    .deleteFrom('webhook_endpoints')
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id)
    .execute();
}

export function listEndpoints(db: DbHandle, scope: PlatformScope, page: PageParams, metadata: Record<string, string>) {
  const q = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode);
  return listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
}

/** The platform's pinned API version: the default of new endpoints. */
export async function platformApiVersion(db: DbHandle, platformId: string): Promise<string> {
  const row = await db.selectFrom('platforms').select('api_version').where('id', '=', platformId).executeTakeFirstOrThrow();
  return row.api_version;
}
