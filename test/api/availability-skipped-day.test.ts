import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { createResource, createSchedule, local, search, starts, utc, week } from './availability-support.js';

const t = await setupTestApp();
const zone = 'Pacific/Apia'; // Samoa skipped Friday 2011-12-30 when it moved west of the date line.

afterEach(() => vi.useRealTimers());

describe('a 09:00–17:00 schedule in Pacific/Apia around the skipped 2011-12-30', () => {
  it('offers 09:00–17:00 local on the days that exist and nothing on the skipped date', async () => {
    // Only Date is faked: "now" is before the skipped day, so its slots have not passed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2011-12-01T00:00:00Z'));
    const api = await t.newAccount({ timezone: zone });
    const r = await createResource(api);
    await createSchedule(api, r.id, [week([{ start: '09:00', end: '17:00' }])], '2011-01-03');
    const res = await search(api, {
      from: utc('2011-12-29T00:00', zone),
      to: utc('2012-01-01T00:00', zone),
      segments: [{ resource: r.id, duration_minutes: 60 }],
      slot_interval_minutes: 60,
    });
    const wall = starts(res.slots, zone);
    expect(wall.filter((s) => s.startsWith('2011-12-30'))).toEqual([]);
    for (const date of ['2011-12-29', '2011-12-31']) {
      expect(wall.filter((s) => s.startsWith(date))).toEqual([9, 10, 11, 12, 13, 14, 15, 16].map((h) => `${date}T${String(h).padStart(2, '0')}:00`));
    }
  });

  it('shows the skipped date as an empty day in the calendar, with 09:00–17:00 on its neighbours', async () => {
    const api = await t.newAccount({ timezone: zone });
    const r = await createResource(api);
    await createSchedule(api, r.id, [week([{ start: '09:00', end: '17:00' }])], '2011-01-03');
    const res = await api.get('/v1/availability/calendar', { resource: r.id, from: utc('2011-12-29T00:00', zone), to: utc('2012-01-01T00:00', zone) });
    expect(res.status).toBe(200);
    const view = res.body.days.map((d: any) => [d.date, d.intervals.map((i: any) => `${local(i.start, zone)}–${local(i.end, zone)}`)]);
    expect(view).toEqual([
      ['2011-12-29', ['2011-12-29T09:00–2011-12-29T17:00']],
      ['2011-12-30', []],
      ['2011-12-31', ['2011-12-31T09:00–2011-12-31T17:00']],
    ]);
  });
});
