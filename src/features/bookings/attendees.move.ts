import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import { serializeAttendee } from './attendees.serializer.js';
import { moveAttendeeRows } from './attendees.repository.js';

/** A reschedule moves every attendee to the new booking, each with attendee.updated. */
export async function moveAttendees(trx: Trx, scope: AccountScope, fromBooking: string, toBooking: string, now: Date): Promise<void> {
  const moved = await moveAttendeeRows(trx, scope, fromBooking, toBooking, now);
  moved.sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const row of moved) {
    const after = serializeAttendee(row, now);
    await recordEvent(trx, scope, 'attendee.updated', after, changedAttributes({ ...after, booking: fromBooking }, after), now);
  }
}
