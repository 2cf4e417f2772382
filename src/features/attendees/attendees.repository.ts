import type { DbHandle, Trx } from '../../db/transaction.js';
import type { BookingStatus, NewRow, Row, RowUpdate } from '../../db/schema.js';
import type { AccountScope } from '../../http/context.js';
import { listPage, whereMetadata, type PageParams } from '../../http/pagination.js';

export type AttendeeRow = Row<'attendees'>;

export function findAttendee(db: DbHandle, scope: AccountScope, id: string, forUpdate = false) {
  let q = db.selectFrom('attendees').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertAttendee(trx: Trx, row: NewRow<'attendees'>) {
  return trx.insertInto('attendees').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateAttendee(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<'attendees'>) {
  return trx
    .updateTable('attendees')
    .set(changes)
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listAttendees(
  db: DbHandle,
  scope: AccountScope,
  bookingId: string,
  status: BookingStatus | undefined,
  page: PageParams,
  metadata: Record<string, string>,
  now: Date,
) {
  let q = db.selectFrom('attendees').selectAll().where('account_id', '=', scope.accountId).where('booking_id', '=', bookingId);
  // The effective status, as for bookings: pending past expires_at lists as expired.
  if (status === 'pending') {
    q = q.where('status', '=', 'pending').where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  } else if (status === 'expired') {
    q = q.where((eb) => eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'pending'), eb('expires_at', '<=', now)])]));
  } else if (status !== undefined) {
    q = q.where('status', '=', status);
  }
  return listPage(whereMetadata(q, 'metadata', metadata), 'id', page);
}
