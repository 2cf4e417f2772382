/**
 * Deposits (docs/policies.md#deposits): what a booking's payments add up to, its payment status,
 * and what a cancel does with what was paid. Pure: amounts, the cutoff and `now` are arguments.
 *
 *   required → partially_paid → paid         (payments; reaching the deposit confirms the booking)
 *   required | partially_paid | paid → refund_due   (cancel before the cutoff, decline, expiry, with something paid)
 *   paid stays paid on a late cancel: the deposit is kept as the late-cancel fee
 */
export type PaymentStatus = 'required' | 'partially_paid' | 'paid' | 'refund_due';

export interface Amount {
  amount: number;
  currency: string;
}

/** The sum of what was paid (every payment is in the deposit's currency). */
export function amountPaid(payments: readonly Amount[]): number {
  return payments.reduce((sum, p) => sum + p.amount, 0);
}

/** The status of a deposit from what was paid; `refund_due` is set by a cancel, never computed from amounts. */
export function paymentStatusOf(deposit: Amount, paid: number): Exclude<PaymentStatus, 'refund_due'> {
  if (paid >= deposit.amount) return 'paid';
  return paid > 0 ? 'partially_paid' : 'required';
}

/** Whether the payments reach the deposit: the booking is then confirmed. */
export function depositReached(deposit: Amount, paid: number): boolean {
  return paid >= deposit.amount;
}

/**
 * What becomes of the paid amount when a booking with a deposit ends without taking place.
 * `refund`: the whole paid amount is due back (a cancel before the cutoff, a decline, an expiry).
 * `keep`: a cancel inside the window (late) keeps it as the late-cancel fee.
 * `none`: nothing was paid.
 */
export type DepositOutcome = { kind: 'none' } | { kind: 'refund'; amount: number } | { kind: 'keep'; amount: number };

export function depositOutcome(paid: number, lateCancel: boolean): DepositOutcome {
  if (paid <= 0) return { kind: 'none' };
  return lateCancel ? { kind: 'keep', amount: paid } : { kind: 'refund', amount: paid };
}
