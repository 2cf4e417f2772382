import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbHandle } from '../db/transaction.js';
import { ApiError } from './errors.js';

const KEPT_MS = 24 * 3600 * 1000;
/**
 * A claim still `in_flight` after this long belongs to a request whose process died (a crash
 * between the claim and the stored response): it no longer blocks the key. No request runs
 * this long (shutdown waits 8 s at most for requests in flight).
 */
export const IN_FLIGHT_ABANDONED_MS = 5 * 60 * 1000;

function requestHash(req: FastifyRequest): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n${req.accountId ?? ''}\n${req.rawBody ?? ''}`)
    .digest('hex');
}

/**
 * Claims an Idempotency-Key before the handler runs (decisions.md §11). Returns true when
 * the request was answered from the store (replay) and the handler must not run.
 */
export async function claimIdempotencyKey(db: DbHandle, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  req.idempotency = null;
  const raw = req.headers['idempotency-key'];
  if (req.method !== 'POST' || raw === undefined) return false;
  const key = String(raw);
  if (key.length === 0 || key.length > 255) {
    throw new ApiError('parameter_invalid', 'Idempotency-Key must be 1 to 255 characters.', 'Idempotency-Key');
  }
  const { platformId, livemode } = req.auth;
  const hash = requestHash(req);
  const now = new Date();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ platform_id: platformId, livemode, key, request_hash: hash, state: 'in_flight', created_at: now })
    .onConflict((oc) =>
      // A key older than 24 h is forgotten, and so is an abandoned claim: the new request takes it over.
      oc
        .columns(['platform_id', 'livemode', 'key'])
        .doUpdateSet({
          request_hash: hash,
          state: 'in_flight',
          response_status: null,
          response_body: null,
          created_at: now,
        })
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.created_at', '<', new Date(now.getTime() - KEPT_MS)),
            eb.and([
              eb('idempotency_keys.state', '=', 'in_flight'),
              eb('idempotency_keys.created_at', '<', new Date(now.getTime() - IN_FLIGHT_ABANDONED_MS)),
            ]),
          ]),
        ),
    )
    .returning('key')
    .executeTakeFirst();
  if (inserted) {
    req.idempotency = { key, platformId, livemode };
    return false;
  }
  const existing = await db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('platform_id', '=', platformId)
    .where('livemode', '=', livemode)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!existing) {
    // Released between our insert and this read (the first request failed with a 5xx): retry.
    throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key has just finished. Retry.', 'Idempotency-Key');
  }
  if (existing.request_hash !== hash) {
    throw new ApiError(
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
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
  const where = db
    .updateTable('idempotency_keys')
    .where('platform_id', '=', claim.platformId)
    .where('livemode', '=', claim.livemode)
    .where('key', '=', claim.key);
  if (status >= 500) {
    await db
      .deleteFrom('idempotency_keys')
      .where('platform_id', '=', claim.platformId)
      .where('livemode', '=', claim.livemode)
      .where('key', '=', claim.key)
      .execute();
    return;
  }
  await where.set({ state: 'done', response_status: status, response_body: body }).execute();
}
