/**
 * Pending bookings and attendees past expires_at become `expired` (decisions §7). Reads
 * already show them expired; this worker writes the status and the `*.expired` event
 * within a poll interval. Several processes can run it: rows are claimed with
 * FOR UPDATE SKIP LOCKED, so each expiry is written once.
 */
import type { Logger } from 'pino';
import { withTransaction, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';
import { recordEvent } from '../../events/outbox.js';
import { pollingWorker } from '../../workers/poller.js';
import type { Worker } from '../../workers/registry.js';
import { segmentsOf, seatsTakenOf } from './bookings.repository.js';
import { serializeBooking } from './bookings.serializer.js';
import { serializeAttendee } from '../attendees/attendees.serializer.js';
import { recheckBookings } from './recheck.js';

const BATCH = 100;

async function scopesOf(trx: Trx, accountIds: string[]): Promise<Map<string, AccountScope>> {
  if (accountIds.length === 0) return new Map();
  const rows = await trx.selectFrom('accounts').select(['id', 'platform_id', 'livemode']).where('id', 'in', [...new Set(accountIds)]).execute();
  return new Map(rows.map((r) => [r.id, { accountId: r.id, platformId: r.platform_id, livemode: r.livemode }]));
}

/** One pass; true when a batch was full (run again at once). */
export async function expirePass(db: DbHandle, now: Date = new Date()): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const bookings = await trx
      .selectFrom('bookings')
      .selectAll()
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    const attendees = await trx
      .selectFrom('attendees')
      .selectAll()
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    const scopes = await scopesOf(trx, [...bookings, ...attendees].map((r) => r.account_id));

    const freed = new Map<string, Set<string>>();
    for (const row of bookings) {
      const scope = scopes.get(row.account_id)!;
      const updated = await trx
        .updateTable('bookings')
        .set({ status: 'expired', updated_at: now })
        .where('account_id', '=', row.account_id)
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const segments = (await segmentsOf(trx, scope, [row.id])).get(row.id) ?? [];
      const taken = (await seatsTakenOf(trx, scope, [row.id], now)).get(row.id) ?? 0;
      await recordEvent(trx, scope, 'booking.expired', serializeBooking(updated, segments, taken, now), { status: 'pending' }, now);
      const set = freed.get(row.account_id) ?? new Set();
      for (const s of segments) set.add(s.resource_id);
      freed.set(row.account_id, set);
    }
    for (const row of attendees) {
      const updated = await trx
        .updateTable('attendees')
        .set({ status: 'expired', updated_at: now })
        .where('account_id', '=', row.account_id)
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordEvent(trx, scopes.get(row.account_id)!, 'attendee.expired', serializeAttendee(updated, now), { status: 'pending' }, now);
    }
    // Expired holds free capacity: bookings flagged on those resources may fit now.
    for (const [accountId, resources] of freed) {
      await recheckBookings(trx, scopes.get(accountId)!, [...resources], now, { onlyConflicted: true });
    }
    return bookings.length === BATCH || attendees.length === BATCH;
  });
}

export function expiryWorker(db: DbHandle, pollMs: number, logger: Logger): Worker {
  return pollingWorker('booking-expiry', pollMs, logger, () => expirePass(db));
}
