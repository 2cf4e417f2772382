import { describe, expect, it } from 'vitest';
import { setupTestApp, type Client, expectOk as ok } from '../support/harness.js';
import { bavarianAccount } from './holidays.helpers.js';
import { at, openResource } from './bookings.helpers.js';

const t = await setupTestApp();
t.clock.set(Date.parse('2026-12-01T08:00:00Z'));

/** The local dates of the slots a search offers, each once. */
async function openDates(api: Client, resource: string, from: string, to: string, timezone: string) {
  const body = await ok(api.post('/v1/availability', { from, to, timezone, segments: [{ resource, duration_minutes: 60 }], slot_interval_minutes: 60, limit: 1000 }));
  const dates = body.slots.map((s: any) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date(s.start)));
  return [...new Set<string>(dates)];
}

describe('GET /v1/holidays', () => {
  it("lists a German state's holidays of a year, each with its date, name, type and rule", async () => {
    const api = await t.newAccount();
    const body = await ok(api.get('/v1/holidays', { country: 'DE', subdivision: 'BY', year: 2027, types: 'public' }));
    expect(body.object).toBe('list');
    expect(body.has_more).toBe(false);
    expect(body.data).toContainEqual({
      object: 'holiday',
      date: '2027-01-06',
      name: 'Heilige Drei Könige',
      type: 'public',
      rule: '01-06',
      substitute: false,
      country: 'DE',
      subdivision: 'BY',
    });
    expect(body.data.every((d: any) => d.type === 'public' && d.date.startsWith('2027-'))).toBe(true);
    // Berlin does not keep Epiphany: the subdivision matters.
    const berlin = await ok(api.get('/v1/holidays', { country: 'DE', subdivision: 'BE', year: 2027, types: 'public' }));
    expect(berlin.data.map((d: any) => d.date)).not.toContain('2027-01-06');
  });

  it("defaults to the clock's current year (UTC) and to every type", async () => {
    const api = await t.newAccount();
    // The clock stands at 2026-12-01.
    const body = await ok(api.get('/v1/holidays', { country: 'DE', subdivision: 'BY' }));
    expect(body.data.every((d: any) => d.date.startsWith('2026-'))).toBe(true);
    expect(body.data).toContainEqual(expect.objectContaining({ date: '2026-12-24', name: 'Heiliger Abend', type: 'bank' }));
    expect(body.data).toContainEqual(expect.objectContaining({ date: '2026-12-25', type: 'public' }));
    expect(new Set(body.data.map((d: any) => d.type)).size).toBeGreaterThan(1);
    t.clock.set(Date.parse('2027-12-31T23:30:00Z'));
    try {
      // Already 2028 in Berlin, still 2027 in UTC: the year is UTC's.
      const late = await ok(api.get('/v1/holidays', { country: 'DE', subdivision: 'BY' }));
      expect(late.data.every((d: any) => d.date.startsWith('2027-'))).toBe(true);
    } finally {
      t.clock.set(Date.parse('2026-12-01T08:00:00Z'));
    }
  });

  it('answers 400 naming the parameter for an unknown country, subdivision, type or year', async () => {
    const api = await t.newAccount();
    const cases: [Record<string, string | number>, string][] = [
      [{ country: 'XX', year: 2027 }, 'country'],
      [{ country: 'DE', subdivision: 'ZZ', year: 2027 }, 'subdivision'],
      [{ country: 'DE', types: 'public,holy' }, 'types'],
      [{ country: 'DE', year: 'soon' }, 'year'],
      [{ year: 2027 }, 'country'],
    ];
    for (const [query, param] of cases) {
      const res = await api.get('/v1/holidays', query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.param, JSON.stringify(res.body)).toBe(param);
    }
  });
});

describe('holidays on accounts and resources', () => {
  it('defaults to none on an account and to the account on a resource; null turns them off for one resource', async () => {
    const api = await t.newAccount();
    expect((await ok(api.get(`/v1/accounts/${api.accountId}`))).holidays).toBeNull();
    const account = await ok(api.post(`/v1/accounts/${api.accountId}`, { holidays: { country: 'US', subdivision: 'CA' } }));
    expect(account.holidays).toEqual({ country: 'US', subdivision: 'CA', types: ['public'] });
    const r = await ok(api.post('/v1/resources', { name: 'A', type: 'room' }));
    expect(r.holidays).toBe('account');
    expect((await ok(api.post(`/v1/resources/${r.id}`, { holidays: null }))).holidays).toBeNull();
    const own = await ok(api.post(`/v1/resources/${r.id}`, { holidays: { country: 'DE', types: ['public', 'bank'] } }));
    expect(own.holidays).toEqual({ country: 'DE', subdivision: null, types: ['public', 'bank'] });
    expect((await ok(api.post(`/v1/resources/${r.id}`, { holidays: 'account' }))).holidays).toBe('account');
  });

  it('refuses an unknown country, subdivision or type with a 400 naming the field, and writes nothing', async () => {
    const api = await t.newAccount();
    const r = await ok(api.post('/v1/resources', { name: 'A', type: 'room' }));
    const cases: [unknown, string][] = [
      [{ country: 'QQ' }, 'holidays.country'],
      [{ country: 'DE', subdivision: 'XY' }, 'holidays.subdivision'],
      [{ country: 'DE', types: ['holy'] }, 'holidays.types'],
    ];
    for (const [holidays, param] of cases) {
      for (const path of [`/v1/accounts/${api.accountId}`, `/v1/resources/${r.id}`]) {
        const res = await api.post(path, { holidays });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error.param, JSON.stringify(res.body)).toContain(param);
      }
    }
    expect((await ok(api.get(`/v1/accounts/${api.accountId}`))).holidays).toBeNull();
    expect((await ok(api.get(`/v1/resources/${r.id}`))).holidays).toBe('account');
  });

  it('refuses an account or a resource created with an unknown country, subdivision or type with a 400 naming the field, and creates nothing', async () => {
    const api = await t.newAccount();
    const accountsBefore = (await ok(t.api.get('/v1/accounts', { limit: 100 }))).data.length;
    const cases: [unknown, string][] = [
      [{ country: 'QQ' }, 'holidays.country'],
      [{ country: 'DE', subdivision: 'XY' }, 'holidays.subdivision'],
      [{ country: 'DE', types: ['holy'] }, 'holidays.types'],
    ];
    for (const [holidays, param] of cases) {
      const account = await t.api.post('/v1/accounts', { name: 'Holidays', holidays });
      expect(account.status, JSON.stringify(account.body)).toBe(400);
      expect(account.body.error.param, JSON.stringify(account.body)).toContain(param);
      const resource = await api.post('/v1/resources', { name: 'A', type: 'room', holidays });
      expect(resource.status, JSON.stringify(resource.body)).toBe(400);
      expect(resource.body.error.param, JSON.stringify(resource.body)).toContain(param);
    }
    expect((await ok(t.api.get('/v1/accounts', { limit: 100 }))).data.length).toBe(accountsBefore);
    expect((await ok(api.get('/v1/resources'))).data).toEqual([]);
  });

  it("plans with a resource's own holidays instead of its account's: a US-CA resource on a Bavarian account works on Epiphany and is closed on Martin Luther King Jr. Day", async () => {
    const api = await bavarianAccount(t);
    const tz = 'Europe/Berlin';
    const californian = await openResource(api, { timezone: tz, holidays: { country: 'US', subdivision: 'CA' } });
    const window = (day: string) => ({ from: at(day, '00:00', tz), to: at(day, '23:59', tz), timezone: tz });
    const slot = (day: string) => ({ resource: californian.id, start: at(day, '10:00', tz), end: at(day, '11:00', tz) });

    // 2027-01-06 (Epiphany) is a Bavarian holiday only: open for this resource everywhere.
    expect(await openDates(api, californian.id, at('2027-01-06', '00:00', tz), at('2027-01-07', '00:00', tz), tz)).toEqual(['2027-01-06']);
    const epiphany = await ok(api.post('/v1/availability/explain', { ...window('2027-01-06'), start: at('2027-01-06', '10:00', tz), segments: [{ resource: californian.id, duration_minutes: 60 }] }));
    expect(epiphany.fits).toBe(true);
    expect((await ok(api.post('/v1/bookings', { segments: [slot('2027-01-06')] }))).conflicts ?? []).toEqual([]);

    // 2027-01-18 (Martin Luther King Jr. Day) is a US holiday only: closed for this resource everywhere.
    expect(await openDates(api, californian.id, at('2027-01-18', '00:00', tz), at('2027-01-19', '00:00', tz), tz)).toEqual([]);
    const mlk = { date: '2027-01-18', name: 'Martin Luther King Jr. Day', rule: expect.any(String) };
    const explained = await ok(api.post('/v1/availability/explain', { ...window('2027-01-18'), start: at('2027-01-18', '10:00', tz), segments: [{ resource: californian.id, duration_minutes: 60 }] }));
    expect(explained.fits).toBe(false);
    expect(explained.segments[0].candidates[0].reasons).toEqual([expect.objectContaining({ reason: 'holiday', holiday: mlk })]);
    const refused = await api.post('/v1/bookings', { segments: [slot('2027-01-18')] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.conflicts).toEqual([expect.objectContaining({ reason: 'holiday', resource: californian.id, holiday: mlk })]);
  });

  it('offers a resource whose holidays are null on its account\'s holiday, in search and booking', async () => {
    const api = await bavarianAccount(t);
    const tz = 'Europe/Berlin';
    const follower = await openResource(api, { timezone: tz });
    const without = await openResource(api, { timezone: tz, holidays: null });
    const epiphany = [at('2027-01-06', '00:00', tz), at('2027-01-07', '00:00', tz)] as const;
    expect(await openDates(api, follower.id, ...epiphany, tz)).toEqual([]);
    expect(await openDates(api, without.id, ...epiphany, tz)).toEqual(['2027-01-06']);
    const booking = await ok(api.post('/v1/bookings', { segments: [{ resource: without.id, start: at('2027-01-06', '10:00', tz), end: at('2027-01-06', '11:00', tz) }] }));
    expect(booking.conflicts ?? []).toEqual([]);
    expect(booking.conflicted).toBe(false);
  });

  it('hides holidays from clients pinned before 2027-02-15', async () => {
    const api = await bavarianAccount(t);
    const r = await ok(api.post('/v1/resources', { name: 'A', type: 'room' }));
    const old = await api.get(`/v1/resources/${r.id}`, undefined, { version: '2027-01-10' });
    expect(old.body).not.toHaveProperty('holidays');
    const account = await api.get(`/v1/accounts/${api.accountId}`, undefined, { version: '2027-01-10' });
    expect(account.body).not.toHaveProperty('holidays');
  });
});

describe('a holiday closes the local day', () => {
  it("closes a German state's holidays across the year boundary, in search, the calendar and booking alike", async () => {
    const api = await bavarianAccount(t);
    const tz = 'Europe/Berlin';
    const r = await openResource(api, { timezone: tz });
    const dates = await openDates(api, r.id, at('2026-12-24', '00:00', tz), at('2027-01-08', '00:00', tz), tz);
    expect(dates).toEqual(['2026-12-24', '2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05', '2027-01-07']);

    const calendar = await ok(api.get('/v1/availability/calendar', { resource: r.id, from: at('2027-01-05', '00:00', tz), to: at('2027-01-08', '00:00', tz), timezone: tz }));
    expect(calendar.days.map((d: any) => [d.date, d.intervals.length])).toEqual([
      ['2027-01-05', 1],
      ['2027-01-06', 0],
      ['2027-01-07', 1],
    ]);

    const refused = await api.post('/v1/bookings', { segments: [{ resource: r.id, start: at('2027-01-06', '10:00', tz), end: at('2027-01-06', '11:00', tz) }] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.conflicts).toEqual([
      expect.objectContaining({ reason: 'holiday', resource: r.id, holiday: { date: '2027-01-06', name: 'Heilige Drei Könige', rule: '01-06' } }),
    ]);
    await ok(api.post('/v1/bookings', { segments: [{ resource: r.id, start: at('2027-01-07', '10:00', tz), end: at('2027-01-07', '11:00', tz) }] }));
  });

  it("closes a US state's observed holidays across the year boundary (New Year's Day on a Saturday is kept on the Friday before)", async () => {
    const api = await t.newAccount({ timezone: 'America/Los_Angeles' });
    const tz = 'America/Los_Angeles';
    const r = await openResource(api, { timezone: tz, holidays: { country: 'US', subdivision: 'CA' } });
    t.clock.set(Date.parse('2027-12-01T08:00:00Z'));
    try {
      const dates = await openDates(api, r.id, at('2027-12-23', '00:00', tz), at('2028-01-04', '00:00', tz), tz);
      // 12-24 (Christmas, observed), 12-25, 12-31 (New Year's Day, observed) and 2028-01-01 are closed.
      expect(dates).toEqual(['2027-12-23', '2027-12-26', '2027-12-27', '2027-12-28', '2027-12-29', '2027-12-30', '2028-01-02', '2028-01-03']);
    } finally {
      t.clock.set(Date.parse('2026-12-01T08:00:00Z'));
    }
  });

  it('keeps a holiday that falls on a day already closed as the schedule closes it: outside_schedule, with the holiday named in the working days', async () => {
    const api = await bavarianAccount(t);
    const tz = 'Europe/Berlin';
    // Open Monday to Friday; 2026-12-26 (Second Day of Christmas) is a Saturday.
    const r = await ok(api.post('/v1/resources', { name: 'A', type: 'room', timezone: tz }));
    const day = [{ start: '09:00', end: '17:00' }];
    await ok(api.post('/v1/schedules', { resource: r.id, effective_from: '2026-11-02', weeks: [{ monday: day, tuesday: day, wednesday: day, thursday: day, friday: day }] }));
    const start = at('2026-12-26', '10:00', tz);
    const body = await ok(api.post('/v1/availability/explain', { from: at('2026-12-26', '00:00', tz), to: at('2026-12-27', '00:00', tz), timezone: tz, start, segments: [{ resource: r.id, duration_minutes: 60 }] }));
    const [reason] = body.segments[0].candidates[0].reasons;
    expect(reason.reason).toBe('outside_schedule');
    expect(reason.working_days).toEqual([
      { date: '2026-12-26', override: null, holiday: { date: '2026-12-26', name: '2. Weihnachtstag', rule: '12-26', type: 'public' }, schedule: expect.any(String), intervals: [] },
    ]);
    expect(await openDates(api, r.id, at('2026-12-24', '00:00', tz), at('2026-12-29', '00:00', tz), tz)).toEqual(['2026-12-24', '2026-12-28']);
  });

  it('lets an override on the date reopen a holiday, with the override\'s hours', async () => {
    const api = await bavarianAccount(t);
    const tz = 'Europe/Berlin';
    const r = await openResource(api, { timezone: tz });
    await ok(api.post('/v1/schedule_overrides', { resource: r.id, date: '2027-01-06', intervals: [{ start: '10:00', end: '12:00' }] }));
    const body = await ok(api.post('/v1/availability', { from: at('2027-01-06', '00:00', tz), to: at('2027-01-07', '00:00', tz), timezone: tz, segments: [{ resource: r.id, duration_minutes: 60 }], slot_interval_minutes: 60 }));
    expect(body.slots.map((s: any) => s.start)).toEqual([at('2027-01-06', '10:00', tz), at('2027-01-06', '11:00', tz)]);
    const booking = await ok(api.post('/v1/bookings', { segments: [{ resource: r.id, start: at('2027-01-06', '10:00', tz), end: at('2027-01-06', '11:00', tz) }] }));
    expect(booking.conflicts ?? []).toEqual([]);
  });

  it("closes the holiday's date in the resource's own zone, not its account's", async () => {
    const api = await bavarianAccount(t);
    const tz = 'America/New_York';
    const r = await openResource(api, { timezone: tz }, [{ start: '00:00', end: '24:00' }]);
    // 2027-01-06 in New York runs from 05:00 UTC on the 6th to 05:00 UTC on the 7th.
    const slot = (start: string) => ({ segments: [{ resource: r.id, start, end: new Date(Date.parse(start) + 3_600_000).toISOString().replace('.000Z', 'Z') }] });
    await ok(api.post('/v1/bookings', slot('2027-01-06T02:00:00Z')));
    const refused = await api.post('/v1/bookings', slot('2027-01-07T03:00:00Z'));
    expect(refused.status).toBe(409);
    expect(refused.body.error.conflicts[0]).toMatchObject({ reason: 'holiday', holiday: { date: '2027-01-06' } });
    await ok(api.post('/v1/bookings', slot('2027-01-07T05:00:00Z')));
  });

  it('names the holiday in explain (reason holiday: its name, date and rule), and flags a booking placed on it under allow', async () => {
    const api = await bavarianAccount(t);
    const tz = 'Europe/Berlin';
    const r = await openResource(api, { timezone: tz });
    const start = at('2027-01-06', '10:00', tz);
    const body = await ok(api.post('/v1/availability/explain', { from: at('2027-01-06', '00:00', tz), to: at('2027-01-07', '00:00', tz), timezone: tz, start, segments: [{ resource: r.id, duration_minutes: 60 }] }));
    expect(body.fits).toBe(false);
    expect(body.segments[0].candidates[0].reasons).toEqual([
      expect.objectContaining({
        reason: 'holiday',
        holiday: { date: '2027-01-06', name: 'Heilige Drei Könige', rule: '01-06' },
        working_days: [expect.objectContaining({ date: '2027-01-06', holiday: { date: '2027-01-06', name: 'Heilige Drei Könige', rule: '01-06', type: 'public' }, intervals: [] })],
      }),
    ]);

    const end = at('2027-01-06', '11:00', tz);
    const booking = await ok(api.post('/v1/bookings', { conflict_policy: 'allow', segments: [{ resource: r.id, start, end }] }));
    expect(booking.conflicted).toBe(true);
    expect(booking.conflicts).toEqual([expect.objectContaining({ reason: 'holiday', holiday: { date: '2027-01-06', name: 'Heilige Drei Könige', rule: '01-06' } })]);

    // A client pinned before 2027-02-15 sees its closest known reason.
    const old = await api.get(`/v1/bookings/${booking.id}`, undefined, { version: '2027-01-10' });
    expect(old.body.conflicts).toEqual([expect.objectContaining({ reason: 'outside_schedule' })]);
    expect(old.body.conflicts[0]).not.toHaveProperty('holiday');
    const oldExplain = await api.post('/v1/availability/explain', { from: at('2027-01-06', '00:00', tz), to: at('2027-01-07', '00:00', tz), timezone: tz, start, segments: [{ resource: r.id, duration_minutes: 60 }] }, { version: '2027-01-10' });
    expect(oldExplain.body.segments[0].candidates[0].reasons[0].reason).toBe('outside_schedule');
    const oldRefusal = await api.post('/v1/bookings', { segments: [{ resource: r.id, start, end }] }, { version: '2027-01-10' });
    expect(oldRefusal.body.error.conflicts[0]).toMatchObject({ reason: 'outside_schedule' });
    expect(oldRefusal.body.error.conflicts[0]).not.toHaveProperty('holiday');
  });

  it('re-checks future bookings when an account takes up holidays: a booking on the new holiday is flagged', async () => {
    const api = await t.newAccount({ timezone: 'Europe/Berlin' });
    const tz = 'Europe/Berlin';
    const r = await openResource(api, { timezone: tz });
    const booking = await ok(api.post('/v1/bookings', { segments: [{ resource: r.id, start: at('2027-01-06', '10:00', tz), end: at('2027-01-06', '11:00', tz) }] }));
    await ok(api.post(`/v1/accounts/${api.accountId}`, { holidays: { country: 'DE', subdivision: 'BY' } }));
    const flagged = await ok(api.get(`/v1/bookings/${booking.id}`));
    expect(flagged.conflicted).toBe(true);
    expect(flagged.conflicts[0]).toMatchObject({ reason: 'holiday', holiday: { date: '2027-01-06' } });
    // Turned off for the resource: the flag is cleared.
    await ok(api.post(`/v1/resources/${r.id}`, { holidays: null }));
    expect((await ok(api.get(`/v1/bookings/${booking.id}`))).conflicted).toBe(false);
  });

  it('skips a series occurrence that falls on a holiday, with reason holiday', async () => {
    const api = await bavarianAccount(t);
    const r = await openResource(api, { timezone: 'UTC' });
    t.clock.set(Date.parse('2027-01-04T08:00:00Z'));
    try {
      const series = await ok(
        api.post('/v1/series', { rrule: 'FREQ=DAILY;COUNT=4', start_date: '2027-01-04', start_time: '10:00', template: { segments: [{ resource: r.id, duration_minutes: 60 }] }, horizon_days: 7 }),
      );
      const skipped = await ok(api.get(`/v1/series/${series.id}/skipped_occurrences`));
      expect(skipped.data.map((s: any) => [s.occurrence_key, s.conflicts[0].reason, s.conflicts[0].holiday?.name])).toEqual([['2027-01-06T10:00', 'holiday', 'Heilige Drei Könige']]);
    } finally {
      t.clock.set(Date.parse('2026-12-01T08:00:00Z'));
    }
  });
});
