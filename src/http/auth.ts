import type { FastifyRequest } from 'fastify';
import type { DbHandle } from '../db/transaction.js';
import { ApiError } from '../lib/errors.js';
import { findActiveKey } from '../tenancy/api-keys.repository.js';
import { isApiVersion } from '../lib/api-versions.js';
import { permissionRefusal, findSessionBySecret, type AuthContext, type ObjectKind, type BookingSessionRow } from '../tenancy/index.js';
import { isClientSecret } from '../tenancy/booking-sessions.repository.js';
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
export async function authenticate(
  db: DbHandle,
  req: FastifyRequest,
  access: RouteAccess,
  find: KeyLookup = findActiveKey,
  now: () => Date = () => new Date(),
): Promise<void> {
  const header = req.headers.authorization;
  if (!header) {
    throw new ApiError('api_key_missing', 'No API key provided. Send it as `Authorization: Bearer sk_test_…`.');
  }
  const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (bearer && isClientSecret(bearer)) return authenticateSession(db, req, access, bearer, now());
  const row = await lookupKey(db, req, find);
  if (!row) throw new ApiError('api_key_invalid', 'Invalid API key provided.');

  const apiVersion = requestedVersion(req, row.api_version);
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

/** Service-Version, else the credential's own version. */
function requestedVersion(req: FastifyRequest, own: string): string {
  const requested = req.headers['service-version'];
  if (requested === undefined) return own;
  const v = String(requested);
  if (!isApiVersion(v)) throw new ApiError('api_version_invalid', `Unknown API version '${v}'.`, 'Service-Version');
  return v;
}

/** The origin a client secret's response may be read from (CORS), per request. */
const corsOrigins = new WeakMap<FastifyRequest, string>();

/** `Access-Control-Allow-Origin` for this request's answer, or null: none is sent. */
export const allowedCorsOrigin = (req: FastifyRequest): string | null => corsOrigins.get(req) ?? null;

/**
 * Whether a browser on `origin` may use this session: one of its allowed_origins, or the
 * service's own pages (the hosted booking page). A request without Origin is not a browser's
 * cross-origin call, and is let through (servers, tests).
 */
function originAllowed(req: FastifyRequest, session: BookingSessionRow): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (session.allowed_origins.includes(origin)) return true;
  try {
    return new URL(origin).host === req.host;
  } catch {
    return false;
  }
}

/**
 * A booking session's client secret (docs/elements.md#the-client-secret): it acts for its
 * session's account, on the routes that declare a `session` operation only, from its allowed
 * origins only, until the session ends (a completed session may still read its booking).
 */
async function authenticateSession(db: DbHandle, req: FastifyRequest, access: RouteAccess, secret: string, now: Date): Promise<void> {
  const session = await findSessionBySecret(db, secret);
  if (!session) throw new ApiError('api_key_invalid', 'Invalid client secret provided.');
  if (!originAllowed(req, session)) {
    throw new ApiError('permission_denied', `This booking session does not allow requests from origin '${req.headers.origin}': add it to allowed_origins.`);
  }
  if (req.headers.origin !== undefined) corsOrigins.set(req, req.headers.origin);
  if (!access.session) {
    throw new ApiError(
      'permission_denied',
      "A booking session's client secret can only search its slots, hold one, fill in the customer, confirm, and read that booking; this operation needs an API key.",
    );
  }
  const ended = session.expired_at !== null || session.expires_at.getTime() <= now.getTime();
  if (ended || (session.completed_at !== null && access.session !== 'read')) {
    throw new ApiError('booking_session_expired', session.completed_at && !ended ? 'This booking session is completed.' : 'This booking session has expired.');
  }
  const account = req.headers['service-account'];
  if (account !== undefined && account !== '' && account !== session.account_id) {
    throw new ApiError('resource_missing', `No such account: '${String(account)}'`, 'Service-Account');
  }
  req.auth = {
    platformId: session.platform_id,
    livemode: session.livemode,
    keyId: session.id,
    permissions: {},
    boundAccountId: session.account_id,
    apiVersion: requestedVersion(req, session.api_version),
    bookingSession: session.id,
  };
  req.accountId = session.account_id;
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

/**
 * The router's `credential` constraint: a request whose bearer is a booking session's client
 * secret is `booking_session`. The booking-sessions feature serves its operations on the same
 * paths as the keys' routes (`POST /v1/availability`, `POST /v1/bookings`, …), constrained to
 * it; any other request, and a client secret on any other route, reaches the keys' routes,
 * whose auth refuses a client secret.
 */
export const credentialConstraint = {
  name: 'credential',
  storage() {
    const handlers = new Map<string, unknown>();
    return { get: (value: string) => (handlers.get(value) ?? null) as never, set: (value: string, store: unknown) => void handlers.set(value, store) };
  },
  deriveConstraint: (req: { headers: Record<string, string | string[] | undefined> }) =>
    /^Bearer\s+bks_/i.test(String(req.headers.authorization ?? '')) ? 'booking_session' : undefined,
  mustMatchWhenDerived: false,
  validate(value: unknown) {
    if (value !== 'booking_session') throw new Error("The credential constraint takes only 'booking_session'.");
  },
};
