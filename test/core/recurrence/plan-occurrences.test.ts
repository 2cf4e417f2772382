import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { planOccurrences } from '../../../src/core/recurrence/plan-occurrences.js';
import { growingCapacity } from '../../../src/core/recurrence/capacity-overlay.js';
import { occurrenceSegments, templateLengthMinutes, templateResources, type TemplateSegment } from '../../../src/core/recurrence/template.js';
import { buildCapacityTimeline } from '../../../src/core/time/capacity-timeline.js';
import { parseRecurrenceRule } from '../../../src/core/recurrence/rule.js';
import { occurrencesBetween } from '../../../src/core/recurrence/expand.js';
import { block, everyDay, hold, resource, schedule, t, timeline, timelines, view, wall, MIN } from '../helpers.js';

function seg(p: Partial<TemplateSegment> & Pick<TemplateSegment, 'durationMinutes'>): TemplateSegment {
  return { resource: 'res_1', offsetMinutes: null, quantity: null, location: null, bufferBeforeMinutes: null, bufferAfterMinutes: null, ...p };
}

function daily(count: number, start = '2026-03-02T10:00') {
  const r = parseRecurrenceRule(`FREQ=DAILY;COUNT=${count}`);
  if (!r.ok) throw new Error(r.message);
  const [date, time] = start.split('T');
  const s = { rule: r.rule, startDate: date, startMinutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), timezone: 'UTC' };
  return occurrencesBetween(s, t('2026-01-01T00:00:00Z'), t('2026-12-01T00:00:00Z'));
}

const NOW = t('2026-03-01T00:00:00Z');

describe('the template at an occurrence', () => {
  it('places segments by offset, and a null offset right after the previous segment', () => {
    const template = [seg({ durationMinutes: 30 }), seg({ durationMinutes: 15, resource: 'res_2' }), seg({ durationMinutes: 60, offsetMinutes: 10, resources: ['res_3', 'res_4'], resource: undefined })];
    const placed = occurrenceSegments(template, t('2026-03-02T10:00:00Z'));
    expect(placed.map((s) => [view(s.start, 'UTC'), view(s.end, 'UTC')])).toEqual([
      ['2026-03-02T10:00', '2026-03-02T10:30'],
      ['2026-03-02T10:30', '2026-03-02T10:45'],
      ['2026-03-02T10:10', '2026-03-02T11:10'],
    ]);
    expect(placed[2]).toMatchObject({ resources: ['res_3', 'res_4'], quantity: 1 });
    expect(templateLengthMinutes(template)).toBe(70);
    expect(templateResources(template)).toEqual(['res_1', 'res_2', 'res_3', 'res_4']);
  });
});

describe('planning a run of occurrences', () => {
  it('books each occurrence against the held time of the earlier ones', () => {
    // Capacity 2, a 3-day-long booking every day: the third overlapping one does not fit.
    const tl = timeline({ resource: resource({ capacity: 2 }), schedules: [schedule('2020-01-01', everyDay(wall('00:00', '24:00')))] });
    const plans = planOccurrences({ occurrences: daily(5), template: [seg({ durationMinutes: 3 * 24 * 60 - 60 })], timelines: timelines(tl), policy: 'reject', now: NOW });
    expect(plans.map((p) => [p.occurrence.key, p.plan.ok])).toEqual([
      ['2026-03-02T10:00', true],
      ['2026-03-03T10:00', true],
      ['2026-03-04T10:00', false],
      ['2026-03-05T10:00', true],
      ['2026-03-06T10:00', true],
    ]);
    expect(plans[2].plan.refused.map((c) => c.reason)).toEqual(['capacity_exceeded']);
  });

  it('skips what the policy refuses and keeps going: a block, a closed day and an existing booking', () => {
    const tl = timeline({
      overrides: [{ date: '2026-03-04', intervals: [] }],
      blocks: [block(t('2026-03-03T10:30:00Z'), t('2026-03-03T11:00:00Z'), { resource: 'res_1' })],
      holds: [hold('res_1', t('2026-03-05T09:00:00Z'), t('2026-03-05T12:00:00Z'))],
    });
    const plans = planOccurrences({ occurrences: daily(5), template: [seg({ durationMinutes: 60 })], timelines: timelines(tl), policy: 'reject', now: NOW });
    expect(plans.map((p) => (p.plan.ok ? 'booked' : p.plan.refused.map((c) => c.reason).join()))).toEqual([
      'booked',
      'blocked',
      'outside_schedule',
      'capacity_exceeded',
      'booked',
    ]);
    // Under capacity_only the block and the closed day are recorded, not refused.
    const lenient = planOccurrences({ occurrences: daily(5), template: [seg({ durationMinutes: 60 })], timelines: timelines(tl), policy: 'capacity_only', now: NOW });
    expect(lenient.map((p) => p.plan.ok)).toEqual([true, true, true, false, true]);
    expect(lenient[1].plan.conflicts.map((c) => c.reason)).toEqual(['blocked']);
  });

  it('takes the first fitting candidate, counting the earlier occurrences', () => {
    const list = timelines(timeline({ resource: resource({ id: 'res_a' }) }), timeline({ resource: resource({ id: 'res_b' }) }));
    const template = [seg({ durationMinutes: 60, resource: undefined, resources: ['res_a', 'res_b'] }), seg({ durationMinutes: 60, offsetMinutes: 0, resource: undefined, resources: ['res_a', 'res_b'] })];
    const [first] = planOccurrences({ occurrences: daily(1), template, timelines: list, policy: 'reject', now: NOW });
    expect(first.plan.segments.map((s) => s.resource)).toEqual(['res_a', 'res_b']);
  });

  it('refuses occurrences that start before now (start_passed) under reject', () => {
    const plans = planOccurrences({ occurrences: daily(3, '2026-02-27T10:00'), template: [seg({ durationMinutes: 60 })], timelines: timelines(timeline()), policy: 'reject', now: NOW });
    expect(plans.map((p) => p.plan.ok)).toEqual([false, false, true]);
  });
});

describe('the growing capacity timeline', () => {
  const holdArb = fc.record({ start: fc.integer({ min: 0, max: 200 }), len: fc.integer({ min: 1, max: 60 }), quantity: fc.integer({ min: 1, max: 3 }) });
  const toHold = (h: { start: number; len: number; quantity: number }) => ({ start: h.start * MIN, end: (h.start + h.len) * MIN, quantity: h.quantity });

  it('answers exactly like a timeline built from all the holds at once', () => {
    fc.assert(
      fc.property(fc.array(holdArb, { maxLength: 8 }), fc.array(holdArb, { maxLength: 8 }), fc.integer({ min: 0, max: 260 }), fc.integer({ min: 1, max: 80 }), fc.integer({ min: 0, max: 4 }), (base, added, qs, ql, threshold) => {
        const grown = growingCapacity(buildCapacityTimeline(base.map(toHold)));
        for (const h of added) grown.add(toHold(h));
        const whole = buildCapacityTimeline([...base, ...added].map(toHold));
        const [s, e] = [qs * MIN, (qs + ql) * MIN];
        expect(grown.maxUsed(s, e)).toBe(whole.maxUsed(s, e));
        expect(grown.usedAt(s)).toBe(whole.usedAt(s));
        expect(grown.pieces(s, e)).toEqual(whole.pieces(s, e));
        expect(grown.usedAbove(threshold)).toEqual(whole.usedAbove(threshold));
      }),
      { numRuns: 500 },
    );
  });
});
