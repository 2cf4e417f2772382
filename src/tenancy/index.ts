/**
 * Tenancy: who a request acts for, and what a key may see. Platform + mode scope the
 * platform-level objects (accounts, events, webhook endpoints); platform + mode + account scope
 * every account-owned object. Repositories take these scopes; nothing here knows HTTP.
 */
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
