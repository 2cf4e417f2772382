import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { create, openResource, utc, pinNow } from './availability-support.js';

pinNow();
const t = await setupTestApp();
const TZ = 'Europe/Paris';

async function book(api: Awaited<ReturnType<typeof t.newAccount>>, resource: string, at: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/v1/bookings', { segments: [{ resource, start: utc(at, TZ), end: new Date(Date.parse(utc(at, TZ)) + 3600_000).toISOString(), ...extra }] });
  if (res.status !== 200) throw new Error(`booking failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

const reasons = async (api: Awaited<ReturnType<typeof t.newAccount>>, id: string) => {
  const b = (await api.get(`/v1/bookings/${id}`)).body;
  return b.conflicted ? b.conflicts.map((c: any) => c.reason) : [];
};

describe('working-time changes re-check future bookings in the same transaction', () => {
  it('flags a booking when a block covers it and clears the flag when the block goes', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    const b = await book(api, r.id, '2027-01-11T10:00');
    const block = await create(api, '/v1/blocks', { resource: r.id, start: utc('2027-01-11T10:30', TZ), end: utc('2027-01-11T11:30', TZ) });
    expect(await reasons(api, b.id)).toEqual(['blocked']);
    const flagged = (await api.get('/v1/events', { type: 'booking.conflicted' })).body.data;
    expect(flagged.map((e: any) => e.data.object.id)).toEqual([b.id]);
    await api.post(`/v1/blocks/${block.id}`, { start: utc('2027-01-11T11:00', TZ) });
    expect(await reasons(api, b.id)).toEqual([]);
    await api.post(`/v1/blocks/${block.id}`, { start: utc('2027-01-11T10:00', TZ) });
    expect(await reasons(api, b.id)).toEqual(['blocked']);
    await api.del(`/v1/blocks/${block.id}`);
    expect(await reasons(api, b.id)).toEqual([]);
    expect((await api.get('/v1/events', { type: 'booking.conflict_resolved' })).body.data.length).toBe(2);
  });

  it('re-checks every resource for account-wide and location blocks', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const hall = await create(api, '/v1/locations', { name: 'Hall' });
    const inHall = await openResource(api, { default_location: hall.id });
    const elsewhere = await openResource(api);
    const b1 = await book(api, inHall.id, '2027-01-11T10:00');
    const b2 = await book(api, elsewhere.id, '2027-01-11T10:00');
    const atHall = await create(api, '/v1/blocks', { location: hall.id, start: utc('2027-01-11T09:00', TZ), end: utc('2027-01-11T12:00', TZ) });
    expect([await reasons(api, b1.id), await reasons(api, b2.id)]).toEqual([['blocked'], []]);
    await api.del(`/v1/blocks/${atHall.id}`);
    await create(api, '/v1/blocks', { account_wide: true, start: utc('2027-01-11T09:00', TZ), end: utc('2027-01-11T12:00', TZ) });
    expect([await reasons(api, b1.id), await reasons(api, b2.id)]).toEqual([['blocked'], ['blocked']]);
  });

  it('flags bookings left outside working hours by a schedule or override change, and clears them when hours return', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    const b = await book(api, r.id, '2027-01-11T10:00');
    const [schedule] = (await api.get('/v1/schedules', { resource: r.id })).body.data;
    await api.post(`/v1/schedules/${schedule.id}`, { weeks: [{ monday: [{ start: '13:00', end: '17:00' }] }] });
    expect(await reasons(api, b.id)).toEqual(['outside_schedule']);
    const override = await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-01-11', intervals: [{ start: '08:00', end: '12:00' }] });
    expect(await reasons(api, b.id)).toEqual([]);
    await api.post(`/v1/schedule_overrides/${override.id}`, { intervals: [] });
    expect(await reasons(api, b.id)).toEqual(['outside_schedule']);
    await api.del(`/v1/schedule_overrides/${override.id}`);
    await api.del(`/v1/schedules/${schedule.id}`);
    expect(await reasons(api, b.id)).toEqual(['outside_schedule']);
    await create(api, '/v1/schedules', { resource: r.id, effective_from: '2027-01-01', weeks: [{ monday: [{ start: '09:00', end: '12:00' }] }] });
    expect(await reasons(api, b.id)).toEqual([]);
  });

  it('changes nothing when a change is refused', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    const b = await book(api, r.id, '2027-01-11T10:00');
    const res = await api.post('/v1/blocks', { resource: r.id, location: 'loc_x', start: utc('2027-01-11T10:00', TZ), end: utc('2027-01-11T11:00', TZ) });
    expect(res.status).toBe(400);
    expect(await reasons(api, b.id)).toEqual([]);
    expect((await api.get('/v1/blocks')).body.data).toEqual([]);
  });
});
