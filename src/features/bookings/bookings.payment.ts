/**
 * POST /v1/bookings/{id}/payments (docs/policies.md#deposits): records a payment the platform
 * collected for a booking's deposit. Idempotent on (provider, reference): a repeat is the same
 * payment, and writes nothing. When the payments reach the deposit, a pending booking is
 * confirmed here, through the state machine and under the locks of every confirm: the
 * booking's resources, then its row, and the time read under them. So a payment racing the
 * hold's expiry either confirms a hold that has not lapsed, before any other booking can take
 * its time, or is refused (409) and the booking stays expired.
 */
import { json, type Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { PaymentRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { iso } from '../../lib/time-format.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import { effectiveStatus, nextStatus } from '../../core/bookings/transitions.js';
import { amountPaid, depositReached, paymentStatusOf } from '../../core/bookings/deposits.js';
import { bookingWithPayment, bookingsTable, lockPaymentReference, lockResources, resourcesOfBooking, type ApiBooking, type BookingRow } from '../../capacity/index.js';
import { assertDepositPaid } from './bookings.policy.js';
import { hydrateBooking } from './bookings.read.js';

export interface PaymentBody {
  amount: number;
  currency: string;
  provider: string;
  reference: string;
}

/** The API shape of a payment: the entry of the booking's `payments`, and the booking after it. */
export function serializePayment(payment: PaymentRow, booking: ApiBooking) {
  return { object: 'payment' as const, ...payment, booking };
}

/** A reference already used: the same payment when everything matches, else a 400 naming what differs. */
function sameOrRefused(existing: PaymentRow, body: PaymentBody): PaymentRow {
  if (existing.amount !== body.amount || existing.currency !== body.currency) {
    throw new ApiError(
      'idempotency_key_reused',
      `Payment ${body.provider} ${body.reference} was recorded with ${existing.amount} ${existing.currency}; a repeat must send the same amount and currency.`,
      'reference',
    );
  }
  return existing;
}

/** Why no payment can be recorded on this booking now, or null when one can. */
function refusal(row: BookingRow, now: Date): ApiError | null {
  if (!row.deposit) return new ApiError('invalid_state_transition', `Booking ${row.id} has no deposit to pay.`);
  const status = effectiveStatus(row.status, row.expires_at?.getTime() ?? null, now.getTime());
  if (status === 'expired') {
    return new ApiError(
      'invalid_state_transition',
      `The hold of booking ${row.id} expired at ${iso(row.expires_at)} before its deposit was paid: the payment was not recorded and the time may be taken. Refund it through your provider, or make a new booking.`,
    );
  }
  if (status !== 'pending' && status !== 'requested') {
    return new ApiError('invalid_state_transition', `Booking ${row.id} is ${status}: payments are recorded only while it waits for its deposit.`);
  }
  if (row.payment_status === 'paid') return new ApiError('invalid_state_transition', `The deposit of booking ${row.id} is already paid.`);
  return null;
}

export async function recordPayment(trx: Trx, scope: AccountScope, id: string, body: PaymentBody, clock: Clock) {
  if (!(await bookingsTable.find(trx, scope, id))) throw notFound('booking', id);
  const locks = await lockResources(trx, scope, await resourcesOfBooking(trx, scope, id));
  const row = (await bookingsTable.lock(trx, scope, id, locks))!;
  // Under the locks, like every confirm (bookings.service.ts, transition).
  const now = clock.now();
  const repeat = row.payments.find((p) => p.provider === body.provider && p.reference === body.reference);
  if (repeat) return serializePayment(sameOrRefused(repeat, body), await hydrateBooking(trx, scope, row, now));
  await lockPaymentReference(trx, scope, body.provider, body.reference);
  const holder = await bookingWithPayment(trx, scope, body.provider, body.reference);
  if (holder) throw new ApiError('idempotency_key_reused', `Payment ${body.provider} ${body.reference} is already recorded on booking ${holder}.`, 'reference');
  const refused = refusal(row, now);
  if (refused) throw refused;
  const deposit = row.deposit!;
  if (body.currency !== deposit.currency) throw invalid('currency', `The deposit of booking ${id} is in ${deposit.currency}; a payment in ${body.currency} cannot count towards it.`);

  const payment: PaymentRow = { id: newId(ID_PREFIX.payment), ...body, created_at: now.toISOString() };
  const payments = [...row.payments, payment];
  const paymentStatus = paymentStatusOf(deposit, amountPaid(payments));
  const changes: Parameters<typeof bookingsTable.update>[3] = { payments: json(payments), payment_status: paymentStatus, updated_at: now };
  // A requested booking still waits for approval; a pending one is confirmed once paid.
  const confirms = row.status === 'pending' && depositReached(deposit, amountPaid(payments));
  if (confirms) {
    const next = nextStatus(row.status, 'confirm', { now: now.getTime(), start: row.start_at.getTime(), expiresAt: row.expires_at?.getTime() ?? null });
    if (!next.ok) throw new ApiError('invalid_state_transition', next.message);
    assertDepositPaid(row, paymentStatus);
    Object.assign(changes, { status: next.status, confirmed_at: now, expires_at: null });
  }
  const before = await hydrateBooking(trx, scope, row, now);
  const after = await hydrateBooking(trx, scope, await bookingsTable.update(trx, scope, id, changes), now);
  await recordEvent(trx, scope, 'booking.payment_recorded', after, null, now, { payment });
  if (confirms) await recordEvent(trx, scope, 'booking.confirmed', after, changedAttributes(before, after), now);
  return serializePayment(payment, after);
}
