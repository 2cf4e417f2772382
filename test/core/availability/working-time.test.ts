import { describe, expect, it } from 'vitest';
import { workingTime, rotationWeek, scheduleInForce } from '../../../src/core/availability/working-time.js';
import { addDays } from '../../../src/core/time/wall-time.js';
import { HOUR, everyDay, local, override, resource, schedule, t, views, wall } from '../helpers.js';

/** Working time of a resource in `tz` over local dates [firstDate, lastDate] (inclusive). */
function days(tz: string, firstDate: string, lastDate: string, opts: Parameters<typeof workingTime>[1] | null, overrides = [] as Parameters<typeof workingTime>[2], res = {}) {
  const r = resource({ timezone: tz, ...res });
  const range = { start: local(`${firstDate}T00:00`, tz), end: local(`${addDays(lastDate, 1)}T00:00`, tz) };
  return workingTime(r, opts ?? [schedule('2000-01-01', everyDay(wall('09:00', '17:00')))], overrides, range);
}

describe('working time across daylight saving changes', () => {
  const nineToFive = [schedule('2000-01-01', everyDay(wall('09:00', '17:00')))];

  it('keeps a 09:00–17:00 day at 09:00–17:00 local on the spring-forward day in New York', () => {
    const w = days('America/New_York', '2026-03-07', '2026-03-09', nineToFive);
    expect(views(w, 'America/New_York')).toEqual([
      '2026-03-07T09:00–2026-03-07T17:00',
      '2026-03-08T09:00–2026-03-08T17:00',
      '2026-03-09T09:00–2026-03-09T17:00',
    ]);
    expect(w[1].end - w[1].start).toBe(8 * HOUR);
    expect(w[1].start - w[0].start).toBe(23 * HOUR);
  });

  it('keeps a 09:00–17:00 day at 09:00–17:00 local on the fall-back day in London', () => {
    const w = days('Europe/London', '2026-10-24', '2026-10-26', nineToFive);
    expect(views(w, 'Europe/London')).toEqual([
      '2026-10-24T09:00–2026-10-24T17:00',
      '2026-10-25T09:00–2026-10-25T17:00',
      '2026-10-26T09:00–2026-10-26T17:00',
    ]);
    expect(w[1].start - w[0].start).toBe(25 * HOUR);
  });

  it('gives an interval spanning the New York spring-forward change its real, shorter duration', () => {
    const w = days('America/New_York', '2026-03-08', '2026-03-08', [schedule('2000-01-01', everyDay(wall('01:00', '04:00')))]);
    expect(w[0].end - w[0].start).toBe(2 * HOUR);
  });

  it('gives an interval spanning the New York fall-back change its real, longer duration', () => {
    const w = days('America/New_York', '2026-11-01', '2026-11-01', [schedule('2000-01-01', everyDay(wall('00:00', '06:00')))]);
    expect(w[0].end - w[0].start).toBe(7 * HOUR);
  });

  it('moves an interval starting in the spring-forward gap forward', () => {
    const w = days('America/New_York', '2026-03-08', '2026-03-08', [schedule('2000-01-01', everyDay(wall('02:30', '04:00')))]);
    expect(views(w, 'America/New_York')).toEqual(['2026-03-08T03:30–2026-03-08T04:00']);
  });

  it('handles the 30-minute changes of Lord Howe Island', () => {
    const spanning = [schedule('2000-01-01', everyDay(wall('01:00', '04:00')))];
    const spring = days('Australia/Lord_Howe', '2026-10-04', '2026-10-04', spanning);
    expect(spring[0].end - spring[0].start).toBe(2.5 * HOUR);
    const fall = days('Australia/Lord_Howe', '2026-04-05', '2026-04-05', spanning);
    expect(fall[0].end - fall[0].start).toBe(3.5 * HOUR);
    const regular = days('Australia/Lord_Howe', '2026-10-04', '2026-10-04', nineToFive);
    expect(views(regular, 'Australia/Lord_Howe')).toEqual(['2026-10-04T09:00–2026-10-04T17:00']);
  });

  it('keeps local hours in Kathmandu at +05:45', () => {
    const w = days('Asia/Kathmandu', '2026-03-02', '2026-03-02', nineToFive);
    expect(w).toEqual([{ start: t('2026-03-02T03:15:00Z'), end: t('2026-03-02T11:15:00Z'), location: null }]);
  });

  it('moves the hours of the day Samoa skipped (2011-12-30) onto the next day, where they merge', () => {
    const w = days('Pacific/Apia', '2011-12-29', '2011-12-31', nineToFive);
    expect(views(w, 'Pacific/Apia')).toEqual(['2011-12-29T09:00–2011-12-29T17:00', '2011-12-31T09:00–2011-12-31T17:00']);
    expect(w[1].end - w[1].start).toBe(8 * HOUR);
  });

  it('keeps a round-the-clock resource continuous when midnight does not exist in Santiago', () => {
    const allDay = [schedule('2000-01-01', everyDay(wall('00:00', '24:00')))];
    const w = days('America/Santiago', '2024-09-07', '2024-09-08', allDay);
    expect(w).toHaveLength(1);
    expect(w[0].start).toBe(t('2024-09-07T00:00:00-04:00'));
    expect(w[0].end).toBe(t('2024-09-09T00:00:00-03:00'));
    const early = days('America/Santiago', '2024-09-08', '2024-09-08', [schedule('2000-01-01', everyDay(wall('00:00', '02:00')))]);
    expect(early[0].end - early[0].start).toBe(1 * HOUR);
  });

  it('gives the Santiago day with a repeated 23:00 hour 25 hours of round-the-clock time', () => {
    const w = days('America/Santiago', '2024-04-06', '2024-04-06', [
      schedule('2000-01-01', { saturday: [wall('00:00', '24:00')] }),
    ]);
    expect(w[0].end - w[0].start).toBe(25 * HOUR);
  });
});

describe('schedules, rotations and overrides', () => {
  it('closes the resource before its first schedule', () => {
    expect(days('UTC', '2026-03-01', '2026-03-03', [schedule('2026-03-03', everyDay(wall('09:00', '10:00')))])).toEqual([
      { start: t('2026-03-03T09:00:00Z'), end: t('2026-03-03T10:00:00Z'), location: null },
    ]);
  });

  it('uses the schedule with the latest effective_from on or before each date', () => {
    const schedules = [
      schedule('2026-03-04', everyDay(wall('12:00', '13:00'))),
      schedule('2026-01-01', everyDay(wall('09:00', '10:00'))),
    ];
    expect(views(days('UTC', '2026-03-03', '2026-03-04', schedules), 'UTC')).toEqual([
      '2026-03-03T09:00–2026-03-03T10:00',
      '2026-03-04T12:00–2026-03-04T13:00',
    ]);
    expect(scheduleInForce([...schedules].reverse(), '2025-12-31')).toBeNull();
  });

  it('rotates weeks counted from the Monday of the effective_from week', () => {
    // effective_from is a Wednesday; its week (from Monday 2026-03-02) is week 0.
    const s = schedule('2026-03-04', { monday: [wall('09:00', '10:00')] }, { monday: [wall('14:00', '15:00')] });
    expect(rotationWeek(s, '2026-03-08')).toBe(0);
    expect(rotationWeek(s, '2026-03-09')).toBe(1);
    expect(rotationWeek(s, '2026-03-16')).toBe(0);
    expect(views(days('UTC', '2026-03-02', '2026-03-16', [s]), 'UTC')).toEqual([
      // 2026-03-02 is before effective_from: closed.
      '2026-03-09T14:00–2026-03-09T15:00',
      '2026-03-16T09:00–2026-03-16T10:00',
    ]);
  });

  it('cycles a four-week rotation', () => {
    const weeks = [1, 2, 3, 4].map((h) => ({ tuesday: [wall(`0${h}:00`, `0${h}:30`)] }));
    const w = days('UTC', '2026-03-02', '2026-04-05', [schedule('2026-03-02', ...weeks)]);
    expect(views(w, 'UTC').map((s) => s.slice(11, 16))).toEqual(['01:00', '02:00', '03:00', '04:00', '01:00']);
  });

  it('treats a missing weekday key as a closed day', () => {
    expect(days('UTC', '2026-03-03', '2026-03-03', [schedule('2026-01-01', { monday: [wall('09:00', '17:00')] })])).toEqual([]);
  });

  it('lets an override replace the day and an empty override close it', () => {
    const w = days('UTC', '2026-03-02', '2026-03-04', null, [
      override('2026-03-02', wall('07:00', '08:00'), wall('20:00', '21:00')),
      override('2026-03-03'),
    ]);
    expect(views(w, 'UTC')).toEqual([
      '2026-03-02T07:00–2026-03-02T08:00',
      '2026-03-02T20:00–2026-03-02T21:00',
      '2026-03-04T09:00–2026-03-04T17:00',
    ]);
  });

  it('applies an override even before the first schedule', () => {
    const w = days('UTC', '2026-03-02', '2026-03-02', [schedule('2027-01-01', everyDay(wall('09:00', '10:00')))], [
      override('2026-03-02', wall('10:00', '11:00')),
    ]);
    expect(views(w, 'UTC')).toEqual(['2026-03-02T10:00–2026-03-02T11:00']);
  });

  it('merges 22:00–24:00 with 00:00–02:00 of the next day into one interval', () => {
    const s = schedule('2026-01-01', { monday: [wall('22:00', '24:00')], tuesday: [wall('00:00', '02:00')] });
    expect(views(days('Europe/London', '2026-03-02', '2026-03-03', [s]), 'Europe/London')).toEqual([
      '2026-03-02T22:00–2026-03-03T02:00',
    ]);
  });

  it('does not merge touching intervals at different locations', () => {
    const s = schedule('2026-01-01', { monday: [wall('09:00', '12:00', 'loc_a'), wall('12:00', '17:00', 'loc_b')] });
    expect(views(days('UTC', '2026-03-02', '2026-03-02', [s]), 'UTC')).toEqual([
      '2026-03-02T09:00–2026-03-02T12:00 @loc_a',
      '2026-03-02T12:00–2026-03-02T17:00 @loc_b',
    ]);
  });

  it('resolves a null location to the resource default location', () => {
    const s = schedule('2026-01-01', { monday: [wall('09:00', '12:00'), wall('13:00', '17:00', 'loc_b')] });
    const w = days('UTC', '2026-03-02', '2026-03-02', [s], [], { defaultLocation: 'loc_home' });
    expect(w.map((i) => i.location)).toEqual(['loc_home', 'loc_b']);
  });

  it('clips working time to the range asked for', () => {
    const r = resource();
    const w = workingTime(r, [schedule('2026-01-01', everyDay(wall('09:00', '17:00')))], [], {
      start: t('2026-03-02T12:00:00Z'),
      end: t('2026-03-03T10:00:00Z'),
    });
    expect(views(w, 'UTC')).toEqual(['2026-03-02T12:00–2026-03-02T17:00', '2026-03-03T09:00–2026-03-03T10:00']);
  });

  it('returns intervals sorted by start', () => {
    const s = schedule('2026-01-01', everyDay(wall('13:00', '14:00'), wall('08:00', '09:00')));
    const w = days('UTC', '2026-03-02', '2026-03-03', [s]);
    for (let i = 1; i < w.length; i++) expect(w[i].start).toBeGreaterThan(w[i - 1].start);
  });
});
