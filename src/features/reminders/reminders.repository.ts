/** The SQL of the reminder worker (docs/reminders.md). The list of due accounts goes across accounts: see docs/scaling.md. */
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { MAX_REMINDER_OFFSET_MINUTES } from './offsets.js';

export const REMINDER_BATCH = 100;

export interface DueReminder {
  account_id: string;
  booking_id: string;
  offset_minutes: number;
  start_at: Date;
}

/**
 * The reminders of `bookings` (aliased `b`) that are due at `now` and not yet sent: each
 * offset of each of the booking's resources (the resource's own, or its account's), whose
 * instant (start − offset) has come, and was not already past when the booking was made or
 * confirmed (a reschedule makes a new booking, so its `created_at` counts).
 */
const dueOffsets = (now: Date) => sql`
  from booking_segments s
  join resources r on r.account_id = s.account_id and r.id = s.resource_id
  join accounts a on a.id = s.account_id
  cross join lateral jsonb_array_elements_text(coalesce(r.reminder_offsets_minutes, a.reminder_offsets_minutes)) as o(minutes)
  where s.account_id = b.account_id and s.booking_id = b.id
    and b.start_at - o.minutes::int * interval '1 minute' <= ${now}
    and b.start_at - o.minutes::int * interval '1 minute' >= greatest(b.created_at, b.confirmed_at)
    and not exists (
      select 1 from booking_reminders br
      where br.account_id = b.account_id and br.booking_id = b.id and br.offset_minutes = o.minutes::int and br.start_at = b.start_at
    )`;

/** Confirmed bookings, not started yet, with a reminder due (aliased `b`). */
const withDueReminders = (now: Date) => sql`
  b.status = 'confirmed' and b.start_at > ${now}
  and b.start_at <= ${new Date(now.getTime() + MAX_REMINDER_OFFSET_MINUTES * 60_000)}
  and exists (select 1 ${dueOffsets(now)})`;

/**
 * Accounts with a reminder due, soonest booking first: a plain read across accounts (no
 * locks), the first step of a pass (src/workers/account-pass.ts).
 */
export async function accountsWithDueReminders(db: DbHandle, now: Date, limit: number): Promise<string[]> {
  const { rows } = await sql<{ account_id: string }>`
    select b.account_id from bookings b
    where ${withDueReminders(now)}
    group by b.account_id
    order by min(b.start_at)
    limit ${limit}`.execute(db);
  return rows.map((r) => r.account_id);
}

/**
 * The account's bookings with a reminder due. They are claimed (FOR UPDATE SKIP LOCKED):
 * another worker process skips them, and a cancel waits for this pass, so a booking cancelled
 * before its reminder was written never gets it. The lock is taken by a statement of its own
 * on the bookings found: Citus takes row locks only in a statement it can route whole to one
 * shard, which the search, with its lateral join, is not.
 */
export async function claimBookingsWithDueReminders(trx: Trx, scope: AccountScope, now: Date): Promise<string[]> {
  const { rows: found } = await sql<{ id: string }>`
    select b.id from bookings b
    where b.account_id = ${scope.accountId} and ${withDueReminders(now)}
    order by b.start_at
    limit ${REMINDER_BATCH}`.execute(trx);
  if (found.length === 0) return [];
  const claimed = await trx
    .selectFrom('bookings')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where('id', '=', sql<string>`any(${found.map((r) => r.id)}::text[])`)
    .where('status', '=', 'confirmed')
    .orderBy('start_at')
    .forUpdate()
    .skipLocked()
    .execute();
  return claimed.map((r) => r.id);
}

/** The due reminders of claimed bookings of one account. */
export async function dueRemindersOf(trx: Trx, scope: AccountScope, bookingIds: string[], now: Date): Promise<DueReminder[]> {
  const { rows } = await sql<DueReminder>`
    select distinct b.account_id, b.id as booking_id, o.minutes::int as offset_minutes, b.start_at
    from bookings b, lateral (select o.minutes ${dueOffsets(now)}) as o
    where b.account_id = ${scope.accountId} and b.id = any(${bookingIds}::text[])
    order by b.start_at, offset_minutes desc`.execute(trx);
  return rows.map((r) => ({ ...r, start_at: new Date(r.start_at) }));
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
