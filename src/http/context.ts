/** The per-request context fastify carries: the auth result, the account, route access. */
import type { AccountScope, AuthContext, ObjectKind, PlatformScope } from '../tenancy/index.js';

/** Declared per route in `config`. */
export interface RouteAccess {
  /** Whether the Service-Account header is required, optional (narrows), or not used. */
  account: 'required' | 'optional' | 'none';
  /** The kind of object the route is about (the one its path names, or lists, or creates). */
  permission: ObjectKind;
  /**
   * The grant a restricted key needs. Default: `read` for GET/HEAD, `write` otherwise.
   * Set `read` on POST routes that only read (availability search takes a body).
   */
  level?: 'read' | 'write';
  /** Unauthenticated routes (health, docs). */
  public?: boolean;
  /**
   * A public route whose path is its credential (a manage link, a feed URL): rate limited per
   * client address with the test limit, as a request without a valid key is, so that one
   * link's holder cannot flood the search and writes behind it (docs/configuration.md#rate-limits).
   */
  limitPerAddress?: boolean;
  /**
   * Objects of other kinds the operation names in its body or query, with what it does to
   * them (an event resend names the `endpoint` it sends to: `{ webhook_endpoints: 'write' }`).
   * Auth asks the one permission rule for each, exactly as for the route's own object, so a
   * key cannot reach through a body field what it cannot reach through the object's own routes.
   */
  names?: Partial<Record<ObjectKind, 'read' | 'write'>>;
  /**
   * Any valid key may call it: the handler checks each operation against the key's grants
   * (the MCP endpoint, whose tools each need their REST route's grant). `permission` is then
   * only the family the route is listed under.
   */
  grantsPerOperation?: boolean;
  /**
   * What a booking session's client secret does on this route (docs/elements.md#the-client-secret).
   * A client secret reaches only routes that declare one; every other route refuses it.
   */
  session?: 'search' | 'hold' | 'fill' | 'confirm' | 'read';
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
    /**
     * Fields left out of the response stored for Idempotency-Key replays: a secret shown once
     * (a new key's `secret`) is never written to the database.
     */
    replayOmits?: readonly string[];
    /**
     * false: not counted as an API request in usage, because the work it does is counted
     * (the MCP endpoint: each tool call counts as the REST request it makes).
     */
    metered?: boolean;
  }
}

export function accountScope(req: { auth: AuthContext; accountId: string | null }): AccountScope {
  if (!req.accountId) throw new Error('route declared no account access');
  return { platformId: req.auth.platformId, livemode: req.auth.livemode, accountId: req.accountId };
}

export function platformScope(req: { auth: AuthContext }): PlatformScope {
  return { platformId: req.auth.platformId, livemode: req.auth.livemode };
}
