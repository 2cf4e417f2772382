/** The idempotency_keys table (docs/api-conventions.md#idempotency): claims, stored responses, retention. */
import { sql } from 'kysely';
import type { DbHandle } from '../db/transaction.js';

export interface ClaimKey {
  platformId: string;
  livemode: boolean;
  key: string;
}

/**
 * Claims a key for a request: inserts it `in_flight`, or takes over a row that is forgotten
 * (created before `forgottenBefore`) or an abandoned claim (in flight since before
 * `abandonedBefore`). Returns whether the claim is ours.
 */
export async function claimKey(
  db: DbHandle,
  k: ClaimKey,
  accountId: string | null,
  hash: string,
  now: Date,
  forgottenBefore: Date,
  abandonedBefore: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ platform_id: k.platformId, livemode: k.livemode, key: k.key, account_id: accountId, request_hash: hash, state: 'in_flight', created_at: now })
    .onConflict((oc) =>
      oc
        .columns(['platform_id', 'livemode', 'key'])
        .doUpdateSet({ account_id: accountId, request_hash: hash, state: 'in_flight', response_status: null, response_body: null, created_at: now })
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.created_at', '<', forgottenBefore),
            eb.and([eb('idempotency_keys.state', '=', 'in_flight'), eb('idempotency_keys.created_at', '<', abandonedBefore)]),
          ]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  return !!inserted;
}

export function findKey(db: DbHandle, k: ClaimKey) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('platform_id', '=', k.platformId)
    .where('livemode', '=', k.livemode)
    .where('key', '=', k.key)
    .executeTakeFirst();
}

export async function storeResponse(db: DbHandle, k: ClaimKey, status: number, body: string): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', response_status: status, response_body: body })
    .where('platform_id', '=', k.platformId)
    .where('livemode', '=', k.livemode)
    .where('key', '=', k.key)
    .execute();
}

export async function releaseKey(db: DbHandle, k: ClaimKey): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('platform_id', '=', k.platformId).where('livemode', '=', k.livemode).where('key', '=', k.key).execute();
}

/** Deletes up to `limit` keys created before `cutoff`; returns how many. */
export async function deleteKeysCreatedBefore(db: DbHandle, cutoff: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from idempotency_keys where (platform_id, livemode, key) in (
      select platform_id, livemode, key from idempotency_keys where created_at < ${cutoff}::timestamptz limit ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Up to `limit` stored responses of one account after `afterKey`, in key order, whose body
 * contains one of `needles` (compared whatever its case): the replays that may copy a customer
 * being erased (docs/privacy.md#erasure). Responses stored before the acting account was
 * recorded (no account) are included: any of them may hold the customer, and they are gone
 * within the 24 hours keys are kept.
 */
export function storedResponsesContaining(db: DbHandle, scope: { platformId: string; livemode: boolean; accountId: string }, needles: readonly string[], afterKey: string, limit: number) {
  return db
    .selectFrom('idempotency_keys')
    .select(['key', 'response_body'])
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where((eb) => eb.or([eb('account_id', '=', scope.accountId), eb('account_id', 'is', null)]))
    .where('key', '>', afterKey)
    .where(sql<boolean>`(${sql.join(needles.map((n) => sql`response_body ilike ${`%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`), sql` or `)})`)
    .orderBy('key')
    .limit(limit)
    .execute();
}

/** Rewrites a stored response (an erasure replaced a customer's copies in it). */
export async function rewriteStoredResponse(db: DbHandle, platformId: string, livemode: boolean, key: string, body: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response_body: body }).where('platform_id', '=', platformId).where('livemode', '=', livemode).where('key', '=', key).execute();
}
