import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbHandle } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import { claimKey, deleteKeysCreatedBefore, findKey, releaseKey, rewriteStoredResponse, storeResponse, storedResponsesContaining } from './idempotency.repository.js';

/**
 * Idempotency keys are kept 24 hours (docs/api-conventions.md#idempotency): an older key is
 * forgotten by a new claim, and deleted by the retention job.
 */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;

/**
 * A claim still `in_flight` after this long belongs to a request whose process died (a crash
 * between the claim and the stored response): it no longer blocks the key. No request runs
 * this long (shutdown waits 8 s at most for requests in flight).
 */
export const IN_FLIGHT_ABANDONED_MS = 5 * 60 * 1000;

/**
 * What makes two requests "the same": method, URL, account, API version and body. The version
 * is part of it because the stored response is rendered in it: a replay under another
 * Service-Version would carry a body of one version under a header naming another.
 */
function requestHash(req: FastifyRequest): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n${req.accountId ?? ''}\n${req.auth?.apiVersion ?? ''}\n${req.rawBody ?? ''}`)
    .digest('hex');
}

/**
 * Claims an Idempotency-Key before the handler runs (docs/api-conventions.md#idempotency). Returns true when
 * the request was answered from the store (replay) and the handler must not run.
 */
export async function claimIdempotencyKey(db: DbHandle, clock: Clock, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  req.idempotency = null;
  const raw = req.headers['idempotency-key'];
  if (req.method !== 'POST' || raw === undefined) return false;
  const key = String(raw);
  if (key.length === 0 || key.length > 255) {
    throw new ApiError('parameter_invalid', 'Idempotency-Key must be 1 to 255 characters.', 'Idempotency-Key');
  }
  const { platformId, livemode } = req.auth;
  const hash = requestHash(req);
  const now = clock.now();
  const claim = { key, platformId, livemode };
  if (await claimKey(db, claim, req.accountId ?? null, hash, now, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS), new Date(now.getTime() - IN_FLIGHT_ABANDONED_MS))) {
    req.idempotency = claim;
    return false;
  }
  const existing = await findKey(db, claim);
  if (!existing) {
    // Released between our insert and this read (the first request failed with a 5xx): retry.
    throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key has just finished. Retry.', 'Idempotency-Key');
  }
  if (existing.request_hash !== hash) {
    throw new ApiError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request (another URL, account, body or Service-Version). Use a new key for a new request.',
      'Idempotency-Key',
    );
  }
  if (existing.state === 'in_flight') {
    throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry shortly.', 'Idempotency-Key');
  }
  reply.header('Idempotent-Replayed', 'true');
  reply.code(existing.response_status ?? 200).type('application/json').send(existing.response_body);
  return true;
}

/** Stores the final response; a 5xx releases the key so the client can retry. */
export async function settleIdempotencyKey(db: DbHandle, req: FastifyRequest, status: number, body: string): Promise<void> {
  const claim = req.idempotency;
  if (!claim) return;
  req.idempotency = null;
  if (status >= 500) await releaseKey(db, claim);
  else await storeResponse(db, claim, status, body);
}

/**
 * Deletes up to `limit` keys older than the 24 hours they are kept; returns how many (a full
 * batch: more may be waiting). The webhooks' retention worker runs it with the events' clean-up.
 */
export function deleteExpiredIdempotencyKeys(db: DbHandle, now: Date, limit: number): Promise<number> {
  return deleteKeysCreatedBefore(db, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS), limit);
}

/**
 * A stored response may copy what a later erasure removes (docs/privacy.md#erasure): rewrites,
 * a batch of `batch` at a time, each stored response of the account whose body contains one of
 * `needles` and that `rewrite` changes (it returns the new body, or null when nothing in it is
 * to go). Another account's responses are never touched, even for a customer of the same
 * reference or email: that is another person. Returns how many were rewritten.
 */
export async function rewriteStoredResponses(
  db: DbHandle,
  scope: { platformId: string; livemode: boolean; accountId: string },
  needles: readonly string[],
  rewrite: (body: string) => string | null,
  batch = 200,
): Promise<number> {
  let after = '';
  let rewritten = 0;
  for (;;) {
    const rows = await storedResponsesContaining(db, scope, needles, after, batch);
    for (const row of rows) {
      const body = row.response_body === null ? null : rewrite(row.response_body);
      if (body !== null) {
        await rewriteStoredResponse(db, scope.platformId, scope.livemode, row.key, body);
        rewritten++;
      }
    }
    if (rows.length < batch) return rewritten;
    after = rows[rows.length - 1]!.key;
  }
}
