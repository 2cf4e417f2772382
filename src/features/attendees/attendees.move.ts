import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../http/context.js';
import { changedAttributes, recordEvent } from '../../events/outbox.js';
import { serializeAttendee } from './attendees.serializer.js';

/** A reschedule moves every attendee to the new booking, each with attendee.updated. */
export async function moveAttendees(trx: Trx, scope: AccountScope, fromBooking: string, toBooking: string, now: Date): Promise<void> {
  const moved = await trx
    .updateTable('attendees')
    .set({ booking_id: toBooking, updated_at: now })
    .where('account_id', '=', scope.accountId)
    .where('booking_id', '=', fromBooking)
    .returningAll()
    .execute();
  moved.sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const row of moved) {
    const after = serializeAttendee(row, now);
    await recordEvent(trx, scope, 'attendee.updated', after, changedAttributes({ ...after, booking: fromBooking }, after), now);
  }
}
