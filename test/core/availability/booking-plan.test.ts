import { describe, expect, it } from 'vitest';
import { planBooking, type PlanSegmentInput } from '../../../src/core/availability/booking-plan.js';
import type { ConflictPolicy } from '../../../src/core/availability/types.js';
import { block, hold, resource, t, timeline, timelines, everyDay, schedule, wall } from '../helpers.js';

const NOW = t('2026-03-01T00:00:00Z');
const at = (hhmm: string) => t(`2026-03-02T${hhmm}:00Z`);

const free = (id: string, extra = {}) => timeline({ resource: resource({ id, ...extra }) });
const busy = (id: string) => timeline({ resource: resource({ id }), holds: [hold(id, at('00:00'), at('23:00'))] });
const closed = (id: string) => timeline({ resource: resource({ id }), schedules: [] });
const blocked = (id: string) => timeline({ resource: resource({ id }), blocks: [block(at('00:00'), at('23:00'), { resource: id })] });

function seg(start: string, end: string, who: Partial<PlanSegmentInput>): PlanSegmentInput {
  return { start: at(start), end: at(end), quantity: 1, ...who };
}
function plan(segments: PlanSegmentInput[], tls: ReturnType<typeof timelines>, policy: ConflictPolicy = 'reject', now = NOW) {
  return planBooking({ segments, timelines: tls, now, policy });
}
const reasons = (cs: { reason: string }[]) => cs.map((c) => c.reason);

describe('booking plans: candidates', () => {
  it('books a free named resource and reports where and how much is left', () => {
    const p = plan([seg('10:00', '11:00', { resource: 'res_a' })], timelines(free('res_a', { capacity: 4 })));
    expect(p.ok).toBe(true);
    expect(p.segments).toEqual([
      {
        resource: 'res_a',
        location: null,
        start: at('10:00'),
        end: at('11:00'),
        quantity: 1,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        heldStart: at('10:00'),
        heldEnd: at('11:00'),
        remainingCapacity: 4,
      },
    ]);
  });

  it('takes the first candidate that fits, in the order given', () => {
    const tls = timelines(busy('res_a'), free('res_b'), free('res_c'));
    expect(plan([seg('10:00', '11:00', { resources: ['res_a', 'res_b', 'res_c'] })], tls).segments[0].resource).toBe('res_b');
    expect(plan([seg('10:00', '11:00', { resources: ['res_c', 'res_b'] })], tls).segments[0].resource).toBe('res_c');
  });

  it('reports no_candidate_available with the first reason of each candidate', () => {
    const tls = timelines(busy('res_a'), closed('res_b'), blocked('res_c'), free('res_d', { status: 'archived' }));
    const p = plan([seg('10:00', '11:00', { resources: ['res_a', 'res_b', 'res_c', 'res_d'] })], tls);
    expect(p.ok).toBe(false);
    expect(p.refused).toEqual([
      {
        segment: 0,
        resource: null,
        reason: 'no_candidate_available',
        message: expect.any(String),
        candidates: [
          { resource: 'res_a', reason: 'capacity_exceeded' },
          { resource: 'res_b', reason: 'outside_schedule' },
          { resource: 'res_c', reason: 'blocked' },
          { resource: 'res_d', reason: 'resource_archived' },
        ],
      },
    ]);
  });

  it('reports a named resource’s own conflicts rather than no_candidate_available', () => {
    const p = plan([seg('10:00', '11:00', { resource: 'res_a' })], timelines(busy('res_a')));
    expect(reasons(p.refused)).toEqual(['capacity_exceeded']);
    expect(p.refused[0].resource).toBe('res_a');
  });

  it('counts a booking holding the same pool twice at once twice', () => {
    const tls = timelines(free('res_pool', { capacity: 1 }));
    const p = plan([seg('10:00', '11:00', { resource: 'res_pool' }), seg('10:30', '11:30', { resource: 'res_pool' })], tls);
    expect(reasons(p.refused)).toEqual(['capacity_exceeded']);
    expect(p.refused[0].segment).toBe(1);
    const two = timelines(free('res_pool', { capacity: 2 }));
    expect(plan([seg('10:00', '11:00', { resource: 'res_pool' }), seg('10:30', '11:30', { resource: 'res_pool' })], two).ok).toBe(true);
  });

  it('moves a later segment to the next candidate when an earlier segment took the first', () => {
    const tls = timelines(free('res_a'), free('res_b'));
    const p = plan(
      [seg('10:00', '11:00', { resources: ['res_a', 'res_b'] }), seg('10:00', '11:00', { resources: ['res_a', 'res_b'] })],
      tls,
    );
    expect(p.segments.map((s) => s.resource)).toEqual(['res_a', 'res_b']);
  });

  it('defaults buffers to the chosen candidate’s own buffers', () => {
    const tls = timelines(
      free('res_a', { bufferBeforeMinutes: 120 }), // 08:00 would be before opening at 09:00
      free('res_b', { bufferBeforeMinutes: 30, bufferAfterMinutes: 15 }),
    );
    const p = plan([seg('10:00', '11:00', { resources: ['res_a', 'res_b'] })], tls);
    expect(p.segments[0]).toMatchObject({
      resource: 'res_b',
      bufferBeforeMinutes: 30,
      bufferAfterMinutes: 15,
      heldStart: at('09:30'),
      heldEnd: at('11:15'),
    });
    const overridden = plan([seg('10:00', '11:00', { resources: ['res_a'], bufferBeforeMinutes: 0 })], tls);
    expect(overridden.segments[0]).toMatchObject({ resource: 'res_a', bufferBeforeMinutes: 0 });
  });

  it('does not let start_passed rule out candidates one by one', () => {
    const tls = timelines(free('res_a'), free('res_b'));
    const p = plan([seg('10:00', '11:00', { resources: ['res_a', 'res_b'] })], tls, 'capacity_only', at('12:00'));
    expect(p.ok).toBe(true);
    expect(p.segments[0].resource).toBe('res_a');
    expect(reasons(p.conflicts)).toEqual(['start_passed']);
  });

  it('skips the start_passed check when asked (imports, re-checks)', () => {
    const p = planBooking({
      segments: [seg('10:00', '11:00', { resource: 'res_a' })],
      timelines: timelines(free('res_a')),
      now: at('12:00'),
      policy: 'reject',
      skipStartPassed: true,
    });
    expect(p).toMatchObject({ ok: true, conflicts: [] });
  });
});

describe('booking plans: conflict policies', () => {
  const outside = () => seg('18:00', '19:00', { resource: 'res_a' });

  it('reject refuses any conflict', () => {
    const p = plan([outside()], timelines(free('res_a')), 'reject');
    expect(p.ok).toBe(false);
    expect(reasons(p.refused)).toEqual(['outside_schedule']);
  });

  it('capacity_only records schedule, block and start conflicts but refuses capacity', () => {
    const ok = plan([seg('10:00', '11:00', { resource: 'res_a' })], timelines(blocked('res_a')), 'capacity_only', at('10:30'));
    expect(ok).toMatchObject({ ok: true, refused: [] });
    expect(reasons(ok.conflicts)).toEqual(['start_passed', 'blocked']);
    const full = plan([seg('10:00', '11:00', { resource: 'res_a' })], timelines(busy('res_a')), 'capacity_only');
    expect([full.ok, reasons(full.refused)]).toEqual([false, ['capacity_exceeded']]);
  });

  it('allow records capacity conflicts but refuses an archived resource', () => {
    const full = plan([seg('10:00', '11:00', { resource: 'res_a' })], timelines(busy('res_a')), 'allow');
    expect([full.ok, reasons(full.conflicts)]).toEqual([true, ['capacity_exceeded']]);
    const archived = plan([seg('10:00', '11:00', { resource: 'res_a' })], timelines(free('res_a', { status: 'archived' })), 'allow');
    expect([archived.ok, reasons(archived.refused)]).toEqual([false, ['resource_archived']]);
  });

  it('still prefers a candidate without conflicts under a lenient policy', () => {
    const p = plan([seg('10:00', '11:00', { resources: ['res_a', 'res_b'] })], timelines(closed('res_a'), free('res_b')), 'allow');
    expect(p.segments[0].resource).toBe('res_b');
    expect(p.conflicts).toEqual([]);
  });

  it('books the first candidate whose conflicts the policy accepts when every candidate has conflicts', () => {
    const tls = timelines(busy('res_a'), closed('res_b'), blocked('res_c'));
    const capOnly = plan([seg('10:00', '11:00', { resources: ['res_a', 'res_b', 'res_c'] })], tls, 'capacity_only');
    expect(capOnly.ok).toBe(true);
    expect(capOnly.segments[0].resource).toBe('res_b');
    expect(reasons(capOnly.conflicts)).toEqual(['outside_schedule']);
    const allow = plan([seg('10:00', '11:00', { resources: ['res_a', 'res_b'] })], tls, 'allow');
    expect([allow.segments[0].resource, reasons(allow.conflicts)]).toEqual(['res_a', ['capacity_exceeded']]);
  });

  it('refuses no_candidate_available under every policy when no candidate can be booked at all', () => {
    const tls = timelines(free('res_a', { status: 'archived' }), free('res_b', { status: 'archived' }));
    for (const policy of ['reject', 'capacity_only', 'allow'] as const) {
      const p = plan([seg('10:00', '11:00', { resources: ['res_a', 'res_b'] })], tls, policy);
      expect([p.ok, reasons(p.refused)]).toEqual([false, ['no_candidate_available']]);
    }
    const capOnly = plan([seg('10:00', '11:00', { resources: ['res_a'] })], timelines(busy('res_a')), 'capacity_only');
    expect(reasons(capOnly.refused)).toEqual(['no_candidate_available']);
  });

  it('lists conflicts of every segment, each with its segment index', () => {
    const tls = timelines(closed('res_a'), busy('res_b'));
    const p = plan([seg('10:00', '11:00', { resource: 'res_a' }), seg('11:00', '12:00', { resource: 'res_b' })], tls, 'allow');
    expect(p.conflicts.map((c) => [c.segment, c.reason])).toEqual([
      [0, 'outside_schedule'],
      [1, 'capacity_exceeded'],
    ]);
  });

  it('works the same on any schedule shape (sanity: a 24-hour resource)', () => {
    const tl = timeline({ resource: resource({ id: 'res_a' }), schedules: [schedule('2026-01-01', everyDay(wall('00:00', '24:00')))] });
    expect(plan([seg('22:00', '23:59', { resource: 'res_a' })], timelines(tl)).ok).toBe(true);
  });
});

describe('booking plans: a returning customer\'s previous resource', () => {
  const previous = (resources: string[]) => ({ booking: 'bk_last', resources });
  const withPrevious = (segments: PlanSegmentInput[], tls: ReturnType<typeof timelines>, prev: ReturnType<typeof previous> | null, policy: ConflictPolicy = 'reject') =>
    planBooking({ segments, timelines: tls, now: NOW, policy, previous: prev, evaluateAll: true });

  it('tries the previous resource first and books it when it fits, whatever the order', () => {
    const tls = timelines(free('res_a'), free('res_b'), free('res_c'));
    const p = withPrevious([seg('10:00', '11:00', { resources: ['res_a', 'res_b', 'res_c'], candidateOrder: 'balanced' })], tls, previous(['res_x', 'res_c']));
    expect(p.segments[0].resource).toBe('res_c');
    expect(p.trials![0].candidates.map((c) => c.resource)).toEqual(['res_c', 'res_a', 'res_b']);
    expect(p.trials![0].previous).toEqual({ outcome: 'preferred', resource: 'res_c', booking: 'bk_last' });
  });

  it('leaves the order to decide when the previous resource does not fit, and under allow books by the order when none fits', () => {
    const p = withPrevious([seg('10:00', '11:00', { resources: ['res_a', 'res_b', 'res_c'] })], timelines(free('res_a'), free('res_b'), busy('res_c')), previous(['res_c']));
    expect(p.segments[0].resource).toBe('res_a');
    expect(p.trials![0].previous).toMatchObject({ outcome: 'unavailable', resource: 'res_c' });
    const none = withPrevious([seg('10:00', '11:00', { resources: ['res_a', 'res_c'] })], timelines(closed('res_a'), busy('res_c')), previous(['res_c']), 'allow');
    expect(none.segments[0].resource).toBe('res_a');
  });

  it('says when no previous resource is a candidate, or there is no previous booking, and is silent when not asked', () => {
    const tls = timelines(free('res_a'), free('res_b'));
    const segs = [seg('10:00', '11:00', { resources: ['res_a', 'res_b'] })];
    expect(withPrevious(segs, tls, previous(['res_z'])).trials![0].previous).toEqual({ outcome: 'not_a_candidate', resource: null, booking: 'bk_last' });
    expect(withPrevious(segs, tls, null).trials![0].previous).toEqual({ outcome: 'no_history', resource: null, booking: null });
    expect(planBooking({ segments: segs, timelines: tls, now: NOW, policy: 'reject', evaluateAll: true }).trials![0].previous).toBeUndefined();
  });
});
