import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { PlatformScope } from '../../tenancy/index.js';
import { listPage, whereMetadata, type PageParams } from '../../db/pagination.js';
import type { SecretsBox } from '../../lib/secrets-box.js';
import { eventsByIds } from '../../events/events.repository.js';

/*
 * The signing secret is stored sealed (src/lib/secrets-box.ts). Rows leave this file without
 * it, except in the one read that signs deliveries (eventsAndEndpointsOf), where it is opened:
 * no caller sees the ciphertext.
 */
type StoredEndpoint = Row<'webhook_endpoints'>;
export type EndpointRow = Omit<StoredEndpoint, 'secret'>;

function withoutSecret({ secret: _sealed, ...row }: StoredEndpoint): EndpointRow {
  return row;
}
const withoutSecretIfFound = (row: StoredEndpoint | undefined) => row && withoutSecret(row);

function endpointById(db: DbHandle, scope: PlatformScope, id: string) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id);
}

export function findEndpoint(db: DbHandle, scope: PlatformScope, id: string) {
  return endpointById(db, scope, id).executeTakeFirst().then(withoutSecretIfFound);
}

/** The endpoint, locked FOR UPDATE until the transaction ends. */
export function lockEndpoint(trx: Trx, scope: PlatformScope, id: string) {
  return endpointById(trx, scope, id).forUpdate().executeTakeFirst().then(withoutSecretIfFound);
}

/** An endpoint by its key alone (the delivery worker's health record), locked FOR UPDATE. */
/**
 * Locks an endpoint's row for a change of its health. FOR NO KEY UPDATE, not FOR UPDATE: the
 * foreign-key checks of every delivery a change of the platform writes take FOR KEY SHARE on
 * its endpoints, and must neither wait for the worker's record of attempts nor, once that
 * record locks several endpoints, deadlock with it.
 */
export function lockEndpointById(trx: Trx, platformId: string, id: string) {
  return trx.selectFrom('webhook_endpoints').selectAll().where('platform_id', '=', platformId).where('id', '=', id).forNoKeyUpdate().executeTakeFirst().then(withoutSecretIfFound);
}

/** The events and endpoints that deliveries claimed for one platform need, by id; the endpoints with their secret, opened. */
export async function eventsAndEndpointsOf(db: DbHandle, box: SecretsBox, platformId: string, claimed: readonly { event_id: string; endpoint_id: string }[]) {
  const [events, endpoints] = await Promise.all([
    eventsByIds(db, platformId, [...new Set(claimed.map((d) => d.event_id))]),
    db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('platform_id', '=', platformId)
      .where('id', 'in', [...new Set(claimed.map((d) => d.endpoint_id))])
      .execute(),
  ]);
  return [events, endpoints.map((e) => ({ ...e, secret: box.open(e.secret) }))] as const;
}

/** Updates an endpoint by its key alone (the delivery worker records its health). */
export function updateEndpointById(trx: Trx, platformId: string, id: string, changes: RowUpdate<'webhook_endpoints'>) {
  return trx.updateTable('webhook_endpoints').set(changes).where('platform_id', '=', platformId).where('id', '=', id).returningAll().executeTakeFirstOrThrow().then(withoutSecret);
}

/** Stores the endpoint with its secret sealed. */
export function insertEndpoint(trx: Trx, box: SecretsBox, row: NewRow<'webhook_endpoints'>) {
  return trx.insertInto('webhook_endpoints').values({ ...row, secret: box.seal(row.secret) }).returningAll().executeTakeFirstOrThrow().then(withoutSecret);
}

export function updateEndpoint(trx: Trx, scope: PlatformScope, id: string, changes: RowUpdate<'webhook_endpoints'>) {
  return trx
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(withoutSecret);
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

export async function listEndpoints(db: DbHandle, scope: PlatformScope, page: PageParams, metadata: Record<string, string>) {
  const q = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode);
  const found = await listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
  return { ...found, rows: found.rows.map(withoutSecret) };
}

/** The platform's endpoints in this mode (counted under the platform's lock, `lockPlatform` of tenancy). */
export async function countEndpoints(trx: Trx, scope: PlatformScope): Promise<number> {
  const { n } = await trx
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Rotation (src/secrets/rotation.ts): a platform's stored secrets, a page at a time, by id. */
export function storedSecretsPage(db: DbHandle, platformId: string, afterId: string, limit: number) {
  return db.selectFrom('webhook_endpoints').select(['id', 'secret']).where('platform_id', '=', platformId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** Replaces a stored secret by the same secret sealed again, unless it changed meanwhile. */
export async function resealSecret(db: DbHandle, platformId: string, id: string, stored: string, resealed: string): Promise<boolean> {
  const res = await db.updateTable('webhook_endpoints').set({ secret: resealed }).where('platform_id', '=', platformId).where('id', '=', id).where('secret', '=', stored).executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** The ids of the keys that sealed the stored secrets (a start-up check, across platforms). */
export async function secretKeyIdsInUse(db: DbHandle): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(sql<string>`split_part(secret, ':', 2)`.as('key_id'))
    .where('secret', 'like', 'v1:%')
    .distinct()
    .execute();
  return rows.map((r) => r.key_id);
}
