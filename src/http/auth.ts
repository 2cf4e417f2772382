import type { FastifyRequest } from 'fastify';
import type { DbHandle } from '../db/transaction.js';
import { ApiError } from '../lib/errors.js';
import { findActiveKey } from '../tenancy/api-keys.repository.js';
import { isApiVersion } from '../lib/api-versions.js';
import { permissionRefusal, type AuthContext, type ObjectKind } from '../tenancy/index.js';
import type { RouteAccess } from './context.js';

const KEY_SHAPE = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;

export type KeyRow = Awaited<ReturnType<typeof findActiveKey>>;
const lookups = new WeakMap<FastifyRequest, Promise<KeyRow>>();

/** Looks a key up (with the account it would act for); the HTTP server may put a cache in front. */
export type KeyLookup = (db: DbHandle, secret: string, accountId: string | null) => Promise<KeyRow>;

/** The Service-Account header, or null when absent or empty. */
function accountHeader(req: FastifyRequest): string | null {
  const raw = req.headers['service-account'];
  return raw === undefined || raw === '' ? null : String(raw);
}

/**
 * The request's active key (null: none, malformed or unknown), looked up once per request: the
 * rate limiter needs it before the body is read, auth after, and neither pays twice. The same
 * statement checks the account the request acts for (Service-Account, or the key's own).
 */
export function lookupKey(db: DbHandle, req: FastifyRequest, find: KeyLookup = findActiveKey): Promise<KeyRow> {
  let lookup = lookups.get(req);
  if (!lookup) {
    const secret = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    lookup = secret && KEY_SHAPE.test(secret) ? find(db, secret, accountHeader(req)) : Promise.resolve(null);
    lookups.set(req, lookup);
  }
  return lookup;
}

/** Bearer key → platform, mode, permissions; Service-Version → the version to render in. */
export async function authenticate(db: DbHandle, req: FastifyRequest, access: RouteAccess, find: KeyLookup = findActiveKey): Promise<void> {
  const header = req.headers.authorization;
  if (!header) {
    throw new ApiError('api_key_missing', 'No API key provided. Send it as `Authorization: Bearer sk_test_…`.');
  }
  const row = await lookupKey(db, req, find);
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
  resolveAccount(req, access, row.scoped_account_id);
}

/** The grant a restricted key needs on the route's own object. */
export const neededLevel = (access: RouteAccess, method: string): 'read' | 'write' =>
  access.level ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');

/**
 * Why this key may not call this route, or null: the one permission rule (src/tenancy) asked
 * for the route's own object and for every object it names in its body or query. The MCP
 * endpoint asks it per tool.
 */
export function routeRefusal(auth: AuthContext, access: RouteAccess, method: string): string | null {
  const named = Object.entries(access.names ?? {}) as [ObjectKind, 'read' | 'write'][];
  for (const [kind, needed] of [[access.permission, neededLevel(access, method)] as const, ...named]) {
    const refusal = permissionRefusal(auth, kind, needed);
    if (refusal) return refusal;
  }
  return null;
}

function checkPermission(auth: AuthContext, access: RouteAccess, method: string) {
  if (access.grantsPerOperation) return;
  const refusal = routeRefusal(auth, access, method);
  if (refusal) throw new ApiError('permission_denied', refusal);
}

/** The account the request acts for; `inScope` is the key lookup's check of that same account. */
function resolveAccount(req: FastifyRequest, access: RouteAccess, inScope: string | null) {
  req.accountId = null;
  const header = accountHeader(req);
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
  if ((bound && wanted !== bound) || inScope !== wanted) {
    throw new ApiError('resource_missing', `No such account: '${wanted}'`, 'Service-Account');
  }
  req.accountId = inScope;
}
