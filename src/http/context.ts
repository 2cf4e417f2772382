/** What auth resolved for one request; every service call is scoped by it. */
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

/** Declared per route in `config`. */
export interface RouteAccess {
  /** Whether the Service-Account header is required, optional (narrows), or not used. */
  account: 'required' | 'optional' | 'none';
  permission: PermissionFamily;
  /**
   * The grant a restricted key needs. Default: `read` for GET/HEAD, `write` otherwise.
   * Set `read` on POST routes that only read (availability search takes a body).
   */
  level?: 'read' | 'write';
  /** Unauthenticated routes (health, docs). */
  public?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
    accountId: string | null;
    rawBody: string | undefined;
    idempotency: { key: string; platformId: string; livemode: boolean } | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export function accountScope(req: { auth: AuthContext; accountId: string | null }): AccountScope {
  if (!req.accountId) throw new Error('route declared no account access');
  return { platformId: req.auth.platformId, livemode: req.auth.livemode, accountId: req.accountId };
}

export function platformScope(req: { auth: AuthContext }): PlatformScope {
  return { platformId: req.auth.platformId, livemode: req.auth.livemode };
}
