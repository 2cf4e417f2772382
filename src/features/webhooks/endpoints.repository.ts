import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, RowUpdate } from '../../db/schema.js';
import type { PlatformScope } from '../../tenancy/index.js';
import { listPage, whereMetadata, type PageParams } from '../../db/pagination.js';

function endpointById(db: DbHandle, scope: PlatformScope, id: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id);
}

export function findEndpoint(db: DbHandle, scope: PlatformScope, id: string) {
  return endpointById(db, scope, id).executeTakeFirst();
}

/** The endpoint, locked FOR UPDATE until the transaction ends. */
export function lockEndpoint(trx: Trx, scope: PlatformScope, id: string) {
  return endpointById(trx, scope, id).forUpdate().executeTakeFirst();
}

/** An endpoint by its key alone (the delivery worker's health record), locked FOR UPDATE. */
export function lockEndpointById(trx: Trx, platformId: string, id: string) {
  return trx.selectFrom('webhook_endpoints').selectAll().where('platform_id', '=', platformId).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The events and endpoints that deliveries claimed for one platform need, by id. */
export async function eventsAndEndpointsOf(db: DbHandle, platformId: string, claimed: readonly { event_id: string; endpoint_id: string }[]) {
  return Promise.all([
    db
      .selectFrom('events')
      .selectAll()
      .where('platform_id', '=', platformId)
      .where('id', 'in', [...new Set(claimed.map((d) => d.event_id))])
      .execute(),
    db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('platform_id', '=', platformId)
      .where('id', 'in', [...new Set(claimed.map((d) => d.endpoint_id))])
      .execute(),
  ]);
}

/** Updates an endpoint by its key alone (the delivery worker records its health). */
export function updateEndpointById(trx: Trx, platformId: string, id: string, changes: RowUpdate<'webhook_endpoints'>) {
  return trx.updateTable('webhook_endpoints').set(changes).where('platform_id', '=', platformId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
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

/**
 * The platform's endpoints in this mode, counted under a lock on the platform row, so that
 * two creations cannot both take the last place under the cap.
 */
export async function countEndpointsLockingPlatform(trx: Trx, scope: PlatformScope): Promise<number> {
  await trx.selectFrom('platforms').select('id').where('id', '=', scope.platformId).forUpdate().executeTakeFirst();
  const { n } = await trx
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .executeTakeFirstOrThrow();
  return Number(n);
}
