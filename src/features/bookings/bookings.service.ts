import { withTransaction, json, type DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import type { PageParams } from '../../db/pagination.js';
import { effectiveStatus, nextStatus, type BookingAction } from '../../core/bookings/transitions.js';
import type { ConflictPolicy } from '../../core/availability/types.js';
import { getBooking, hydrateBooking, hydrateBookings } from './bookings.read.js';
import { listBookings, type BookingFilters } from './bookings.list.js';
import { parseExpiresAt, parseSegments, type SegmentBody } from './bookings.input.js';
import { replaceBooking } from './bookings.replace.js';
import { importBookings, type ImportItem } from './bookings.import.js';
import type { Clock } from '../../lib/clock.js';
import { waitingLine } from './attendees.repository.js';
import { promoteWaitlist } from './attendees.waitlist.js';
import { bookingsTable, conflictError, lockAndPlan, lockResources, recheckBookings, resourcesOfBooking, seatsTakenOf, writeBooking } from '../../capacity/index.js';

export interface CreateBookingBody {
  segments: SegmentBody[];
  status?: 'pending' | 'confirmed';
  expires_at?: string | null;
  seats?: number | null;
  waitlist_limit?: number;
  waitlist_hold_minutes?: number;
  conflict_policy?: ConflictPolicy;
  replaces?: string;
  metadata?: Record<string, string>;
}

export interface UpdateBookingBody {
  expires_at?: string | null;
  seats?: number | null;
  waitlist_limit?: number;
  waitlist_hold_minutes?: number;
  metadata?: Record<string, string>;
}

export interface RescheduleBody {
  segments: SegmentBody[];
  conflict_policy?: ConflictPolicy;
}

/** A waitlist needs seats to wait for (docs/waitlists.md). */
function assertWaitlistHasSeats(seats: number | null, waitlistLimit: number) {
  if (seats === null && waitlistLimit > 0) throw invalid('waitlist_limit', 'A waitlist needs a booking with seats; set seats too.');
}

const EVENT_OF = {
  confirm: 'booking.confirmed',
  cancel: 'booking.cancelled',
  complete: 'booking.completed',
  no_show: 'booking.no_show',
} as const;

export class BookingsService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  async create(scope: AccountScope, body: CreateBookingBody) {
    const now = this.clock.now();
    const status = body.status ?? 'confirmed';
    const expiresAt = parseExpiresAt(body.expires_at, status, now);
    const parsed = parseSegments(body.segments);
    const policy = body.conflict_policy ?? 'reject';
    if (body.replaces === undefined) assertWaitlistHasSeats(body.seats ?? null, body.waitlist_limit ?? 0);
    return withTransaction(this.db, async (trx) => {
      if (body.replaces !== undefined) {
        return replaceBooking(
          trx,
          scope,
          {
            oldId: body.replaces,
            oldParam: 'replaces',
            parsed,
            policy,
            status,
            expiresAt,
            seats: body.seats,
            waitlistLimit: body.waitlist_limit,
            waitlistHoldMinutes: body.waitlist_hold_minutes,
            metadata: body.metadata && metadataForCreate(body.metadata),
          },
          now,
        );
      }
      const plan = await lockAndPlan(trx, scope, { ...parsed, policy, now });
      if (!plan.ok) throw conflictError(plan);
      const { booking } = await writeBooking(
        trx,
        scope,
        {
          plan,
          locationRequested: parsed.segments.map((s) => s.locationRequested),
          status,
          expiresAt,
          seats: body.seats ?? null,
          waitlistLimit: body.waitlist_limit,
          waitlistHoldMinutes: body.waitlist_hold_minutes,
          policy,
          metadata: metadataForCreate(body.metadata),
        },
        now,
      );
      return booking;
    });
  }

  async reschedule(scope: AccountScope, id: string, body: RescheduleBody) {
    const now = this.clock.now();
    const parsed = parseSegments(body.segments);
    return withTransaction(this.db, (trx) =>
      replaceBooking(trx, scope, { oldId: id, oldParam: null, parsed, policy: body.conflict_policy ?? 'reject' }, now),
    );
  }

  get(scope: AccountScope, id: string) {
    return getBooking(this.db, scope, id, this.clock.now());
  }

  import(scope: AccountScope, items: ImportItem[]) {
    return importBookings(this.db, scope, items, this.clock.now());
  }

  async list(scope: AccountScope, filters: BookingFilters, page: PageParams, metadata: Record<string, string>) {
    const now = this.clock.now();
    const result = await listBookings(this.db, scope, filters, page, metadata, now);
    return { object: 'list' as const, data: await hydrateBookings(this.db, scope, result.rows, now), has_more: result.hasMore };
  }

  async update(scope: AccountScope, id: string, body: UpdateBookingBody) {
    const now = this.clock.now();
    return withTransaction(this.db, async (trx) => {
      // No resource's time changes here: no resource locks, then the booking row (the lock order).
      const row = await bookingsTable.lock(trx, scope, id, await lockResources(trx, scope, []));
      if (!row) throw notFound('booking', id);
      const status = effectiveStatus(row.status, row.expires_at?.getTime() ?? null, now.getTime());
      const changes: Parameters<typeof bookingsTable.update>[3] = { updated_at: now };
      if (body.expires_at !== undefined) {
        if (status !== 'pending') throw invalid('expires_at', `expires_at can only be set on a pending booking; this one is ${status}.`);
        changes.expires_at = parseExpiresAt(body.expires_at, 'pending', now);
      }
      if (body.seats !== undefined) {
        const taken = (await seatsTakenOf(trx, scope, [id], now)).get(id) ?? 0;
        if (body.seats === null ? taken > 0 : body.seats < taken) {
          throw new ApiError('seats_exhausted', `Attendees take ${taken} seats of this booking; seats cannot go below that.`, 'seats');
        }
        if (body.seats === null && (await waitingLine(trx, scope, id)).length > 0) {
          throw new ApiError('seats_exhausted', 'Attendees are waitlisted on this booking; cancel them before removing its seats.', 'seats');
        }
        changes.seats = body.seats;
      }
      if (body.waitlist_limit !== undefined) changes.waitlist_limit = body.waitlist_limit;
      if (body.waitlist_hold_minutes !== undefined) changes.waitlist_hold_minutes = body.waitlist_hold_minutes;
      assertWaitlistHasSeats(changes.seats !== undefined ? changes.seats : row.seats, changes.waitlist_limit ?? row.waitlist_limit);
      if (body.metadata !== undefined) changes.metadata = json(mergeMetadata(row.metadata, body.metadata));
      const before = await hydrateBooking(trx, scope, row, now);
      const updated = await bookingsTable.update(trx, scope, id, changes);
      const after = await hydrateBooking(trx, scope, updated, now);
      const changed = changedAttributes(before, after);
      if (changed) await recordEvent(trx, scope, 'booking.updated', after, changed, now);
      // More seats: the line moves up in this same transaction (docs/waitlists.md).
      if ((updated.seats ?? 0) > (row.seats ?? 0)) {
        await promoteWaitlist(trx, scope, updated, now);
        return hydrateBooking(trx, scope, updated, now);
      }
      return after;
    });
  }

  async transition(scope: AccountScope, id: string, action: Exclude<BookingAction, 'expire'>, reason?: string) {
    const now = this.clock.now();
    return withTransaction(this.db, async (trx) => {
      const first = await bookingsTable.find(trx, scope, id);
      if (!first) throw notFound('booking', id);
      // A cancel frees capacity and re-checks flagged neighbours: take the resource locks
      // before the booking row, in the order every writer uses.
      const resources = action === 'cancel' ? await resourcesOfBooking(trx, scope, id) : [];
      const locks = await lockResources(trx, scope, resources);
      const row = (await bookingsTable.lock(trx, scope, id, locks))!;
      const next = nextStatus(row.status, action, { now: now.getTime(), start: row.start_at.getTime(), expiresAt: row.expires_at?.getTime() ?? null });
      if (!next.ok) throw new ApiError('invalid_state_transition', next.message);
      const changes: Parameters<typeof bookingsTable.update>[3] = { status: next.status, updated_at: now };
      if (action === 'confirm') Object.assign(changes, { confirmed_at: now, expires_at: null });
      if (action === 'cancel') Object.assign(changes, { cancelled_at: now, cancellation_reason: reason ?? null });
      const before = await hydrateBooking(trx, scope, row, now);
      const after = await hydrateBooking(trx, scope, await bookingsTable.update(trx, scope, id, changes), now);
      await recordEvent(trx, scope, EVENT_OF[action], after, changedAttributes(before, after), now);
      if (action === 'cancel') await recheckBookings(trx, scope, locks, now, { onlyConflicted: true });
      return after;
    });
  }
}
