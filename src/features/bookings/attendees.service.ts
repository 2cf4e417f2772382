import { withTransaction, json, type DbHandle, type Trx } from '../../db/transaction.js';
import type { AttendeeStatus, BookingStatus } from '../../db/schema.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { effectiveStatus, nextAttendeeStatus, type BookingAction } from '../../core/bookings/transitions.js';
import { placeNewAttendee } from '../../core/bookings/waitlist.js';
import { parseExpiresAt } from './bookings.input.js';
import * as repo from './attendees.repository.js';
import { serializeAttendee } from './attendees.serializer.js';
import { leaveLine, promoteWaitlist } from './attendees.waitlist.js';
import type { Clock } from '../../lib/clock.js';
import { bookingsTable, customerColumns, lockResources, seatsTakenOf, NO_CUSTOMER, type BookingRow, type CustomerBody, type ResourceLocks } from '../../capacity/index.js';

export interface AttendeeInput {
  seats?: number;
  status?: 'pending' | 'confirmed';
  expires_at?: string | null;
  metadata?: Record<string, string>;
  customer?: CustomerBody | null;
}

const ms = (d: Date | null) => (d ? d.getTime() : null);
const SEAT_TAKING: ReadonlySet<AttendeeStatus> = new Set(['pending', 'confirmed', 'completed', 'no_show']);

function bookingStatus(b: BookingRow, now: Date): BookingStatus {
  return effectiveStatus(b.status, ms(b.expires_at), now.getTime());
}

/** Attendees join bookings that are pending or confirmed and have seats (docs/bookings.md). */
function assertTakesAttendees(b: BookingRow, now: Date): number {
  const status = bookingStatus(b, now);
  if (status !== 'pending' && status !== 'confirmed') {
    throw new ApiError('invalid_state_transition', `Booking ${b.id} is ${status}; it takes no attendee changes.`);
  }
  if (b.seats === null) {
    throw new ApiError('seats_exhausted', `Booking ${b.id} has no seats; set its seats to take attendees.`, 'seats');
  }
  return b.seats;
}

async function lockedBookingOf(trx: Trx, scope: AccountScope, bookingId: string): Promise<{ booking: BookingRow; locks: ResourceLocks }> {
  // Seats change no resource's time: no resource locks, then the booking row (the lock order).
  const locks = await lockResources(trx, scope, []);
  const booking = await bookingsTable.lock(trx, scope, bookingId, locks);
  if (!booking) throw notFound('booking', bookingId);
  return { booking, locks };
}

/**
 * An attendee row locked after its booking's row: the booking row lock serializes every
 * change of the booking's seats and line. A reschedule can move the attendee to another
 * booking between the read and the lock; then the new booking is locked instead.
 */
async function lockedAttendee(trx: Trx, scope: AccountScope, id: string): Promise<{ row: repo.AttendeeRow; booking: BookingRow }> {
  let bookingId = (await repo.attendees.find(trx, scope, id))?.booking_id;
  for (let attempt = 0; bookingId !== undefined && attempt < 3; attempt++) {
    const { booking, locks } = await lockedBookingOf(trx, scope, bookingId);
    const row = await repo.attendees.lock(trx, scope, id, locks);
    if (row && row.booking_id === booking.id) return { row, booking };
    bookingId = row?.booking_id;
  }
  throw notFound('attendee', id);
}

export class AttendeesService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  /** `mayWait` false: no waitlisting (a client pinned to a version before waitlists). */
  async create(scope: AccountScope, bookingId: string, input: AttendeeInput, mayWait = true) {
    const now = this.clock.now();
    const requested = input.status ?? 'confirmed';
    const expiresAt = parseExpiresAt(input.expires_at, requested, now);
    const seats = input.seats ?? 1;
    const customer = input.customer !== undefined ? customerColumns(input.customer) : NO_CUSTOMER;
    return withTransaction(this.db, async (trx) => {
      // The booking row lock serializes seat accounting: two attendees racing for the last seat.
      const { booking } = await lockedBookingOf(trx, scope, bookingId);
      const capacity = assertTakesAttendees(booking, now);
      // Seats freed by a lapsed hold go to the line first, before anyone new (docs/waitlists.md).
      const line = await promoteWaitlist(trx, scope, booking, now);
      const taken = (await seatsTakenOf(trx, scope, [booking.id], now)).get(booking.id) ?? 0;
      const place = placeNewAttendee({ capacity, taken, waiting: line.length, limit: mayWait ? booking.waitlist_limit : 0, seats });
      if (place.kind === 'refuse') throw new ApiError('seats_exhausted', `Booking ${booking.id} ${place.message}`, 'seats');
      const waiting = place.kind === 'wait';
      const status: AttendeeStatus = waiting ? 'waitlisted' : requested;
      const row = await repo.attendees.insert(trx, {
        account_id: scope.accountId,
        id: newId(ID_PREFIX.attendee),
        livemode: scope.livemode,
        booking_id: booking.id,
        status,
        seats,
        // A waitlisted attendee holds nothing yet: promotion gives it the booking's hold.
        expires_at: waiting ? null : expiresAt,
        waitlist_position: waiting ? place.position : null,
        cancellation_reason: null,
        confirmed_at: status === 'confirmed' ? now : null,
        cancelled_at: null,
        metadata: json(metadataForCreate(input.metadata)),
        ...customer,
        created_at: now,
        updated_at: now,
      });
      const attendee = serializeAttendee(row, now);
      await recordEvent(trx, scope, waiting ? 'attendee.waitlisted' : 'attendee.created', attendee, null, now);
      return attendee;
    });
  }

  async get(scope: AccountScope, id: string) {
    const row = await repo.attendees.find(this.db, scope, id);
    if (!row) throw notFound('attendee', id);
    return serializeAttendee(row, this.clock.now());
  }

  async list(scope: AccountScope, bookingId: string, filters: repo.AttendeeFilters, page: PageParams, metadata: Record<string, string>) {
    const now = this.clock.now();
    if (!(await bookingsTable.find(this.db, scope, bookingId))) throw notFound('booking', bookingId);
    const result = await repo.listAttendees(this.db, scope, bookingId, filters, page, metadata, now);
    return toPage(result, (r) => serializeAttendee(r, now));
  }

  async update(scope: AccountScope, id: string, input: AttendeeInput) {
    const now = this.clock.now();
    const customer = input.customer !== undefined ? customerColumns(input.customer) : undefined;
    return withTransaction(this.db, async (trx) => {
      const { row, booking } = await lockedAttendee(trx, scope, id);
      const current = effectiveStatus(row.status, ms(row.expires_at), now.getTime());
      const changes: Parameters<typeof repo.attendees.update>[3] = { updated_at: now };

      let confirming = false;
      if (input.status !== undefined && input.status !== current) {
        // The update body mirrors the create body; a status change here is a confirm.
        if (input.status === 'pending' || current !== 'pending') {
          throw new ApiError('invalid_state_transition', `Cannot change attendee ${id} from ${current} to ${input.status}.`);
        }
        confirming = true;
        changes.status = 'confirmed';
        changes.confirmed_at = now;
        changes.expires_at = null;
      }
      if (input.expires_at !== undefined) {
        if (confirming || current !== 'pending') throw invalid('expires_at', 'expires_at can only be set on a pending attendee.');
        changes.expires_at = parseExpiresAt(input.expires_at, 'pending', now);
      }
      let seatsFreed = false;
      if (input.seats !== undefined && input.seats !== row.seats) {
        const capacity = booking.seats ?? 0;
        if (SEAT_TAKING.has(current)) {
          const taken = (await seatsTakenOf(trx, scope, [booking.id], now)).get(booking.id) ?? 0;
          if (taken - row.seats + input.seats > capacity) {
            throw new ApiError('seats_exhausted', `Booking ${booking.id} has ${capacity - taken} of ${capacity} seats left; this attendee asks for ${input.seats - row.seats} more.`, 'seats');
          }
          seatsFreed = input.seats < row.seats;
        } else if (current === 'waitlisted') {
          // It keeps its place; a smaller head may now fit, a request above the seats never would.
          if (input.seats > capacity) throw new ApiError('seats_exhausted', `Booking ${booking.id} has ${capacity} seats; ${input.seats} requested.`, 'seats');
          seatsFreed = input.seats < row.seats;
        }
        changes.seats = input.seats;
      }
      if (input.metadata !== undefined) changes.metadata = json(mergeMetadata(row.metadata, input.metadata));
      if (customer !== undefined) Object.assign(changes, customer);

      const updated = await repo.attendees.update(trx, scope, id, changes);
      const before = serializeAttendee(row, now);
      const after = serializeAttendee(updated, now);
      const changed = changedAttributes(before, after);
      if (changed) await recordEvent(trx, scope, confirming ? 'attendee.confirmed' : 'attendee.updated', after, changed, now);
      if (!seatsFreed) return after;
      await promoteWaitlist(trx, scope, booking, now);
      return serializeAttendee((await repo.attendees.find(trx, scope, id))!, now);
    });
  }

  async transition(scope: AccountScope, id: string, action: Exclude<BookingAction, 'expire'>, reason?: string) {
    const now = this.clock.now();
    return withTransaction(this.db, async (trx) => {
      const { row, booking } = await lockedAttendee(trx, scope, id);
      const next = nextAttendeeStatus(row.status, action, { now: now.getTime(), start: booking.start_at.getTime(), expiresAt: ms(row.expires_at) });
      if (!next.ok) throw new ApiError('invalid_state_transition', next.message.replace('the booking', `attendee ${id}`));
      if (action === 'confirm') {
        const b = bookingStatus(booking, now);
        if (b !== 'pending' && b !== 'confirmed') {
          throw new ApiError('invalid_state_transition', `Cannot confirm attendee ${id}: its booking is ${b}.`);
        }
      }
      const changes: Parameters<typeof repo.attendees.update>[3] = { status: next.status as AttendeeStatus, updated_at: now };
      if (action === 'confirm') Object.assign(changes, { confirmed_at: now, expires_at: null });
      if (action === 'cancel') Object.assign(changes, { cancelled_at: now, cancellation_reason: reason ?? null, waitlist_position: null });
      const updated = await repo.attendees.update(trx, scope, id, changes);
      const before = serializeAttendee(row, now);
      const after = serializeAttendee(updated, now);
      await recordEvent(trx, scope, `attendee.${next.status}` as 'attendee.confirmed', after, changedAttributes(before, after), now);
      if (action === 'cancel') {
        if (row.status === 'waitlisted') await leaveLine(trx, scope, booking.id, row.waitlist_position!);
        // A seat given back, or a head that could not fit gone: the line moves.
        await promoteWaitlist(trx, scope, booking, now);
      }
      return after;
    });
  }
}
