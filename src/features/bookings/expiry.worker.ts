/**
 * Pending bookings and attendees past expires_at become `expired` (docs/bookings.md#lifecycle). Reads
 * already show them expired; this worker writes the status and the `*.expired` event
 * within a poll interval. Several processes can run it: each account's rows are claimed
 * with FOR UPDATE SKIP LOCKED, so each expiry is written once.
 */
import type { Logger } from 'pino';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { recordEvents } from '../../events/outbox.repository.js';
import { pollingWorker, type Worker } from '../../workers/poller.js';
import type { Clock } from '../../lib/clock.js';
import { serializeAttendee } from './attendees.serializer.js';
import { EXPIRY_BATCH, accountsWithExpired, claimExpired, markExpired } from './expiry.repository.js';
import { ACCOUNTS_PER_PASS, passOverAccounts } from '../../workers/account-pass.js';
import { bookingsTable, lockResources, recheckBookings, seatsTakenOf, segmentsOf, serializeBooking } from '../../capacity/index.js';
import { promoteWaitlist } from './attendees.waitlist.js';

async function expireBookings(trx: Trx, scope: AccountScope, ids: string[], now: Date): Promise<void> {
  const updated = await markExpired(trx, 'bookings', scope, ids, now);
  const [segments, taken] = await Promise.all([segmentsOf(trx, scope, ids), seatsTakenOf(trx, scope, ids, now)]);
  await recordEvents(
    trx,
    scope,
    'booking.expired',
    updated.map((row) => ({
      object: serializeBooking(row, segments.get(row.id) ?? [], taken.get(row.id) ?? 0, now),
      previous: { status: 'pending' },
    })),
    now,
  );
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
  const [withBookings, withAttendees] = await Promise.all([
    accountsWithExpired(db, 'bookings', now, ACCOUNTS_PER_PASS),
    accountsWithExpired(db, 'attendees', now, ACCOUNTS_PER_PASS),
  ]);
  const accounts = [...new Set([...withBookings, ...withAttendees])];
  const more = await passOverAccounts(db, accounts, logger, 'booking-expiry', async (trx, scope) => {
    const bookings = await claimExpired(trx, 'bookings', scope, now);
    const attendees = await claimExpired(trx, 'attendees', scope, now);
    if (bookings.length) await expireBookings(trx, scope, bookings, now);
    if (attendees.length) await expireAttendees(trx, scope, attendees, now);
    return bookings.length === EXPIRY_BATCH || attendees.length === EXPIRY_BATCH;
  });
  return more || withBookings.length === ACCOUNTS_PER_PASS || withAttendees.length === ACCOUNTS_PER_PASS;
}

export function expiryWorker(db: DbHandle, clock: Clock, pollMs: number, logger: Logger): Worker {
  return pollingWorker('booking-expiry', pollMs, logger, () => expirePass(db, clock.now(), logger));
}
