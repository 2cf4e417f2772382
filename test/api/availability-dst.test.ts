import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { create, local, openResource, search, starts, utc, pinNow } from './availability-support.js';

pinNow();
const t = await setupTestApp();

/** Future days on which the zone's offset changes (or, for Kathmandu, a +05:45 zone without DST). */
const DAYS: [zone: string, date: string, hoursLong: number][] = [
  ['America/New_York', '2027-03-14', 23],
  ['America/New_York', '2027-11-07', 25],
  ['Europe/London', '2027-03-28', 23],
  ['Europe/London', '2027-10-31', 25],
  ['Australia/Lord_Howe', '2027-04-04', 24.5],
  ['Australia/Lord_Howe', '2027-10-03', 23.5],
  ['Asia/Kathmandu', '2027-03-14', 24],
];

const nextDate = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
const dayRange = (date: string, tz: string) => ({ from: utc(`${date}T00:00`, tz), to: utc(`${nextDate(date)}T00:00`, tz) });
const hours = (date: string, ...h: number[]) => h.map((x) => `${date}T${String(x).padStart(2, '0')}:00`);

describe.each(DAYS)('a 09:00–17:00 schedule in %s on %s', (zone, date, hoursLong) => {
  it('stays 09:00–17:00 local in search results', async () => {
    const api = await t.newAccount({ timezone: zone });
    const r = await openResource(api);
    const res = await search(api, { ...dayRange(date, zone), segments: [{ resource: r.id, duration_minutes: 60 }], slot_interval_minutes: 60 });
    expect(starts(res.slots, zone)).toEqual(hours(date, 9, 10, 11, 12, 13, 14, 15, 16));
    expect(local(res.slots.at(-1)!.end, zone)).toBe(`${date}T17:00`);
  });

  it('stays 09:00–17:00 local in the calendar, and the day before and after too', async () => {
    const api = await t.newAccount({ timezone: zone });
    const r = await openResource(api);
    const before = new Date(Date.parse(`${date}T12:00:00Z`) - 24 * 3600_000).toISOString().slice(0, 10);
    const res = await api.get('/v1/availability/calendar', { resource: r.id, from: utc(`${before}T00:00`, zone), to: utc(`${nextDate(nextDate(date))}T00:00`, zone) });
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe(zone);
    expect(res.body.days.map((d: any) => d.date)).toEqual([before, date, nextDate(date)]);
    for (const day of res.body.days) {
      expect(day.intervals.map((i: any) => [local(i.start, zone), local(i.end, zone), i.available_capacity])).toEqual([
        [`${day.date}T09:00`, `${day.date}T17:00`, 1],
      ]);
    }
  });

  it(`has a ${hoursLong}-hour day for a 00:00–24:00 schedule, with a slot at every existing wall-clock half hour`, async () => {
    const api = await t.newAccount({ timezone: zone });
    const r = await openResource(api, {}, { start: '00:00', end: '24:00' });
    const cal = await api.get('/v1/availability/calendar', { resource: r.id, ...dayRange(date, zone) });
    const [interval] = cal.body.days[0].intervals;
    expect((Date.parse(interval.end) - Date.parse(interval.start)) / 3600_000).toBe(hoursLong);
    const res = await search(api, { ...dayRange(date, zone), segments: [{ resource: r.id, duration_minutes: 30 }], slot_interval_minutes: 30, limit: 1000 });
    // Skipped wall times have no slot; repeated ones have two; real time is covered without gaps.
    expect(res.slots).toHaveLength(hoursLong * 2);
    for (let i = 1; i < res.slots.length; i++) expect(Date.parse(res.slots[i].start) - Date.parse(res.slots[i - 1].start)).toBe(30 * 60_000);
    expect(res.slots.every((s) => [0, 30].includes(Number(local(s.start, zone).slice(14, 16))))).toBe(true);
  });
});

describe('daylight-saving edges', () => {
  it('moves an interval start that does not exist forward (02:30 on the New York spring-forward day is 03:30)', async () => {
    const zone = 'America/New_York';
    const api = await t.newAccount({ timezone: zone });
    const r = await openResource(api, {}, { start: '02:30', end: '05:00' });
    const cal = await api.get('/v1/availability/calendar', { resource: r.id, ...dayRange('2027-03-14', zone) });
    expect(cal.body.days[0].intervals.map((i: any) => [i.start, i.end])).toEqual([['2027-03-14T07:30:00Z', '2027-03-14T09:00:00Z']]);
    const res = await search(api, { ...dayRange('2027-03-14', zone), segments: [{ resource: r.id, duration_minutes: 30 }], slot_interval_minutes: 30 });
    expect(starts(res.slots, zone)).toEqual(['2027-03-14T03:30', '2027-03-14T04:00', '2027-03-14T04:30']);
  });

  it('lists both 01:30s of the New York fall-back day when the resource works through them', async () => {
    const zone = 'America/New_York';
    const api = await t.newAccount({ timezone: zone });
    const r = await openResource(api, {}, { start: '01:00', end: '03:00' });
    const res = await search(api, { ...dayRange('2027-11-07', zone), segments: [{ resource: r.id, duration_minutes: 30 }], slot_interval_minutes: 30 });
    expect(res.slots.map((s) => s.start)).toEqual([
      '2027-11-07T05:00:00Z', // 01:00 EDT
      '2027-11-07T05:30:00Z', // 01:30 EDT
      '2027-11-07T06:00:00Z', // 01:00 EST
      '2027-11-07T06:30:00Z', // 01:30 EST
      '2027-11-07T07:00:00Z', // 02:00 EST
      '2027-11-07T07:30:00Z', // 02:30 EST
    ]);
  });

  it('keeps overrides and blocks in local time on a change day', async () => {
    const zone = 'Europe/London';
    const api = await t.newAccount({ timezone: zone });
    const r = await openResource(api);
    await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-03-28', intervals: [{ start: '10:00', end: '14:00' }] });
    await create(api, '/v1/blocks', { resource: r.id, start: utc('2027-03-28T11:00', zone), end: utc('2027-03-28T12:00', zone) });
    const res = await search(api, { ...dayRange('2027-03-28', zone), segments: [{ resource: r.id, duration_minutes: 60 }], slot_interval_minutes: 60 });
    expect(starts(res.slots, zone)).toEqual(hours('2027-03-28', 10, 12, 13));
    const cal = await api.get('/v1/availability/calendar', { resource: r.id, ...dayRange('2027-03-28', zone) });
    expect(cal.body.days[0].intervals.map((i: any) => `${local(i.start, zone)}–${local(i.end, zone)}`)).toEqual([
      '2027-03-28T10:00–2027-03-28T11:00',
      '2027-03-28T12:00–2027-03-28T14:00',
    ]);
  });
});
