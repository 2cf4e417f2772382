/**
 * Tenancy: who a request acts for, and what a key may see and do. Platform + mode scope the
 * platform-level objects (accounts, events, webhook endpoints, API keys, usage); platform +
 * mode + account scope every account-owned object. Repositories take these scopes; nothing
 * here knows HTTP.
 */
import { ApiError } from '../lib/errors.js';

// The API keys API asks the owner of `api_keys` for its restricted keys.
export { createApiKey, findRestrictedKey, listRestrictedKeys, revokeRestrictedKey, type ApiKeyRow } from './api-keys.repository.js';
// Webhook endpoints take the platform's API version, and count under the platform's lock.
export { lockPlatform, platformApiVersion } from './platforms.repository.js';
// Booking sessions are credentials, resolved by auth: tenancy owns their table.
export {
  accountsWithLapsedSessions,
  nextSessionLapse,
  claimLapsedSessions,
  findSession,
  findSessionBySecret,
  hashClientSecret,
  eraseCustomerOfSessions,
  accountsWithSessionPrefillBefore,
  eraseSessionPrefillsEndedBefore,
  insertSession,
  listSessions,
  sessionsAfter,
  lockSession,
  someOpenSessionAllowsOrigin,
  updateSession,
  type BookingSessionRow,
} from './booking-sessions.repository.js';

export type PermissionLevel = 'none' | 'read' | 'write';

export const PERMISSION_FAMILIES = [
  'accounts',
  'resources',
  'locations',
  'schedules',
  'blocks',
  'availability',
  'bookings',
  'series',
  'events',
  'webhook_endpoints',
  'usage',
] as const;
export type PermissionFamily = (typeof PERMISSION_FAMILIES)[number];

/** What auth resolved for one request; every service call is scoped by it. */
export interface AuthContext {
  platformId: string;
  livemode: boolean;
  keyId: string;
  /** null for secret keys (full access). */
  permissions: Partial<Record<PermissionFamily, PermissionLevel>> | null;
  /** Restricted keys may be bound to one account. */
  boundAccountId: string | null;
  apiVersion: string;
  /**
   * A booking session's client secret (docs/elements.md) acts as its session, not as a key:
   * the session's id. It reaches only the routes that declare a `session` operation.
   */
  bookingSession?: string;
}

/** Platform + mode: the scope of platform-level objects (accounts, events, webhook endpoints). */
export interface PlatformScope {
  platformId: string;
  livemode: boolean;
}

/** Platform + mode + account: the scope of every account-owned object. */
export interface AccountScope extends PlatformScope {
  accountId: string;
}

/**
 * THE visibility rule of account-bound keys: a key bound to one account sees only what
 * belongs to that account. Platform-level objects that carry an account (events, and the
 * deliveries and resends of an event) are visible to a bound key only when they carry its
 * account; an unbound key sees every one of its platform and mode.
 */
export function boundKeyMaySee(boundAccountId: string | null, objectAccountId: string | null): boolean {
  return !boundAccountId || objectAccountId === boundAccountId;
}

/**
 * What an operation can name: an object family a restricted key can be granted, or API keys,
 * which no grant reaches (a key must never be able to mint itself more rights).
 */
export type ObjectKind = PermissionFamily | 'api_keys';

/**
 * The objects that belong to the platform itself, carry no account and concern every account
 * (an endpoint receives every account's events; usage counts every account): no key bound to
 * one account reaches them, whatever its grants. Accounts and events are platform-level too,
 * but each carries an account, so a bound key sees its own (`boundKeyMaySee`).
 */
const PLATFORM_OWNED: Partial<Record<ObjectKind, string>> = {
  webhook_endpoints: 'Webhook endpoints',
  usage: 'Usage',
  api_keys: 'API keys',
};

export const isPlatformOwned = (kind: ObjectKind): boolean => kind in PLATFORM_OWNED;

/**
 * THE permission rule, asked by every door for every object an operation names (in its path,
 * body or query): whether this key may `needed` objects of `kind`, and if not, why. Secret keys
 * may everything; API keys are for secret keys only; a bound key never reaches a platform-owned
 * object; otherwise the key needs the grant (`write` includes `read`). The table of who may do
 * what is docs/api-keys.md#who-may-do-what.
 */
export function permissionRefusal(
  auth: { permissions: AuthContext['permissions']; boundAccountId?: string | null },
  kind: ObjectKind,
  needed: 'read' | 'write',
): string | null {
  if (!auth.permissions) return null;
  if (kind === 'api_keys') return 'Only a secret key (sk_…) can manage API keys; restricted keys cannot, whatever their permissions.';
  if (auth.boundAccountId && isPlatformOwned(kind)) {
    return `${PLATFORM_OWNED[kind]} belong to the platform; a key bound to one account cannot reach them.`;
  }
  const level = auth.permissions[kind] ?? 'none';
  const granted = needed === 'read' ? level === 'read' || level === 'write' : level === 'write';
  return granted ? null : `This restricted key lacks ${needed} access to ${kind}.`;
}

/** `permissionRefusal` as a 403 permission_denied. */
export function requirePermission(auth: Parameters<typeof permissionRefusal>[0], kind: ObjectKind, needed: 'read' | 'write'): void {
  const refusal = permissionRefusal(auth, kind, needed);
  if (refusal) throw new ApiError('permission_denied', refusal);
}
