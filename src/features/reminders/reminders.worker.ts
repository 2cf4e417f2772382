/**
 * Emits `booking.reminder` once per confirmed booking and reminder offset, at the booking's
 * start minus the offset (docs/reminders.md). Several processes can run it: bookings are
 * claimed with FOR UPDATE SKIP LOCKED, and each reminder is written under a unique key, so a
 * reminder is never emitted twice.
 */
import type { Logger } from 'pino';
import type { DbHandle } from '../../db/transaction.js';
import { recordEvent } from '../../events/outbox.repository.js';
import { pollingWorker, type Worker } from '../../workers/poller.js';
import type { Clock } from '../../lib/clock.js';
import { isoRequired } from '../../lib/time-format.js';
import { bookingsById, seatsTakenOf, segmentsOf, serializeBooking } from '../../capacity/index.js';
import { ACCOUNTS_PER_PASS, passOverAccounts } from '../../workers/account-pass.js';
import { REMINDER_BATCH, accountsWithDueReminders, claimBookingsWithDueReminders, dueRemindersOf, markReminderSent } from './reminders.repository.js';

/**
 * One pass: the accounts with a reminder due, then one transaction per account that claims
 * its bookings and writes their reminders (src/workers/account-pass.ts). True when more may wait.
 */
export async function reminderPass(db: DbHandle, now: Date, logger: Logger): Promise<boolean> {
  const accounts = await accountsWithDueReminders(db, now, ACCOUNTS_PER_PASS);
  const more = await passOverAccounts(db, accounts, logger, 'booking-reminders', async (trx, scope) => {
    const ids = await claimBookingsWithDueReminders(trx, scope, now);
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
    return ids.length === REMINDER_BATCH;
  });
  return more || accounts.length === ACCOUNTS_PER_PASS;
}

export function reminderWorker(db: DbHandle, clock: Clock, pollMs: number, logger: Logger): Worker {
  return pollingWorker('booking-reminders', pollMs, logger, () => reminderPass(db, clock.now(), logger));
}
