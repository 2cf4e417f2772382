import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/errors.js';
import { platformBucket, rateLimitHeaders, type RateLimiter } from './limiter.js';

/** Who a request counts against: a platform and mode, or (no valid key) its client address. */
export type IdentifyCaller = (req: FastifyRequest) => Promise<{ platformId: string; livemode: boolean } | null>;

/**
 * The onRequest step of rate limiting (docs/configuration.md, "Rate limits"). It runs before the
 * body is read, so every answer — a 400 for a body that is not JSON as much as a 200 — carries
 * the headers, and a refused request costs no parsing. Public routes (health, docs, metrics) are
 * not limited, except those whose path is the credential (`limitPerAddress`). A request without
 * a valid key, and one to such a route, counts against its client address with the test limit:
 * guessing keys or links is throttled too.
 */
export function rateLimitHook(limiter: RateLimiter, identify: IdentifyCaller) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const access = req.routeOptions.config?.access;
    if (access?.public && !access.limitPerAddress) return;
    const caller = access?.public ? null : await identify(req);
    const livemode = caller?.livemode ?? false;
    const bucket = caller ? platformBucket(caller.platformId, caller.livemode) : `address:${req.ip}`;
    const decision = await limiter.check(bucket, livemode);
    reply.headers(rateLimitHeaders(decision));
    if (!decision.allowed) {
      reply.header('Retry-After', String(decision.resetSeconds));
      throw new ApiError(
        'rate_limited',
        `Too many requests: this platform may make ${decision.limit} ${livemode ? 'live' : 'test'} requests per ${decision.windowSeconds === 1 ? 'second' : `${decision.windowSeconds} seconds`}. Retry after ${decision.resetSeconds} s.`,
      );
    }
  };
}
