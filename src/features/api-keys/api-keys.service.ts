/**
 * API key management over HTTP (docs/api-keys.md): a platform's secret key creates, lists and
 * revokes restricted keys of its own mode, optionally bound to one account, without asking the
 * operator. Restricted keys can never manage keys (a key could otherwise mint itself more
 * rights). The secret is returned once, by create; only its hash is stored.
 */
import type { DbHandle } from '../../db/transaction.js';
import { withTransaction } from '../../db/transaction.js';
import {
  createApiKey,
  findRestrictedKey,
  listRestrictedKeys,
  requirePermission,
  revokeRestrictedKey,
  type AuthContext,
  type PermissionFamily,
  type PermissionLevel,
  type PlatformScope,
} from '../../tenancy/index.js';
import { notFound } from '../../lib/errors.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { recordEvent } from '../../events/outbox.repository.js';
import { accountInScope } from '../../tenancy/accounts.repository.js';
import { serializeApiKey } from './api-keys.serializer.js';

export interface CreateRestrictedKeyInput {
  permissions: Partial<Record<PermissionFamily, PermissionLevel>>;
  account?: string | null;
  name?: string | null;
}

export class ApiKeysService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: { now(): Date },
  ) {}

  async create(scope: PlatformScope, auth: Pick<AuthContext, 'permissions'>, input: CreateRestrictedKeyInput) {
    requirePermission(auth, 'api_keys', 'write');
    return withTransaction(this.db, async (trx) => {
      const now = this.clock.now();
      const accountId = input.account ?? null;
      if (accountId !== null && !(await accountInScope(trx, scope, accountId))) {
        throw notFound('account', accountId, 'account');
      }
      // Only grants are stored: a family left out (or `none`) is denied.
      const permissions = Object.fromEntries(Object.entries(input.permissions).filter(([, level]) => level !== 'none'));
      const created = await createApiKey(trx, {
        platformId: scope.platformId,
        livemode: scope.livemode,
        kind: 'restricted',
        name: input.name ?? null,
        permissions,
        accountId,
      });
      const row = await findRestrictedKey(trx, scope, created.id);
      const key = serializeApiKey(row!);
      await recordEvent(trx, { ...scope, accountId }, 'api_key.created', key, null, now);
      return { ...key, secret: created.secret };
    });
  }

  async list(scope: PlatformScope, auth: Pick<AuthContext, 'permissions'>, page: PageParams) {
    requirePermission(auth, 'api_keys', 'read');
    return toPage(await listRestrictedKeys(this.db, scope, page), serializeApiKey);
  }

  async get(scope: PlatformScope, auth: Pick<AuthContext, 'permissions'>, id: string) {
    requirePermission(auth, 'api_keys', 'read');
    const row = await findRestrictedKey(this.db, scope, id);
    if (!row) throw notFound('API key', id);
    return serializeApiKey(row);
  }

  /** Revokes a restricted key: it answers 401 api_key_invalid from then on. Revoking twice changes nothing. */
  async revoke(scope: PlatformScope, auth: Pick<AuthContext, 'permissions'>, id: string) {
    requirePermission(auth, 'api_keys', 'write');
    return withTransaction(this.db, async (trx) => {
      const now = this.clock.now();
      const revoked = await revokeRestrictedKey(trx, scope, id, now);
      if (!revoked) {
        const existing = await findRestrictedKey(trx, scope, id);
        if (!existing) throw notFound('API key', id);
        return serializeApiKey(existing);
      }
      const key = serializeApiKey(revoked);
      await recordEvent(trx, { ...scope, accountId: revoked.account_id }, 'api_key.revoked', key, { status: 'active', revoked_at: null }, now);
      return key;
    });
  }
}
