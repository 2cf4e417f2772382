/**
 * The SQL of the reminder worker: the queue of due reminders (docs/reminders.md, "The queue").
 * The rows are written by triggers with the booking or the offsets (migration 014); the worker
 * reads the rows due and removes them once handled. The list of due accounts goes across
 * accounts: see docs/scaling.md.
 */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { BookingRow } from '../../capacity/index.js';

export const REMINDER_BATCH = 100;

export interface DueReminder {
  account_id: string;
  booking_id: string;
  offset_minutes: number;
  start_at: Date;
  due_at: Date;
}

/**
 * Accounts with a reminder due, soonest first: a plain read across accounts (no locks), the
 * first step of a pass (src/workers/account-pass.ts). It reads the queue's `due_at` index up
 * to `now`: one index page when nothing is due, whatever the number of bookings.
 */
export async function accountsWithDueReminders(db: DbHandle, now: Date, limit: number): Promise<string[]> {
  const rows = await dueAccountsQuery(db, now, limit).execute();
  return rows.map((r) => r.account_id);
}

/** When the next queued reminder falls due after `now` (null: none is queued), by the queue's index on due_at. */
export async function nextReminderDue(db: DbHandle, now: Date): Promise<Date | null> {
  const row = await db.selectFrom('reminder_queue').select((eb) => eb.fn.min('due_at').as('at')).where('due_at', '>', now).executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** The statement of accountsWithDueReminders (its plan is checked: test/api/reminders-queue.test.ts). */
export function dueAccountsQuery(db: DbHandle, now: Date, limit: number) {
  return db.selectFrom('reminder_queue').select('account_id').where('due_at', '<=', now).groupBy('account_id').orderBy(sql`min(due_at)`).limit(limit);
}

/**
 * The account's reminders due, oldest first, claimed FOR UPDATE SKIP LOCKED: another worker
 * process skips them, and this one never waits on a row (the triggers that rewrite rows lock
 * them in key order: migration 014).
 */
export async function claimDueReminders(trx: Trx, scope: AccountScope, now: Date): Promise<DueReminder[]> {
  const rows = await trx
    .selectFrom('reminder_queue')
    .select(['account_id', 'booking_id', 'offset_minutes', 'start_at', 'due_at'])
    .where('account_id', '=', scope.accountId)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('booking_id')
    .orderBy('offset_minutes', 'desc')
    .limit(REMINDER_BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((r) => ({ ...r, start_at: new Date(r.start_at), due_at: new Date(r.due_at) }));
}

/**
 * The bookings of claimed reminders, claimed FOR UPDATE SKIP LOCKED: a cancel waits for this
 * pass, so a booking cancelled before its reminder was written never gets it; a booking that
 * another transaction holds is left for a later pass. Whatever their status: the worker sends
 * only for confirmed bookings not started, and drops the rows of the others.
 */
export function claimBookings(trx: Trx, scope: AccountScope, ids: string[]): Promise<BookingRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('bookings')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('id', '=', sql<string>`any(${ids}::text[])`)
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Records a reminder as sent; false when it already was (another process got there first). */
export async function markReminderSent(trx: Trx, r: DueReminder, remindAt: Date, now: Date): Promise<boolean> {
  const inserted = await trx
    .insertInto('booking_reminders')
    .values({ account_id: r.account_id, booking_id: r.booking_id, offset_minutes: r.offset_minutes, start_at: r.start_at, remind_at: remindAt, created_at: now })
    .onConflict((c) => c.columns(['account_id', 'booking_id', 'offset_minutes', 'start_at']).doNothing())
    .returning('booking_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Removes handled reminders (claimed by this transaction) from the queue. */
export async function removeFromQueue(trx: Trx, scope: AccountScope, handled: readonly DueReminder[]): Promise<void> {
  if (handled.length === 0) return;
  await trx
    .deleteFrom('reminder_queue')
    .where('account_id', '=', scope.accountId)
    .where(
      sql<boolean>`(booking_id, offset_minutes) in (select * from unnest(${handled.map((r) => r.booking_id)}::text[], ${handled.map((r) => r.offset_minutes)}::int[]))`,
    )
    .execute();
}
