/**
 * Pending bookings and attendees past expires_at become `expired` (decisions §7). Reads
 * already show them expired; this worker writes the status and the `*.expired` event
 * within a poll interval. Several processes can run it: rows are claimed with
 * FOR UPDATE SKIP LOCKED, so each expiry is written once.
 */
import type { Logger } from 'pino';
import { withTransaction, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';
import { recordEvents } from '../../events/outbox.js';
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

/** Pending rows of `table` past expires_at, claimed so that other processes skip them. */
function claimExpired(trx: Trx, table: 'bookings' | 'attendees', now: Date) {
  return trx
    .selectFrom(table)
    .select(['account_id', 'id'])
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Groups claimed rows by account: every write below is one statement per account. */
function byAccount(rows: { account_id: string; id: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.account_id, [...(out.get(r.account_id) ?? []), r.id]);
  return out;
}

async function expireBookings(trx: Trx, scope: AccountScope, ids: string[], now: Date): Promise<void> {
  const updated = await trx
    .updateTable('bookings')
    .set({ status: 'expired', updated_at: now })
    .where('account_id', '=', scope.accountId)
    .where('id', 'in', ids)
    .returningAll()
    .execute();
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
  if (freed.size) await recheckBookings(trx, scope, [...freed], now, { onlyConflicted: true });
}

async function expireAttendees(trx: Trx, scope: AccountScope, ids: string[], now: Date): Promise<void> {
  const updated = await trx
    .updateTable('attendees')
    .set({ status: 'expired', updated_at: now })
    .where('account_id', '=', scope.accountId)
    .where('id', 'in', ids)
    .returningAll()
    .execute();
  await recordEvents(
    trx,
    scope,
    'attendee.expired',
    updated.map((row) => ({ object: serializeAttendee(row, now), previous: { status: 'pending' } })),
    now,
  );
}

/** One pass; true when a batch was full (run again at once). */
export async function expirePass(db: DbHandle, now: Date = new Date()): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const bookings = await claimExpired(trx, 'bookings', now);
    const attendees = await claimExpired(trx, 'attendees', now);
    const scopes = await scopesOf(trx, [...bookings, ...attendees].map((r) => r.account_id));
    for (const [accountId, ids] of byAccount(bookings)) await expireBookings(trx, scopes.get(accountId)!, ids, now);
    for (const [accountId, ids] of byAccount(attendees)) await expireAttendees(trx, scopes.get(accountId)!, ids, now);
    return bookings.length === BATCH || attendees.length === BATCH;
  });
}

export function expiryWorker(db: DbHandle, pollMs: number, logger: Logger): Worker {
  return pollingWorker('booking-expiry', pollMs, logger, () => expirePass(db));
}
