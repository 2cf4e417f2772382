/**
 * Emits `booking.reminder` once per confirmed booking and reminder offset, at the booking's
 * start minus the offset (docs/reminders.md). It reads the queue of due reminders, so a pass
 * with nothing due reads one index page. Several processes can run it: queue rows and
 * bookings are claimed with FOR UPDATE SKIP LOCKED, and each reminder is written under a
 * unique key, so a reminder is never emitted twice.
 */
import type { Logger } from 'pino';
import type { DbHandle } from '../../db/transaction.js';
import { recordEvent } from '../../events/outbox.repository.js';
import { pollingWorker, type Pacing, type Worker } from '../../workers/poller.js';
import type { Clock } from '../../lib/clock.js';
import { isoRequired } from '../../lib/time-format.js';
import { seatsTakenOf, segmentsOf, serializeBooking, type BookingRow } from '../../capacity/index.js';
import { ACCOUNTS_PER_PASS, passOverAccounts } from '../../workers/account-pass.js';
import { REMINDER_BATCH, accountsWithDueReminders, nextReminderDue, claimBookings, claimDueReminders, markReminderSent, removeFromQueue, type DueReminder } from './reminders.repository.js';

/** A reminder is sent when its booking is still confirmed, for the same start, and has not started. */
const sendable = (r: DueReminder, booking: BookingRow, now: Date) =>
  booking.status === 'confirmed' && new Date(booking.start_at).getTime() === r.start_at.getTime() && r.start_at.getTime() > now.getTime();

/**
 * One pass: the accounts with a reminder due, then one transaction per account that claims
 * its due reminders and their bookings, writes the reminders still to send, and removes every
 * claimed row from the queue (src/workers/account-pass.ts). True when more may wait.
 */
export async function reminderPass(db: DbHandle, now: Date, logger: Logger): Promise<boolean> {
  const accounts = await accountsWithDueReminders(db, now, ACCOUNTS_PER_PASS);
  const more = await passOverAccounts(db, accounts, logger, 'booking-reminders', async (trx, scope) => {
    const due = await claimDueReminders(trx, scope, now);
    const claimed = new Map((await claimBookings(trx, scope, [...new Set(due.map((r) => r.booking_id))])).map((b) => [b.id, b]));
    // The rows of a booking another transaction holds stay for a later pass.
    const handled = due.filter((r) => claimed.has(r.booking_id));
    const toSend = handled.filter((r) => sendable(r, claimed.get(r.booking_id)!, now));
    const ids = [...new Set(toSend.map((r) => r.booking_id))];
    const [segments, taken] = await Promise.all([segmentsOf(trx, scope, ids), seatsTakenOf(trx, scope, ids, now)]);
    for (const reminder of toSend) {
      if (!(await markReminderSent(trx, reminder, reminder.due_at, now))) continue;
      const row = claimed.get(reminder.booking_id)!;
      const booking = serializeBooking(row, segments.get(row.id) ?? [], taken.get(row.id) ?? 0, now);
      // The customer's locale and time zone, when the booking has them: what a platform needs to word and time the message.
      const details = {
        reminder: {
          offset_minutes: reminder.offset_minutes,
          remind_at: isoRequired(reminder.due_at),
          locale: row.customer_locale,
          time_zone: row.customer_time_zone,
        },
      };
      await recordEvent(trx, scope, 'booking.reminder', booking, null, now, details);
    }
    await removeFromQueue(trx, scope, handled);
    return due.length === REMINDER_BATCH;
  });
  return more || accounts.length === ACCOUNTS_PER_PASS;
}

/**
 * Woken by writes to the tables whose triggers fill the queue (migration 014): bookings and
 * their segments, and the reminder offsets of accounts and resources; sleeps no later than
 * the queue's next due_at.
 */
export function reminderWorker(db: DbHandle, clock: Clock, pacing: Pacing, logger: Logger): Worker {
  return pollingWorker('booking-reminders', pacing, logger, () => reminderPass(db, clock.now(), logger), {
    wakeOn: ['reminder_queue', 'bookings', 'booking_segments', 'accounts', 'resources'],
    nextDue: (now) => nextReminderDue(db, now),
  });
}
