/**
 * The booking policy where the bookings feature acts (docs/policies.md): which new booking
 * waits for approval or for its deposit, the cancel and reschedule windows, and what becomes
 * of a paid deposit when the booking ends without taking place, and what a move may change
 * (`replacementStatus`). Every door (REST, MCP tools, manage links, booking sessions) reaches
 * these through the bookings service, and a move keeps them, so none can skip them; the
 * policy in force is capacity's `loadPolicy`, the window the core's.
 */
import type { Trx } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { BookingStatus, PolicyOverride } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import { cutoffMessage, insideCutoff, type CutoffRule } from '../../core/bookings/cutoffs.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { loadPolicy, resourcesOfBooking, type BookingRow, type LockedPlan, type PolicyInForce } from '../../capacity/index.js';
import type { ChargeRow, DepositPolicy, Money, PaymentStatus, RefundRow } from '../../db/schema.js';
import { json } from '../../db/transaction.js';
import { amountPaid, depositOutcome } from '../../core/bookings/deposits.js';

/** The policy in force on a booking's resources, in segment order. */
export async function policyOfBooking(trx: Trx, scope: AccountScope, booking: BookingRow): Promise<PolicyInForce> {
  return loadPolicy(trx, scope, await resourcesOfBooking(trx, scope, booking.id));
}

/** A new charge, due (docs/policies.md#fees). */
export function dueCharge(type: ChargeRow['type'], fee: Money, now: Date): ChargeRow {
  return { id: newId(ID_PREFIX.charge), type, amount: fee.amount, currency: fee.currency, status: 'due', created_at: now.toISOString(), closed_at: null };
}

/**
 * Who a request acts for. `customer`: the person who books (an MCP tool, a manage link, a
 * booking session, a key passing `requested: true`): a policy requiring approval makes its
 * new booking `requested`. `business`: the platform's own back office, booking directly.
 */
export type Door = 'customer' | 'business';

/**
 * The status, expiry and deposit of a new booking under the policy of its planned resources.
 * Only a booking made for the customer waits: for approval (`requested`, until the approval
 * timeout), else for its deposit (`pending`, until `hold_minutes`). Under both, it is
 * `requested` and its deposit is due too; approval then starts the deposit's hold.
 */
export async function statusUnderPolicy<S extends string>(
  trx: Trx,
  scope: AccountScope,
  plan: LockedPlan,
  door: Door,
  asked: { status: S; expiresAt: Date | null },
  now: Date,
): Promise<{ status: S | 'requested' | 'pending'; expiresAt: Date | null; deposit: DepositPolicy | null }> {
  if (door !== 'customer') return { ...asked, deposit: null };
  const policy = await loadPolicy(trx, scope, plan.segments.map((s) => s.resource));
  const deposit = policy.deposit;
  if (policy.approvalRequired) return { status: 'requested', expiresAt: minutesAfter(now, policy.approvalTimeoutMinutes), deposit };
  if (deposit) return { status: 'pending', expiresAt: minutesAfter(now, deposit.hold_minutes), deposit };
  return { ...asked, deposit: null };
}

const minutesAfter = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** When an approved booking's deposit hold ends: `hold_minutes` after the approval. */
export function depositHoldEnd(deposit: DepositPolicy, now: Date): Date {
  return minutesAfter(now, deposit.hold_minutes);
}

/** What a `replaces` asks for the new booking, and who asks. */
export interface ReplacementAsked {
  status: BookingStatus;
  expiresAt: Date | null;
  door: Door;
}

/**
 * The status and expiry of a booking's replacement (a reschedule, `replaces`, a manage link's
 * move): a move is no way around the policy the booking was made under.
 * - A `requested` booking's replacement stays `requested` with its approval timeout, whatever
 *   status was asked and by whom: only POST /v1/bookings/{id}/approve confirms a request.
 * - A deposit hold is not confirmed by a move (409 policy_violation), and one moved for the
 *   customer keeps its hold's end: a customer door cannot stretch the hold past `hold_minutes`
 *   (the business extends it with `expires_at` on POST /v1/bookings/{id}).
 * `asked` is absent on a reschedule, which keeps the old booking's status and hold.
 */
export function replacementStatus(old: BookingRow, oldStatus: BookingStatus, asked: ReplacementAsked | undefined): { status: BookingStatus; expiresAt: Date | null } {
  if (oldStatus === 'requested') return { status: 'requested', expiresAt: old.expires_at };
  const status = asked?.status ?? oldStatus;
  if (status === 'confirmed') assertDepositPaid(old);
  if (status !== 'pending') return { status, expiresAt: null };
  const keepsHold = oldStatus === 'pending' && (asked === undefined || (asked.door === 'customer' && old.deposit !== null));
  return { status, expiresAt: keepsHold ? old.expires_at : (asked?.expiresAt ?? null) };
}

/** Refuses to confirm a booking whose deposit is not paid (409 policy_violation, rule deposit). */
export function assertDepositPaid(booking: BookingRow, paymentStatus: PaymentStatus | null = booking.payment_status): void {
  if (booking.deposit && paymentStatus !== 'paid') {
    throw new ApiError(
      'policy_violation',
      `This booking can only be confirmed once its deposit of ${booking.deposit.amount} ${booking.deposit.currency} is paid: record the payments with POST /v1/bookings/${booking.id}/payments.`,
      null,
      { rule: 'deposit' },
    );
  }
}

/**
 * What a booking ending without taking place does with its paid deposit
 * (docs/policies.md#deposits): before the cutoff (and on a decline or an expiry) all of it is
 * due back, a `refunds` entry and `payment_status: refund_due`; a late cancel keeps it as the
 * late-cancel fee, a `late_cancel` charge settled by the deposit. Null: nothing was paid.
 */
export function depositOnEnd(
  booking: BookingRow,
  reason: RefundRow['reason'],
  late: boolean,
  now: Date,
): { refund: RefundRow | null; kept: ChargeRow | null; changes: { refunds?: string; charges?: string; payment_status?: PaymentStatus } } | null {
  if (!booking.deposit) return null;
  const outcome = depositOutcome(amountPaid(booking.payments), late);
  const currency = booking.deposit.currency;
  const at = now.toISOString();
  if (outcome.kind === 'none') return null;
  if (outcome.kind === 'keep') {
    const kept: ChargeRow = { id: newId(ID_PREFIX.charge), type: 'late_cancel', amount: outcome.amount, currency, status: 'settled', created_at: at, closed_at: at };
    return { refund: null, kept, changes: { charges: json([...booking.charges, kept]) } };
  }
  const refund: RefundRow = { id: newId(ID_PREFIX.refund), amount: outcome.amount, currency, reason, status: 'due', created_at: at };
  return { refund, kept: null, changes: { refunds: json([...booking.refunds, refund]), payment_status: 'refund_due' } };
}

/**
 * Refuses a cancel or a move inside the policy's window (409 policy_violation), unless a
 * secret key passed `override_policy: true`: then the override to record on the booking.
 */
export async function checkCutoff(
  trx: Trx,
  scope: AccountScope,
  booking: BookingRow,
  rule: CutoffRule,
  overridePolicy: boolean,
  now: Date,
  policy?: PolicyInForce,
): Promise<PolicyOverride | null> {
  policy ??= await policyOfBooking(trx, scope, booking);
  const cutoffMinutes = rule === 'cancel_cutoff_minutes' ? policy.cancelCutoffMinutes : policy.rescheduleCutoffMinutes;
  const check = { rule, cutoffMinutes, start: booking.start_at.getTime(), now: now.getTime() };
  if (cutoffMinutes === null || !insideCutoff(check)) return null;
  if (!overridePolicy) throw new ApiError('policy_violation', cutoffMessage({ ...check, cutoffMinutes }), null, { rule });
  return { rule, action: rule === 'cancel_cutoff_minutes' ? 'cancel' : 'reschedule', at: now.toISOString() };
}
