/**
 * Emits `booking.reminder` once per confirmed booking and reminder offset, at the booking's
 * start minus the offset (docs/reminders.md). Several processes can run it: bookings are
 * claimed with FOR UPDATE SKIP LOCKED, and each reminder is written under a unique key, so a
 * reminder is never emitted twice.
 */
import type { Logger } from 'pino';
import { withTransaction, type DbHandle } from '../../db/transaction.js';
import { recordEvent } from '../../events/outbox.repository.js';
import { pollingWorker, type Worker } from '../../workers/poller.js';
import type { Clock } from '../../lib/clock.js';
import { isoRequired } from '../../lib/time-format.js';
import { bookingsById, seatsTakenOf, segmentsOf, serializeBooking } from '../../capacity/index.js';
import { scopesOfAccounts } from '../../tenancy/accounts.repository.js';
import { REMINDER_BATCH, claimBookingsWithDueReminders, dueRemindersOf, markReminderSent } from './reminders.repository.js';

function byAccount(rows: { account_id: string; id: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.account_id, [...(out.get(r.account_id) ?? []), r.id]);
  return out;
}

/** One pass; true when the batch was full (run again at once). */
export async function reminderPass(db: DbHandle, now: Date): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const claimed = await claimBookingsWithDueReminders(trx, now);
    const scopes = await scopesOfAccounts(trx, claimed.map((r) => r.account_id));
    for (const [accountId, ids] of byAccount(claimed)) {
      const scope = scopes.get(accountId)!;
      const [due, rows, segments, taken] = await Promise.all([
        dueRemindersOf(trx, scope, ids, now),
        bookingsById(trx, scope, ids),
        segmentsOf(trx, scope, ids),
        seatsTakenOf(trx, scope, ids, now),
      ]);
      const bookings = new Map(rows.map((row) => [row.id, serializeBooking(row, segments.get(row.id) ?? [], taken.get(row.id) ?? 0, now)]));
      for (const reminder of due) {
        const remindAt = new Date(reminder.start_at.getTime() - reminder.offset_minutes * 60_000);
        if (!(await markReminderSent(trx, reminder, remindAt, now))) continue;
        const details = { reminder: { offset_minutes: reminder.offset_minutes, remind_at: isoRequired(remindAt) } };
        await recordEvent(trx, scope, 'booking.reminder', bookings.get(reminder.booking_id)!, null, now, details);
      }
    }
    return claimed.length === REMINDER_BATCH;
  });
}

export function reminderWorker(db: DbHandle, clock: Clock, pollMs: number, logger: Logger): Worker {
  return pollingWorker('booking-reminders', pollMs, logger, () => reminderPass(db, clock.now()));
}
