/**
 * Pending bookings and attendees past expires_at become `expired` (docs/bookings.md#lifecycle). Reads
 * already show them expired; this worker writes the status and the `*.expired` event
 * within a poll interval. Several processes can run it: each account's rows are claimed
 * with FOR UPDATE SKIP LOCKED, so each expiry is written once.
 */
import type { Logger } from 'pino';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { recordEvent, recordEvents } from '../../events/outbox.repository.js';
import type { RefundRow } from '../../db/schema.js';
import { depositOnEnd } from './bookings.policy.js';
import { pollingWorker, type Pacing, type Worker } from '../../workers/poller.js';
import { earliest, type Clock } from '../../lib/clock.js';
import { serializeAttendee } from './attendees.serializer.js';
import { EXPIRY_BATCH, accountsWithExpired, claimExpired, markExpired, nextExpiry } from './expiry.repository.js';
import { ACCOUNTS_PER_PASS, passOverAccounts } from '../../workers/account-pass.js';
import { bookingsTable, declineTimedOutRequests, type BookingRow, lockResources, recheckBookings, seatsTakenOf, segmentsOf, serializeBooking } from '../../capacity/index.js';
import { promoteWaitlist } from './attendees.waitlist.js';

/**
 * Lapsed holds: pending bookings become expired (booking.expired), requested ones past their
 * approval timeout are declined (booking.declined, cancellation_reason approval_timeout).
 */
async function expireBookings(trx: Trx, scope: AccountScope, ids: string[], now: Date, from: 'pending' | 'requested'): Promise<void> {
  const lapsed = from === 'pending' ? await markExpired(trx, 'bookings', scope, ids, now) : await declineTimedOutRequests(trx, scope, ids, now);
  // What was paid of a deposit is due back (docs/policies.md#deposits); the rows are claimed, so locked.
  const refunds: { row: BookingRow; refund: RefundRow }[] = [];
  const updated: BookingRow[] = [];
  const paymentBefore = new Map<string, Record<string, unknown>>();
  for (const row of lapsed) {
    const deposit = depositOnEnd(row, from === 'pending' ? 'expired' : 'declined', false, now);
    if (!deposit?.refund) {
      updated.push(row);
      continue;
    }
    const refunded = await bookingsTable.update(trx, scope, row.id, deposit.changes);
    paymentBefore.set(row.id, { payment_status: row.payment_status, refunds: row.refunds });
    refunds.push({ row: refunded, refund: deposit.refund });
    updated.push(refunded);
  }
  const [segments, taken] = await Promise.all([segmentsOf(trx, scope, ids), seatsTakenOf(trx, scope, ids, now)]);
  const previous = from === 'pending' ? { status: 'pending' } : { status: 'requested', cancellation_reason: null, cancelled_at: null };
  await recordEvents(
    trx,
    scope,
    from === 'pending' ? 'booking.expired' : 'booking.declined',
    updated.map((row) => ({
      object: serializeBooking(row, segments.get(row.id) ?? [], taken.get(row.id) ?? 0, now),
      previous: { ...previous, ...paymentBefore.get(row.id) },
    })),
    now,
  );
  for (const { row, refund } of refunds) {
    await recordEvent(trx, scope, 'booking.refund_due', serializeBooking(row, segments.get(row.id) ?? [], taken.get(row.id) ?? 0, now), null, now, { refund });
  }
  // Expired holds free capacity: bookings flagged on those resources may fit now.
  const freed = new Set([...segments.values()].flat().map((s) => s.resource_id));
  // The resource locks come after the claimed rows here: SKIP LOCKED claims never wait, and a
  // deadlock with a writer holding these resources is retried by withTransaction.
  if (freed.size) await recheckBookings(trx, scope, await lockResources(trx, scope, [...freed]), now, { onlyConflicted: true });
}

async function expireAttendees(trx: Trx, scope: AccountScope, ids: string[], now: Date): Promise<void> {
  const updated = await markExpired(trx, 'attendees', scope, ids, now);
  await recordEvents(
    trx,
    scope,
    'attendee.expired',
    updated.map((row) => ({ object: serializeAttendee(row, now), previous: { status: 'pending' } })),
    now,
  );
  // The seats they held go to their bookings' lines, in this transaction (docs/waitlists.md).
  // The booking rows are locked after the claimed attendee rows: SKIP LOCKED claims never
  // wait, and a deadlock with an attendee change is retried by withTransaction.
  const bookingIds = [...new Set(updated.map((r) => r.booking_id))].sort();
  const locks = await lockResources(trx, scope, []);
  for (const bookingId of bookingIds) {
    const booking = await bookingsTable.lock(trx, scope, bookingId, locks);
    if (booking) await promoteWaitlist(trx, scope, booking, now);
  }
}

/**
 * One pass: the accounts with expired holds, then one transaction per account that claims and
 * expires its rows (src/workers/account-pass.ts). True when more may wait.
 */
export async function expirePass(db: DbHandle, now: Date, logger: Logger): Promise<boolean> {
  const [withBookings, withRequests, withAttendees] = await Promise.all([
    accountsWithExpired(db, 'bookings', now, ACCOUNTS_PER_PASS),
    accountsWithExpired(db, 'bookings', now, ACCOUNTS_PER_PASS, 'requested'),
    accountsWithExpired(db, 'attendees', now, ACCOUNTS_PER_PASS),
  ]);
  const accounts = [...new Set([...withBookings, ...withRequests, ...withAttendees])];
  const more = await passOverAccounts(db, accounts, logger, 'booking-expiry', async (trx, scope) => {
    const bookings = await claimExpired(trx, 'bookings', scope, now);
    const requests = await claimExpired(trx, 'bookings', scope, now, 'requested');
    const attendees = await claimExpired(trx, 'attendees', scope, now);
    if (bookings.length) await expireBookings(trx, scope, bookings, now, 'pending');
    if (requests.length) await expireBookings(trx, scope, requests, now, 'requested');
    if (attendees.length) await expireAttendees(trx, scope, attendees, now);
    return bookings.length === EXPIRY_BATCH || requests.length === EXPIRY_BATCH || attendees.length === EXPIRY_BATCH;
  });
  return more || [withBookings, withRequests, withAttendees].some((a) => a.length === ACCOUNTS_PER_PASS);
}

/** When the next pending hold, request awaiting approval or pending attendee lapses after `now`. */
async function nextLapse(db: DbHandle, now: Date): Promise<Date | null> {
  return earliest([await nextExpiry(db, 'bookings', now), await nextExpiry(db, 'bookings', now, 'requested'), await nextExpiry(db, 'attendees', now)]);
}

/** Woken by writes to bookings and attendees (a new hold, a changed expires_at); sleeps no later than the next lapse. */
export function expiryWorker(db: DbHandle, clock: Clock, pacing: Pacing, logger: Logger): Worker {
  return pollingWorker('booking-expiry', pacing, logger, () => expirePass(db, clock.now(), logger), {
    wakeOn: ['bookings', 'attendees'],
    nextDue: (now) => nextLapse(db, now),
  });
}
