import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../db/transaction.js';
import { json } from '../db/transaction.js';
import { listPage, type PageParams } from '../db/pagination.js';
import { newId, ID_PREFIX } from '../lib/ids.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { PermissionFamily, PermissionLevel, PlatformScope } from './index.js';
import { accountInScope } from './accounts.repository.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomSecret(length = 32): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b < 248) out += ALNUM[b % 62];
    if (out.length === length) break;
  }
  return out.length === length ? out : out + randomSecret(length - out.length);
}

/** SHA-256, hex. Every authenticated request hashes its key: the one-shot `hash` (Node 20.12+) allocates no Hash object. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface NewKeyInput {
  platformId: string;
  livemode: boolean;
  kind: 'secret' | 'restricted';
  name?: string | null;
  permissions?: Partial<Record<PermissionFamily, PermissionLevel>> | null;
  accountId?: string | null;
  /** A fixed secret (BOOTSTRAP_API_KEY); otherwise one is generated. */
  secret?: string;
}

export async function createApiKey(db: DbHandle, input: NewKeyInput, clock: Clock = systemClock): Promise<{ id: string; secret: string }> {
  const prefix = `${input.kind === 'secret' ? 'sk' : 'rk'}_${input.livemode ? 'live' : 'test'}_`;
  const secret = input.secret ?? prefix + randomSecret();
  const id = newId(ID_PREFIX.apiKey);
  await db
    .insertInto('api_keys')
    .values({
      id,
      platform_id: input.platformId,
      livemode: input.livemode,
      kind: input.kind,
      secret_hash: hashSecret(secret),
      last4: secret.slice(-4),
      name: input.name ?? null,
      permissions: input.permissions ? json(input.permissions) : null,
      account_id: input.accountId ?? null,
      created_at: clock.now(),
    })
    .execute();
  return { id, secret };
}

/**
 * The active key with this secret, and the account a request with it acts for:
 * `accountId` (the Service-Account header) or else the account the key is bound to, when that
 * account exists in the key's platform and mode (`scoped_account_id`, null otherwise).
 *
 * With the header, one statement: the account is joined by that id, so on Citus the join is
 * pinned to its shard. A bound key without the header needs a second, pinned statement: a
 * join on `api_keys.account_id` would give Citus no value to route by (docs/scaling.md).
 */
export async function findActiveKey(db: DbHandle, secret: string, accountId: string | null = null) {
  const hash = hashSecret(secret);
  const keys = db
    .selectFrom('api_keys')
    .innerJoin('platforms', 'platforms.id', 'api_keys.platform_id')
    .select([
      'api_keys.id',
      'api_keys.platform_id',
      'api_keys.livemode',
      'api_keys.kind',
      'api_keys.secret_hash',
      'api_keys.permissions',
      'api_keys.account_id',
      'api_keys.revoked_at',
      'platforms.api_version',
    ])
    .where('api_keys.secret_hash', '=', hash);
  const row =
    accountId === null
      ? await keys.select(sql<string | null>`null`.as('scoped_account_id')).executeTakeFirst()
      : await keys
          .leftJoin('accounts', (join) =>
            join
              .on('accounts.id', '=', accountId)
              .onRef('accounts.platform_id', '=', 'api_keys.platform_id')
              .onRef('accounts.livemode', '=', 'api_keys.livemode'),
          )
          .select('accounts.id as scoped_account_id')
          .executeTakeFirst();
  // The lookup is by hash; the constant-time compare guards against any index-timing leak.
  if (!row || !sameHash(row.secret_hash, hash) || row.revoked_at) return null;
  if (accountId === null && row.account_id !== null) {
    const scope = { platformId: row.platform_id, livemode: row.livemode };
    return { ...row, scoped_account_id: (await accountInScope(db, scope, row.account_id)) ?? null };
  }
  return row;
}

export async function listKeys(db: DbHandle, platformId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'livemode', 'kind', 'last4', 'name', 'permissions', 'account_id', 'created_at', 'revoked_at'])
    .where('platform_id', '=', platformId)
    .orderBy('id')
    .execute();
}

export async function revokeKey(db: DbHandle, keyId: string, clock: Clock = systemClock): Promise<boolean> {
  const res = await db
    .updateTable('api_keys')
    .set({ revoked_at: clock.now() })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

// The API keys API (src/features/api-keys/): restricted keys only, every query scoped by
// platform and mode. Secret keys are the operator's (`scheduling keys …`), never listed or
// revoked over HTTP.

const restrictedColumns = ['id', 'livemode', 'kind', 'last4', 'name', 'permissions', 'account_id', 'created_at', 'revoked_at'] as const;

export type ApiKeyRow = Awaited<ReturnType<typeof findRestrictedKey>> & {};

export async function findRestrictedKey(db: DbHandle, scope: PlatformScope, id: string) {
  return db
    .selectFrom('api_keys')
    .select(restrictedColumns)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('kind', '=', 'restricted')
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listRestrictedKeys(db: DbHandle, scope: PlatformScope, page: PageParams) {
  const qb = db
    .selectFrom('api_keys')
    .select(restrictedColumns)
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('kind', '=', 'restricted');
  return listPage(qb, 'id', page);
}

export async function revokeRestrictedKey(trx: Trx, scope: PlatformScope, id: string, now: Date) {
  return trx
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('kind', '=', 'restricted')
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(restrictedColumns)
    .executeTakeFirst();
}
