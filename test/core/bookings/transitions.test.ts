import { describe, expect, it } from 'vitest';
import { effectiveStatus, holdsCapacity, nextStatus, type BookingAction, type BookingStatus } from '../../../src/core/bookings/transitions.js';

const START = 1_000_000;
const before = { now: START - 1, start: START };
const after = { now: START, start: START };

describe('booking transitions', () => {
  it('confirms, cancels or expires a pending booking', () => {
    expect(nextStatus('pending', 'confirm', before)).toEqual({ ok: true, status: 'confirmed' });
    expect(nextStatus('pending', 'cancel', before)).toEqual({ ok: true, status: 'cancelled' });
    expect(nextStatus('pending', 'expire', before)).toEqual({ ok: true, status: 'expired' });
  });

  it('cancels a confirmed booking at any time, completes it or marks a no-show only once it has started', () => {
    expect(nextStatus('confirmed', 'cancel', after)).toEqual({ ok: true, status: 'cancelled' });
    expect(nextStatus('confirmed', 'complete', after)).toEqual({ ok: true, status: 'completed' });
    expect(nextStatus('confirmed', 'no_show', after)).toEqual({ ok: true, status: 'no_show' });
    const early = nextStatus('confirmed', 'complete', before);
    expect(early).toMatchObject({ ok: false, code: 'invalid_state_transition' });
    expect(!early.ok && early.message).toContain('before it has started');
    expect(nextStatus('confirmed', 'no_show', before)).toMatchObject({ ok: false, code: 'invalid_state_transition' });
  });

  it('refuses to complete a pending booking or confirm a confirmed one', () => {
    expect(nextStatus('pending', 'complete', after)).toMatchObject({ ok: false, code: 'invalid_state_transition' });
    expect(nextStatus('confirmed', 'confirm', after)).toMatchObject({ ok: false, code: 'invalid_state_transition' });
    expect(nextStatus('confirmed', 'expire', after)).toMatchObject({ ok: false });
  });

  it('lets nothing leave a terminal state', () => {
    const actions: BookingAction[] = ['confirm', 'cancel', 'expire', 'complete', 'no_show'];
    for (const status of ['cancelled', 'expired', 'completed', 'no_show'] as BookingStatus[]) {
      for (const action of actions) {
        const r = nextStatus(status, action, after);
        expect(r).toMatchObject({ ok: false, code: 'invalid_state_transition' });
        expect(!r.ok && r.message).toContain('final state');
      }
    }
  });

  it('treats a pending booking past expires_at as expired', () => {
    expect(effectiveStatus('pending', 500, 499)).toBe('pending');
    expect(effectiveStatus('pending', 500, 500)).toBe('expired');
    expect(effectiveStatus('pending', null, 10 ** 15)).toBe('pending');
    expect(effectiveStatus('confirmed', 500, 600)).toBe('confirmed');
    expect(nextStatus('pending', 'confirm', { now: 600, start: START, expiresAt: 500 })).toMatchObject({ ok: false });
  });

  it('holds capacity only while pending (not expired) or confirmed', () => {
    expect(holdsCapacity('pending', 500, 499)).toBe(true);
    expect(holdsCapacity('pending', 500, 500)).toBe(false);
    expect(holdsCapacity('confirmed', null, 0)).toBe(true);
    for (const s of ['cancelled', 'expired', 'completed', 'no_show'] as BookingStatus[]) expect(holdsCapacity(s, null, 0)).toBe(false);
  });
});
