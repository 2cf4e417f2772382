import type { FastifyRequest } from 'fastify';
import type { DbHandle } from '../db/transaction.js';
import { ApiError } from './errors.js';
import { findActiveKey } from '../features/platforms/api-keys.js';
import { isApiVersion } from '../events/versions.js';
import type { AuthContext, RouteAccess } from './context.js';

const KEY_SHAPE = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;

/** Bearer key → platform, mode, permissions; Service-Version → the version to render in. */
export async function authenticate(db: DbHandle, req: FastifyRequest, access: RouteAccess): Promise<void> {
  const header = req.headers.authorization;
  if (!header) {
    throw new ApiError('api_key_missing', 'No API key provided. Send it as `Authorization: Bearer sk_test_…`.');
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const secret = match?.[1];
  const row = secret && KEY_SHAPE.test(secret) ? await findActiveKey(db, secret) : null;
  if (!row) throw new ApiError('api_key_invalid', 'Invalid API key provided.');

  const requested = req.headers['service-version'];
  let apiVersion = row.api_version;
  if (requested !== undefined) {
    const v = String(requested);
    if (!isApiVersion(v)) throw new ApiError('api_version_invalid', `Unknown API version '${v}'.`, 'Service-Version');
    apiVersion = v;
  }
  const auth: AuthContext = {
    platformId: row.platform_id,
    livemode: row.livemode,
    keyId: row.id,
    permissions: row.kind === 'restricted' ? (row.permissions ?? {}) : null,
    boundAccountId: row.account_id,
    apiVersion,
  };
  req.auth = auth;
  checkPermission(auth, access, req.method);
  await resolveAccount(db, req, access);
}

function checkPermission(auth: AuthContext, access: RouteAccess, method: string) {
  if (!auth.permissions) return;
  const level = auth.permissions[access.permission] ?? 'none';
  const needed = access.level ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');
  const ok = needed === 'read' ? level === 'read' || level === 'write' : level === 'write';
  if (!ok) {
    throw new ApiError(
      'permission_denied',
      `This restricted key lacks ${needed} access to ${access.permission}.`,
    );
  }
}

async function resolveAccount(db: DbHandle, req: FastifyRequest, access: RouteAccess) {
  req.accountId = null;
  const raw = req.headers['service-account'];
  const header = raw === undefined || raw === '' ? null : String(raw);
  const bound = req.auth.boundAccountId;
  if (access.account === 'none') return;
  const wanted = header ?? bound;
  if (!wanted) {
    if (access.account === 'optional') return;
    throw new ApiError(
      'service_account_required',
      'This operation acts for one business: send its id in the `Service-Account` header.',
      'Service-Account',
    );
  }
  const missing = new ApiError('resource_missing', `No such account: '${wanted}'`, 'Service-Account');
  if (bound && wanted !== bound) throw missing;
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', wanted)
    .where('platform_id', '=', req.auth.platformId)
    .where('livemode', '=', req.auth.livemode)
    .executeTakeFirst();
  if (!account) throw missing;
  req.accountId = account.id;
}
