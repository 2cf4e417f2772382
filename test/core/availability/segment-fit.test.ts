import { describe, expect, it } from 'vitest';
import { checkSegmentFit, type SegmentRequest } from '../../../src/core/availability/segment-fit.js';
import { blockedSet } from '../../../src/core/availability/blocks.js';
import { block, hold, resource, schedule, t, timeline, wall, views } from '../helpers.js';

const NOW = t('2026-03-01T00:00:00Z');

function seg(start: string, end: string, extra: Partial<SegmentRequest> = {}): SegmentRequest {
  return {
    index: 0,
    start: t(`2026-03-02T${start}:00Z`),
    end: t(`2026-03-02T${end}:00Z`),
    quantity: 1,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    ...extra,
  };
}
const at = (hhmm: string) => t(`2026-03-02T${hhmm}:00Z`);
const reasons = (fit: { conflicts: { reason: string }[] }) => fit.conflicts.map((c) => c.reason);

describe('segment fit', () => {
  it('fits a segment inside working hours with nothing in the way', () => {
    const fit = checkSegmentFit(timeline(), seg('10:00', '11:00'), NOW);
    expect(fit.conflicts).toEqual([]);
    expect(fit.remainingCapacity).toBe(1);
    expect([fit.heldStart, fit.heldEnd]).toEqual([at('10:00'), at('11:00')]);
  });

  it('reports resource_archived for an archived resource', () => {
    const fit = checkSegmentFit(timeline({ resource: resource({ status: 'archived' }) }), seg('10:00', '11:00'), NOW);
    expect(reasons(fit)).toEqual(['resource_archived']);
    expect(fit.conflicts[0]).toMatchObject({ segment: 0, resource: 'res_1' });
  });

  it('reports start_passed when the segment starts before now', () => {
    expect(reasons(checkSegmentFit(timeline(), seg('10:00', '11:00'), at('10:01')))).toEqual(['start_passed']);
    expect(reasons(checkSegmentFit(timeline(), seg('10:00', '11:00'), at('10:00')))).toEqual([]);
  });

  it('reports outside_schedule when the segment runs past the end of the day', () => {
    const fit = checkSegmentFit(timeline(), seg('16:30', '17:30'), NOW);
    expect(reasons(fit)).toEqual(['outside_schedule']);
    expect(fit.conflicts[0].message).toContain('not working');
  });

  it('requires the buffer before to lie in working hours too', () => {
    expect(reasons(checkSegmentFit(timeline(), seg('09:00', '10:00', { bufferBeforeMinutes: 15 }), NOW))).toEqual(['outside_schedule']);
    expect(reasons(checkSegmentFit(timeline(), seg('09:15', '10:00', { bufferBeforeMinutes: 15 }), NOW))).toEqual([]);
  });

  it('reports blocked when a buffer touches a block, and not when the segment merely ends where the block starts', () => {
    const tl = timeline({ blocks: [block(at('11:00'), at('11:30'), { resource: 'res_1' })] });
    expect(reasons(checkSegmentFit(tl, seg('10:00', '11:00'), NOW))).toEqual([]);
    expect(reasons(checkSegmentFit(tl, seg('10:00', '11:00', { bufferAfterMinutes: 5 }), NOW))).toEqual(['blocked']);
  });

  it('reports capacity_exceeded when a buffer overlaps another booking’s held time', () => {
    const tl = timeline({ holds: [hold('res_1', at('11:00'), at('12:00'))] });
    expect(reasons(checkSegmentFit(tl, seg('10:00', '11:00'), NOW))).toEqual([]);
    const fit = checkSegmentFit(tl, seg('10:00', '11:00', { bufferAfterMinutes: 10 }), NOW);
    expect(reasons(fit)).toEqual(['capacity_exceeded']);
    expect(fit.remainingCapacity).toBe(0);
  });

  it('lets a pool take quantities up to its free units', () => {
    const tl = timeline({ resource: resource({ capacity: 3 }), holds: [hold('res_1', at('10:30'), at('12:00'), 2)] });
    const one = checkSegmentFit(tl, seg('10:00', '11:00'), NOW);
    expect(reasons(one)).toEqual([]);
    expect(one.remainingCapacity).toBe(1);
    expect(reasons(checkSegmentFit(tl, seg('10:00', '11:00', { quantity: 2 }), NOW))).toEqual(['capacity_exceeded']);
    expect(checkSegmentFit(tl, seg('09:00', '10:00', { quantity: 3 }), NOW).remainingCapacity).toBe(3);
  });

  it('refuses a quantity above the capacity even on an empty pool', () => {
    const fit = checkSegmentFit(timeline({ resource: resource({ capacity: 2 }) }), seg('10:00', '11:00', { quantity: 3 }), NOW);
    expect(reasons(fit)).toEqual(['capacity_exceeded']);
    expect(fit.conflicts[0].message).toContain('capacity of 2');
  });

  it('counts holds of earlier segments of the same booking on the same resource only', () => {
    const tl = timeline({ resource: resource({ capacity: 2 }), holds: [hold('res_1', at('10:00'), at('11:00'))] });
    const earlier = { resource: 'res_1', start: at('10:30'), end: at('11:30'), quantity: 1 };
    expect(reasons(checkSegmentFit(tl, seg('10:00', '11:00'), NOW, [earlier]))).toEqual(['capacity_exceeded']);
    expect(reasons(checkSegmentFit(tl, seg('10:00', '11:00'), NOW, [{ ...earlier, resource: 'res_2' }]))).toEqual([]);
    // Not at the same instant as the existing hold: 1 (existing) + 1 (earlier) peaks at 10:30–11:00 only.
    expect(reasons(checkSegmentFit(tl, seg('11:00', '12:00'), NOW, [earlier]))).toEqual([]);
  });

  it('returns every conflict at once', () => {
    const tl = timeline({
      resource: resource({ status: 'archived' }),
      blocks: [block(at('16:00'), at('16:30'), { accountWide: true })],
      holds: [hold('res_1', at('16:00'), at('18:00'))],
    });
    expect(reasons(checkSegmentFit(tl, seg('16:00', '18:00'), at('16:30')))).toEqual([
      'resource_archived',
      'start_passed',
      'outside_schedule',
      'blocked',
      'capacity_exceeded',
    ]);
  });

  it('ignores the holds of bookings it is told to ignore (the booking itself, or the one rescheduled)', () => {
    const holds = [hold('res_1', at('10:00'), at('11:00'), 1, 'bk_old')];
    expect(reasons(checkSegmentFit(timeline({ holds }), seg('10:00', '11:00'), NOW))).toEqual(['capacity_exceeded']);
    expect(reasons(checkSegmentFit(timeline({ holds, ignoreBookingIds: ['bk_old'] }), seg('10:00', '11:00'), NOW))).toEqual([]);
  });

  it('refuses to guess about held time outside the range the timeline was built for', () => {
    const tl = timeline({ range: { start: at('00:00'), end: at('12:00') } });
    expect(() => checkSegmentFit(tl, seg('11:00', '12:00', { bufferAfterMinutes: 1 }), NOW)).toThrow(RangeError);
  });
});

describe('segment locations', () => {
  const split = [schedule('2026-01-01', { monday: [wall('09:00', '12:00', 'loc_a'), wall('12:00', '17:00', 'loc_b')] })];

  it('takes the location of the working interval holding the start', () => {
    const fit = checkSegmentFit(timeline({ schedules: split }), seg('11:00', '13:00'), NOW);
    expect(fit.conflicts).toEqual([]);
    expect(fit.location).toBe('loc_a');
  });

  it('requires held time at a requested location to be inside working time there', () => {
    const tl = timeline({ schedules: split });
    expect(reasons(checkSegmentFit(tl, seg('11:00', '13:00', { location: 'loc_a' }), NOW))).toEqual(['outside_schedule']);
    const fit = checkSegmentFit(tl, seg('13:00', '14:00', { location: 'loc_b' }), NOW);
    expect([reasons(fit), fit.location]).toEqual([[], 'loc_b']);
    expect(reasons(checkSegmentFit(tl, seg('13:00', '14:00', { location: 'loc_x' }), NOW))).toEqual(['outside_schedule']);
  });

  it('falls back to the default location outside working time', () => {
    const tl = timeline({ resource: resource({ defaultLocation: 'loc_home' }), schedules: split });
    expect(checkSegmentFit(tl, seg('18:00', '19:00'), NOW).location).toBe('loc_home');
  });

  it('resolves a schedule interval without location to the default location', () => {
    const tl = timeline({ resource: resource({ defaultLocation: 'loc_home' }) });
    expect(checkSegmentFit(tl, seg('10:00', '11:00'), NOW).location).toBe('loc_home');
    expect(reasons(checkSegmentFit(tl, seg('10:00', '11:00', { location: 'loc_home' }), NOW))).toEqual([]);
  });
});

describe('which blocks apply to a resource', () => {
  const r = resource();
  const working = [
    { start: at('09:00'), end: at('12:00'), location: 'loc_a' },
    { start: at('12:00'), end: at('17:00'), location: 'loc_b' },
  ];

  it('takes its own blocks and account-wide blocks, not other resources’ blocks', () => {
    const blocked = blockedSet(r, [
      block(at('08:00'), at('09:00'), { resource: 'res_1' }),
      block(at('10:00'), at('11:00'), { resource: 'res_2' }),
      block(at('20:00'), at('21:00'), { accountWide: true }),
    ], working);
    expect(views(blocked, 'UTC')).toEqual(['2026-03-02T08:00–2026-03-02T09:00', '2026-03-02T20:00–2026-03-02T21:00']);
  });

  it('applies a location block only while the resource works at that location', () => {
    const blocked = blockedSet(r, [block(at('11:00'), at('18:00'), { location: 'loc_a' })], working);
    expect(views(blocked, 'UTC')).toEqual(['2026-03-02T11:00–2026-03-02T12:00']);
  });

  it('lets a location block stop a segment there but not one elsewhere', () => {
    const tl = timeline({
      schedules: [schedule('2026-01-01', { monday: [wall('09:00', '12:00', 'loc_a'), wall('12:00', '17:00', 'loc_b')] })],
      blocks: [block(at('00:00'), at('23:00'), { location: 'loc_a' })],
    });
    expect(reasons(checkSegmentFit(tl, seg('10:00', '11:00'), NOW))).toEqual(['blocked']);
    expect(reasons(checkSegmentFit(tl, seg('13:00', '14:00'), NOW))).toEqual([]);
  });
});
