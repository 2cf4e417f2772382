import { describe, expect, it } from 'vitest';
import { availabilityCalendar } from '../../../src/core/availability/calendar.js';
import { block, everyDay, hold, local, resource, schedule, t, timeline, view, wall } from '../helpers.js';

const show = (days: ReturnType<typeof availabilityCalendar>, tz = 'UTC') =>
  days.map((d) => ({
    date: d.date,
    intervals: d.intervals.map((i) => `${view(i.start, tz).slice(11)}–${view(i.end, tz).slice(11)} ${i.location ?? '-'} ${i.availableCapacity}`),
  }));

describe('availability calendar', () => {
  it('lists open time per local date, less blocks, split where free capacity changes', () => {
    const at = (hhmm: string) => t(`2026-03-02T${hhmm}:00Z`);
    const tl = timeline({
      resource: resource({ capacity: 3 }),
      blocks: [block(at('12:00'), at('13:00'), { resource: 'res_1' })],
      holds: [hold('res_1', at('10:00'), at('11:00'), 2), hold('res_1', at('10:30'), at('11:30'))],
    });
    const days = availabilityCalendar({ timeline: tl, from: t('2026-03-02T00:00:00Z'), to: t('2026-03-04T00:00:00Z'), timeZone: 'UTC' });
    expect(show(days)).toEqual([
      {
        date: '2026-03-02',
        intervals: ['09:00–10:00 - 3', '10:00–10:30 - 1', '10:30–11:00 - 0', '11:00–11:30 - 2', '11:30–12:00 - 3', '13:00–17:00 - 3'],
      },
      { date: '2026-03-03', intervals: ['09:00–17:00 - 3'] },
    ]);
  });

  it('groups by local dates of the requested zone and cuts intervals at its midnights', () => {
    const tl = timeline({ schedules: [schedule('2026-01-01', everyDay(wall('20:00', '24:00')))] });
    const tz = 'Asia/Kathmandu';
    const days = availabilityCalendar({ timeline: tl, from: local('2026-03-03T00:00', tz), to: local('2026-03-04T00:00', tz), timeZone: tz });
    expect(show(days, tz)).toEqual([{ date: '2026-03-03', intervals: ['01:45–05:45 - 1'] }]);
    const night = availabilityCalendar({
      timeline: timeline({ schedules: [schedule('2026-01-01', everyDay(wall('00:00', '24:00')))] }),
      from: local('2026-03-03T00:00', tz),
      to: local('2026-03-05T00:00', tz),
      timeZone: tz,
    });
    expect(show(night, tz).map((d) => d.intervals)).toEqual([['00:00–00:00 - 1'], ['00:00–00:00 - 1']]);
  });

  it('keeps locations apart and can filter by one', () => {
    const tl = timeline({ schedules: [schedule('2026-01-01', everyDay(wall('09:00', '12:00', 'loc_a'), wall('12:00', '17:00', 'loc_b')))] });
    const range = { from: t('2026-03-02T00:00:00Z'), to: t('2026-03-03T00:00:00Z'), timeZone: 'UTC' };
    expect(show(availabilityCalendar({ timeline: tl, ...range }))[0].intervals).toEqual(['09:00–12:00 loc_a 1', '12:00–17:00 loc_b 1']);
    expect(show(availabilityCalendar({ timeline: tl, ...range, location: 'loc_b' }))[0].intervals).toEqual(['12:00–17:00 loc_b 1']);
  });

  it('shows a closed day as a day without intervals and an archived resource with no free units', () => {
    const tl = timeline({ resource: resource({ status: 'archived' }), schedules: [schedule('2026-01-01', { monday: [wall('09:00', '10:00')] })] });
    const days = availabilityCalendar({ timeline: tl, from: t('2026-03-02T00:00:00Z'), to: t('2026-03-04T00:00:00Z'), timeZone: 'UTC' });
    expect(show(days)).toEqual([
      { date: '2026-03-02', intervals: ['09:00–10:00 - 0'] },
      { date: '2026-03-03', intervals: [] },
    ]);
  });

  it('keeps a 09:00–17:00 day whole on the spring-forward day in New York', () => {
    const tz = 'America/New_York';
    const tl = timeline({ resource: resource({ timezone: tz }) });
    const days = availabilityCalendar({ timeline: tl, from: local('2026-03-08T00:00', tz), to: local('2026-03-09T00:00', tz), timeZone: tz });
    expect(show(days, tz)).toEqual([{ date: '2026-03-08', intervals: ['09:00–17:00 - 1'] }]);
  });
});
