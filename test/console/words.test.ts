/**
 * The console's wording of the API's errors (console/src/words.ts), which the console and the
 * manage page share: every conflict reason and every code a person can meet becomes a
 * sentence that names the resource and speaks no code, id or UTC time; those stay in the details.
 */
import { describe, expect, it } from 'vitest';
import { explain } from '../../console/src/words.js';
import { ERROR_TABLE } from '../../src/lib/errors.js';

/** Every conflict reason of the core (ConflictReason in src/core/availability/types.ts). */
const REASONS = ['outside_schedule', 'holiday', 'blocked', 'capacity_exceeded', 'resource_archived', 'no_candidate_available', 'start_passed', 'too_soon', 'too_far_ahead', 'limit_reached'];
const CODE_LIKE = /[a-z]+_[a-z]+|\b[a-z]+_[0-9a-z]{6,}|UTC|\dZ\b/;
const names = { name: (id: string | null | undefined) => (id === 'res_01studioa' ? 'Studio A' : 'The resource'), blockReason: () => 'Floor maintenance' };
const apiError = (code: string, body: Record<string, unknown> = {}, param: string | null = null) => ({
  code,
  param,
  status: ERROR_TABLE[code as keyof typeof ERROR_TABLE]?.[0] ?? 400,
  requestId: 'req_01abcdef',
  message: `The API's own words for ${code}, about res_01studioa at 2026-11-29T09:00:00Z.`,
  body: { code, ...body },
});

describe('the words of an error', () => {
  it('names the resource and says why for every conflict reason, with the reason and id behind Details', () => {
    for (const reason of REASONS) {
      const conflict = { resource: 'res_01studioa', reason, message: 'Resource res_01studioa is not free for all of 2026-11-29T09:00:00Z', limit: 3, rule: 'max_per_day' };
      const { sentence, details } = explain(apiError('booking_conflict', { conflicts: [conflict] }), names);
      expect(sentence, reason).not.toMatch(CODE_LIKE);
      expect(sentence, reason).not.toBe('That time is not free.');
      expect(details, reason).toContain(`conflict: ${reason} (res_01studioa)`);
      expect(details, reason).toContain('code: booking_conflict');
    }
    expect(explain(apiError('booking_conflict', { conflicts: [{ resource: 'res_01studioa', reason: 'blocked' }] }), names).sentence).toBe('Studio A is closed then: Floor maintenance.');
    expect(explain(apiError('booking_conflict', { conflicts: [{ resource: 'res_01studioa', reason: 'holiday' }] }), names).sentence).toBe('Studio A is closed for a holiday then.');
  });

  it("keeps the API's own message of a conflict it has no words for behind Details", () => {
    const { sentence, details } = explain(apiError('booking_conflict', { conflicts: [{ resource: 'res_01studioa', reason: 'something_new', message: 'Resource res_01studioa is busy at 2026-11-29T09:00:00Z' }] }), names);
    expect(sentence).toBe('That time is not free.');
    expect(details).toContain('message: ');
  });

  it('says which booking rule refuses a change (a cancel or a move too close to the start, an unpaid deposit)', () => {
    expect(explain(apiError('policy_violation', { rule: 'cancel_cutoff_minutes' })).sentence).toBe('It is too close to the start to cancel this booking.');
    expect(explain(apiError('policy_violation', { rule: 'reschedule_cutoff_minutes' })).sentence).toBe('It is too close to the start to move this booking.');
    expect(explain(apiError('policy_violation', { rule: 'deposit' })).sentence).toBe('This booking can only be confirmed once its deposit is paid.');
    expect(explain(apiError('policy_violation', { rule: 'cancel_cutoff_minutes' })).details).toContain('rule: cancel_cutoff_minutes');
    expect(explain(apiError('policy_violation', { rule: 'a_new_rule' })).sentence).toBe('The booking rules do not allow that.');
  });

  it('words every code of the API in a sentence with no code, id or UTC time in it', () => {
    for (const code of Object.keys(ERROR_TABLE)) {
      const { sentence, details } = explain(apiError(code, {}, code.startsWith('parameter') ? 'segments[0].start' : null), names);
      expect(sentence, code).not.toMatch(CODE_LIKE);
      expect(details, code).toContain(`code: ${code}`);
      expect(details, code).toContain('request: req_01abcdef');
    }
  });

  it('says the service could not be reached when no answer came', () => {
    expect(explain(new TypeError('Failed to fetch')).sentence).toBe('The service could not be reached. Check the connection and try again.');
    expect(explain({ status: 0, code: 'unknown' }).sentence).toBe('The service could not be reached. Check the connection and try again.');
  });
});
