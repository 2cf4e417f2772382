import { withTransaction, json, type DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { ApiError, invalid, missing, notFound } from '../../lib/errors.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import type { PageParams } from '../../db/pagination.js';
import { effectiveStatus, nextStatus, type BookingAction } from '../../core/bookings/transitions.js';
import type { ConflictPolicy } from '../../core/availability/types.js';
import { getBooking, hydrateBooking, hydrateBookings } from './bookings.read.js';
import { listBookings, type BookingFilters } from './bookings.list.js';
import { parseExpiresAt, parseSegments, type SegmentBody } from './bookings.input.js';
import { replaceBooking } from './bookings.replace.js';
import { assertDepositPaid, checkCutoff, depositHoldEnd, depositOnEnd, dueCharge, policyOfBooking, statusUnderPolicy, type Door } from './bookings.policy.js';
import { recordPayment, type PaymentBody } from './bookings.payment.js';
import { amountPaid } from '../../core/bookings/deposits.js';
import type { ChargeRow } from '../../db/schema.js';
import { importBookings, type ImportItem } from './bookings.import.js';
import type { Clock } from '../../lib/clock.js';
import { waitingLine } from './attendees.repository.js';
import { promoteWaitlist } from './attendees.waitlist.js';
import {
  bookingsTable,
  conflictError,
  customerColumns,
  lockAndPlan,
  lockResources,
  recheckBookings,
  resourcesOfBooking,
  seatsTakenOf,
  writeBooking,
  type CustomerBody,
} from '../../capacity/index.js';

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
  customer?: CustomerBody | null;
  /** Made for the customer (docs/policies.md#approval): under a policy requiring approval it starts `requested`. */
  requested?: boolean;
  /** Returning customers (docs/bookings.md#returning-customers): try the customer's previous resource first. */
  prefer_previous_resource?: boolean;
}

export interface UpdateBookingBody {
  expires_at?: string | null;
  seats?: number | null;
  waitlist_limit?: number;
  waitlist_hold_minutes?: number;
  metadata?: Record<string, string>;
  customer?: CustomerBody | null;
}

export interface RescheduleBody {
  segments: SegmentBody[];
  conflict_policy?: ConflictPolicy;
  /** A secret key going past the reschedule window (checked by the route). */
  override_policy?: boolean;
  prefer_previous_resource?: boolean;
}

/** Cancel and decline: the reason, and a secret key going past the cancel window. */
export interface TransitionOptions {
  reason?: string;
  overridePolicy?: boolean;
}

/** A waitlist needs seats to wait for (docs/waitlists.md). */
function assertWaitlistHasSeats(seats: number | null, waitlistLimit: number) {
  if (seats === null && waitlistLimit > 0) throw invalid('waitlist_limit', 'A waitlist needs a booking with seats; set seats too.');
}

/** A booking made with `requested: true` is made for the customer (docs/policies.md#approval). */
const doorOf = (body: CreateBookingBody): Door => (body.requested === true ? 'customer' : 'business');

const EVENT_OF = {
  confirm: 'booking.confirmed',
  cancel: 'booking.cancelled',
  complete: 'booking.completed',
  no_show: 'booking.no_show',
  approve: 'booking.approved',
  decline: 'booking.declined',
} as const;

/** The actions that end a booking's hold: its resources are locked first, and neighbours re-checked. */
const FREES_CAPACITY: ReadonlySet<string> = new Set(['cancel', 'decline']);
/** The actions that keep a hold which lapses at expires_at: its resources are locked first too. */
const KEEPS_HOLD: ReadonlySet<string> = new Set(['confirm', 'approve']);

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
    const customer = body.customer !== undefined ? customerColumns(body.customer) : undefined;
    if (body.replaces === undefined) assertWaitlistHasSeats(body.seats ?? null, body.waitlist_limit ?? 0);
    const preferPrevious = body.prefer_previous_resource === true;
    // The customer is named by this request; a replacement may take the old booking's instead.
    if (preferPrevious && body.replaces === undefined && !customer?.customer_reference) {
      throw missing('customer.reference', 'prefer_previous_resource needs the customer whose previous resource to prefer: give customer.reference.');
    }
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
            asked: { status, expiresAt, door: doorOf(body) },
            seats: body.seats,
            waitlistLimit: body.waitlist_limit,
            waitlistHoldMinutes: body.waitlist_hold_minutes,
            metadata: body.metadata && metadataForCreate(body.metadata),
            customer,
            overridePolicy: false,
            preferPrevious,
          },
          now,
        );
      }
      const preferPreviousOf = preferPrevious ? (customer?.customer_reference ?? undefined) : undefined;
      const plan = await lockAndPlan(trx, scope, { ...parsed, policy, now, preferPreviousOf });
      if (!plan.ok) throw conflictError(plan);
      const held = await statusUnderPolicy(trx, scope, plan, doorOf(body), { status, expiresAt }, now);
      const { booking } = await writeBooking(
        trx,
        scope,
        {
          plan,
          locationRequested: parsed.segments.map((s) => s.locationRequested),
          status: held.status,
          expiresAt: held.expiresAt,
          seats: body.seats ?? null,
          waitlistLimit: body.waitlist_limit,
          waitlistHoldMinutes: body.waitlist_hold_minutes,
          policy,
          metadata: metadataForCreate(body.metadata),
          customer,
          deposit: held.deposit,
        },
        now,
      );
      if (booking.status === 'requested') await recordEvent(trx, scope, 'booking.requested', booking, null, now);
      return booking;
    });
  }

  async reschedule(scope: AccountScope, id: string, body: RescheduleBody) {
    const now = this.clock.now();
    const parsed = parseSegments(body.segments);
    return withTransaction(this.db, (trx) =>
      replaceBooking(
        trx,
        scope,
        {
          oldId: id,
          oldParam: null,
          parsed,
          policy: body.conflict_policy ?? 'reject',
          overridePolicy: body.override_policy === true,
          preferPrevious: body.prefer_previous_resource === true,
        },
        now,
      ),
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
    const customer = body.customer !== undefined ? customerColumns(body.customer) : undefined;
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
      if (customer !== undefined) Object.assign(changes, customer);
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

  /** Settles or waives a due charge (docs/policies.md#fees): booking.updated with the charges before. */
  async closeCharge(scope: AccountScope, id: string, chargeId: string, to: 'settled' | 'waived') {
    const now = this.clock.now();
    return withTransaction(this.db, async (trx) => {
      // No resource's time changes: no resource locks, then the booking row (the lock order).
      const row = await bookingsTable.lock(trx, scope, id, await lockResources(trx, scope, []));
      if (!row) throw notFound('booking', id);
      const charge = row.charges.find((c) => c.id === chargeId);
      if (!charge) throw notFound('charge', chargeId);
      if (charge.status !== 'due') throw new ApiError('invalid_state_transition', `Charge ${chargeId} is ${charge.status}; only a due charge can be ${to}.`);
      const charges = row.charges.map((c) => (c.id === chargeId ? { ...c, status: to, closed_at: now.toISOString() } : c));
      const before = await hydrateBooking(trx, scope, row, now);
      const after = await hydrateBooking(trx, scope, await bookingsTable.update(trx, scope, id, { charges: json(charges), updated_at: now }), now);
      await recordEvent(trx, scope, 'booking.updated', after, changedAttributes(before, after), now);
      return after;
    });
  }

  async transition(scope: AccountScope, id: string, action: Exclude<BookingAction, 'expire'>, options: TransitionOptions = {}) {
    return withTransaction(this.db, async (trx) => {
      const first = await bookingsTable.find(trx, scope, id);
      if (!first) throw notFound('booking', id);
      // A cancel or decline frees capacity and re-checks flagged neighbours; a confirm or an
      // approval keeps a hold that lapses at expires_at. Each takes the resource locks before
      // the booking row, in the order every writer uses, so that it is ordered with any booking
      // that would take the time once the hold lapses.
      const frees = FREES_CAPACITY.has(action);
      const resources = frees || KEEPS_HOLD.has(action) ? await resourcesOfBooking(trx, scope, id) : [];
      const locks = await lockResources(trx, scope, resources);
      const row = (await bookingsTable.lock(trx, scope, id, locks))!;
      // The time is read under the locks: a writer that took the lapsed time has committed by now,
      // and its clock was no later than this one, so a lapsed hold is never confirmed after it.
      const now = this.clock.now();
      const next = nextStatus(row.status, action, { now: now.getTime(), start: row.start_at.getTime(), expiresAt: row.expires_at?.getTime() ?? null });
      if (!next.ok) throw new ApiError('invalid_state_transition', next.message);
      if (action === 'confirm') assertDepositPaid(row);
      const changes: Parameters<typeof bookingsTable.update>[3] = { status: next.status, updated_at: now };
      if (action === 'confirm' || action === 'approve') Object.assign(changes, { confirmed_at: now, expires_at: null });
      // An approved request whose deposit is not paid yet waits for it (docs/policies.md#deposits).
      if (action === 'approve' && row.deposit && row.payment_status !== 'paid') {
        Object.assign(changes, { status: 'pending', confirmed_at: null, expires_at: depositHoldEnd(row.deposit, now) });
      }
      if (frees) Object.assign(changes, { cancelled_at: now, cancellation_reason: options.reason ?? null });
      let charge: ChargeRow | null = null;
      let late = false;
      if (action === 'cancel') {
        const policy = await policyOfBooking(trx, scope, row);
        const override = await checkCutoff(trx, scope, row, 'cancel_cutoff_minutes', options.overridePolicy === true, now, policy);
        if (override) changes.policy_overrides = json([...row.policy_overrides, override]);
        // Inside the window (only an override gets there) the cancel is late: its fee is due,
        // unless a paid deposit is kept as the fee.
        late = override !== null;
        if (late && policy.lateCancelFee && amountPaid(row.payments) === 0) charge = dueCharge('late_cancel', policy.lateCancelFee, now);
      }
      if (action === 'no_show') {
        const fee = (await policyOfBooking(trx, scope, row)).noShowFee;
        if (fee) charge = dueCharge('no_show', fee, now);
      }
      if (charge) changes.charges = json([...row.charges, charge]);
      const deposit = frees ? depositOnEnd(row, action === 'cancel' ? 'cancelled' : 'declined', late, now) : null;
      if (deposit) Object.assign(changes, deposit.changes);
      const before = await hydrateBooking(trx, scope, row, now);
      const after = await hydrateBooking(trx, scope, await bookingsTable.update(trx, scope, id, changes), now);
      await recordEvent(trx, scope, EVENT_OF[action], after, changedAttributes(before, after), now);
      if (charge) await recordEvent(trx, scope, 'booking.charge_due', after, null, now, { charge });
      if (deposit?.refund) await recordEvent(trx, scope, 'booking.refund_due', after, null, now, { refund: deposit.refund });
      if (frees) await recheckBookings(trx, scope, locks, now, { onlyConflicted: true });
      return after;
    });
  }

  /** Records a payment of the booking's deposit (docs/policies.md#deposits); confirms it once paid. */
  recordPayment(scope: AccountScope, id: string, body: PaymentBody) {
    return withTransaction(this.db, (trx) => recordPayment(trx, scope, id, body, this.clock));
  }
}
