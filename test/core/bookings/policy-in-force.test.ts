import { describe, expect, it } from 'vitest';
import { DEFAULT_APPROVAL_TIMEOUT_MINUTES, policyInForce } from '../../../src/capacity/booking-policy.js';

const EUR = (amount: number) => ({ amount, currency: 'EUR' });
const DEPOSIT = { amount: 2000, currency: 'EUR', hold_minutes: 30 };

describe('the booking policy in force', () => {
  it("takes the account's policy when no resource has one of its own, and nothing at all without either", () => {
    expect(policyInForce(null, [])).toEqual({
      approvalRequired: false,
      approvalTimeoutMinutes: DEFAULT_APPROVAL_TIMEOUT_MINUTES,
      cancelCutoffMinutes: null,
      rescheduleCutoffMinutes: null,
      lateCancelFee: null,
      noShowFee: null,
      deposit: null,
    });
    const account = { approval: 'required' as const, cancel_cutoff_minutes: 1440, no_show_fee: EUR(2000), deposit: DEPOSIT };
    expect(policyInForce(account, [null, {}])).toMatchObject({ approvalRequired: true, approvalTimeoutMinutes: 1440, cancelCutoffMinutes: 1440, noShowFee: EUR(2000), deposit: DEPOSIT });
  });

  it("lets a resource override the account's policy field by field, the rest staying the account's", () => {
    const account = { approval: 'required' as const, approval_timeout_minutes: 600, cancel_cutoff_minutes: 1440, reschedule_cutoff_minutes: 720, late_cancel_fee: EUR(500) };
    expect(policyInForce(account, [{ approval: 'none', cancel_cutoff_minutes: 60 }])).toEqual({
      approvalRequired: false,
      approvalTimeoutMinutes: DEFAULT_APPROVAL_TIMEOUT_MINUTES,
      cancelCutoffMinutes: 60,
      rescheduleCutoffMinutes: 720,
      lateCancelFee: EUR(500),
      noShowFee: null,
      deposit: null,
    });
    // A cutoff of 0 is the resource's own value (no window), not a fall back to the account's.
    expect(policyInForce(account, [{ cancel_cutoff_minutes: 0 }]).cancelCutoffMinutes).toBe(0);
  });

  it('takes the strictest across the resources: approval if any requires it, the shortest timeout of those, the longest cutoffs', () => {
    const policy = policyInForce({ approval_timeout_minutes: 300 }, [
      { approval: 'required', approval_timeout_minutes: 120, cancel_cutoff_minutes: 60, reschedule_cutoff_minutes: 2880 },
      { approval: 'none', approval_timeout_minutes: 30, cancel_cutoff_minutes: 1440 },
      { approval: 'required' },
    ]);
    // The second resource's 30 minutes is not a timeout of a resource requiring approval.
    expect(policy).toMatchObject({ approvalRequired: true, approvalTimeoutMinutes: 120, cancelCutoffMinutes: 1440, rescheduleCutoffMinutes: 2880 });
    expect(policyInForce(null, [{ approval: 'required' }, { approval: 'required', approval_timeout_minutes: 2000 }]).approvalTimeoutMinutes).toBe(
      DEFAULT_APPROVAL_TIMEOUT_MINUTES,
    );
  });

  it('takes fees and the deposit of the first resource in segment order that has one, never a sum', () => {
    const policy = policyInForce(null, [{}, { no_show_fee: EUR(1000), deposit: DEPOSIT }, { no_show_fee: { amount: 500, currency: 'JPY' }, deposit: { ...DEPOSIT, amount: 1 } }]);
    expect(policy).toMatchObject({ noShowFee: EUR(1000), deposit: DEPOSIT, lateCancelFee: null });
  });

  it("reads a fee of 0 as no fee, which on a resource sets aside the account's", () => {
    const account = { late_cancel_fee: EUR(1500), no_show_fee: EUR(2000) };
    expect(policyInForce(account, [{ no_show_fee: EUR(0) }])).toMatchObject({ lateCancelFee: EUR(1500), noShowFee: null });
    expect(policyInForce({ no_show_fee: EUR(0) }, [])).toMatchObject({ noShowFee: null });
  });
});
