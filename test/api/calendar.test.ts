import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { create, createResource, createSchedule, insertHold, local, openResource, utc, week, pinNow } from './availability-support.js';

pinNow();
const t = await setupTestApp();
const TZ = 'Europe/Paris';

async function calendar(api: Awaited<ReturnType<typeof t.newAccount>>, query: Record<string, string>) {
  const res = await api.get('/v1/availability/calendar', query);
  if (res.status !== 200) throw new Error(`calendar failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Days as [date, ["HH:MM–HH:MM xN @loc", …]] in `tz`. */
function view(body: any, tz: string) {
  return body.days.map((d: any) => [
    d.date,
    d.intervals.map((i: any) => `${local(i.start, tz).slice(11)}–${local(i.end, tz).slice(11)} x${i.available_capacity}${i.location ? ` @${i.location}` : ''}`),
  ]);
}

describe('availability calendar', () => {
  it("returns every local date of the range in the account's time zone, closed days empty", async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await createResource(api);
    await createSchedule(api, r.id, [week([{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }], ['monday', 'tuesday'])]);
    const body = await calendar(api, { resource: r.id, from: utc('2027-01-10T00:00', TZ), to: utc('2027-01-13T00:00', TZ) });
    expect(body).toMatchObject({ object: 'availability_calendar', resource: r.id, timezone: TZ });
    expect(body.days[1].intervals[0]).toEqual({ start: '2027-01-11T08:00:00Z', end: '2027-01-11T11:00:00Z', location: null, available_capacity: 1 });
    expect(view(body, TZ)).toEqual([
      ['2027-01-10', []],
      ['2027-01-11', ['09:00–12:00 x1', '13:00–17:00 x1']],
      ['2027-01-12', ['09:00–12:00 x1', '13:00–17:00 x1']],
    ]);
  });

  it('clips intervals to from and to', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    const body = await calendar(api, { resource: r.id, from: utc('2027-01-11T10:30', TZ), to: utc('2027-01-12T12:00', TZ) });
    expect(view(body, TZ)).toEqual([
      ['2027-01-11', ['10:30–17:00 x1']],
      ['2027-01-12', ['09:00–12:00 x1']],
    ]);
  });

  it('groups by the local dates of the timezone asked for', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api, { timezone: 'Asia/Tokyo' }); // 09:00–17:00 Tokyo = 01:00–09:00 Paris
    const body = await calendar(api, { resource: r.id, from: '2027-01-11T00:00:00Z', to: '2027-01-12T00:00:00Z', timezone: 'America/New_York' });
    expect(body.timezone).toBe('America/New_York');
    // 00:00Z–08:00Z of the 11th (Tokyo's 09:00–17:00) is 19:00–03:00 in New York.
    expect(view(body, 'America/New_York')).toEqual([
      ['2027-01-10', ['19:00–00:00 x1']],
      ['2027-01-11', ['00:00–03:00 x1']],
    ]);
  });

  it('applies overrides and subtracts blocks', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-01-12', intervals: [{ start: '08:00', end: '10:00' }] });
    await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-01-13', intervals: [] });
    await create(api, '/v1/blocks', { resource: r.id, start: utc('2027-01-11T12:00', TZ), end: utc('2027-01-11T13:30', TZ) });
    await create(api, '/v1/blocks', { account_wide: true, start: utc('2027-01-14T00:00', TZ), end: utc('2027-01-14T10:00', TZ) });
    const body = await calendar(api, { resource: r.id, from: utc('2027-01-11T00:00', TZ), to: utc('2027-01-15T00:00', TZ) });
    expect(view(body, TZ)).toEqual([
      ['2027-01-11', ['09:00–12:00 x1', '13:30–17:00 x1']],
      ['2027-01-12', ['08:00–10:00 x1']],
      ['2027-01-13', []],
      ['2027-01-14', ['10:00–17:00 x1']],
    ]);
  });

  it('splits a pool into pieces of constant free capacity', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api, { capacity: 3 });
    await insertHold(t.db.kysely, api.accountId, { resource: r.id, start: utc('2027-01-11T10:00', TZ), end: utc('2027-01-11T12:00', TZ) });
    await insertHold(t.db.kysely, api.accountId, { resource: r.id, start: utc('2027-01-11T11:00', TZ), end: utc('2027-01-11T13:00', TZ), quantity: 2 });
    const body = await calendar(api, { resource: r.id, from: utc('2027-01-11T00:00', TZ), to: utc('2027-01-12T00:00', TZ) });
    expect(view(body, TZ)).toEqual([['2027-01-11', ['09:00–10:00 x3', '10:00–11:00 x2', '11:00–12:00 x0', '12:00–13:00 x1', '13:00–17:00 x3']]]);
  });

  it('filters working time by location and reports each interval at its location', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const hall = await create(api, '/v1/locations', { name: 'Hall' });
    const annex = await create(api, '/v1/locations', { name: 'Annex' });
    const r = await createResource(api, { default_location: annex.id });
    await createSchedule(api, r.id, [week([{ start: '09:00', end: '12:00', location: hall.id }, { start: '12:00', end: '17:00' }])]);
    await create(api, '/v1/blocks', { location: hall.id, start: utc('2027-01-11T10:00', TZ), end: utc('2027-01-11T14:00', TZ) });
    const range = { resource: r.id, from: utc('2027-01-11T00:00', TZ), to: utc('2027-01-12T00:00', TZ) };
    expect(view(await calendar(api, range), TZ)).toEqual([['2027-01-11', [`09:00–10:00 x1 @${hall.id}`, `12:00–17:00 x1 @${annex.id}`]]]);
    expect(view(await calendar(api, { ...range, location: hall.id }), TZ)).toEqual([['2027-01-11', [`09:00–10:00 x1 @${hall.id}`]]]);
    expect(view(await calendar(api, { ...range, location: annex.id }), TZ)).toEqual([['2027-01-11', [`12:00–17:00 x1 @${annex.id}`]]]);
  });

  it('shows an archived resource with no free capacity', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api, { capacity: 2 });
    await api.post(`/v1/resources/${r.id}/archive`);
    const body = await calendar(api, { resource: r.id, from: utc('2027-01-11T00:00', TZ), to: utc('2027-01-12T00:00', TZ) });
    expect(view(body, TZ)).toEqual([['2027-01-11', ['09:00–17:00 x0']]]);
  });

  it('follows the schedule in force on each date and its week rotation', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await createResource(api);
    // Two-week rotation from Monday 2027-01-04: week A Mondays 09–12, week B Mondays 14–18.
    await createSchedule(api, r.id, [week([{ start: '09:00', end: '12:00' }], ['monday']), week([{ start: '14:00', end: '18:00' }], ['monday'])], '2027-01-06');
    await createSchedule(api, r.id, [week([{ start: '07:00', end: '08:00' }], ['monday'])], '2027-02-01');
    const mondays = ['2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25', '2027-02-01'];
    const got: string[][] = [];
    for (const d of mondays) {
      const body = await calendar(api, { resource: r.id, from: utc(`${d}T00:00`, TZ), to: utc(`${d}T23:59`, TZ) });
      got.push(view(body, TZ)[0][1]);
    }
    // 2027-01-04 is before effective_from (closed); weeks count from the Monday of the week holding it.
    expect(got).toEqual([[], ['14:00–18:00 x1'], ['09:00–12:00 x1'], ['14:00–18:00 x1'], ['07:00–08:00 x1']]);
  });
});
