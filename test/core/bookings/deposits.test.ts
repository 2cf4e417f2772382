import { describe, expect, it } from 'vitest';
import { amountPaid, depositOutcome, depositReached, paymentStatusOf } from '../../../src/core/bookings/deposits.js';

const deposit = { amount: 2000, currency: 'EUR' };

describe('deposits', () => {
  it('adds up the payments', () => {
    expect(amountPaid([])).toBe(0);
    expect(amountPaid([{ amount: 1500, currency: 'EUR' }, { amount: 500, currency: 'EUR' }])).toBe(2000);
  });

  it('is required with nothing paid, partially paid one unit short, paid at the deposit and above it', () => {
    expect(paymentStatusOf(deposit, 0)).toBe('required');
    expect(paymentStatusOf(deposit, 1999)).toBe('partially_paid');
    expect(paymentStatusOf(deposit, 2000)).toBe('paid');
    expect(paymentStatusOf(deposit, 2001)).toBe('paid');
    expect(depositReached(deposit, 1999)).toBe(false);
    expect(depositReached(deposit, 2000)).toBe(true);
  });

  it('refunds what was paid on an early end, keeps it on a late cancel, and does nothing when nothing was paid', () => {
    expect(depositOutcome(0, false)).toEqual({ kind: 'none' });
    expect(depositOutcome(0, true)).toEqual({ kind: 'none' });
    expect(depositOutcome(800, false)).toEqual({ kind: 'refund', amount: 800 });
    expect(depositOutcome(2000, true)).toEqual({ kind: 'keep', amount: 2000 });
  });
});
