import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { TWO_APPS, withTwoApps } from '../support/two-apps.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(23);

const statuses = (results: { status: number }[]) => {
  const count: Record<number, number> = {};
  for (const r of results) count[r.status] = (count[r.status] ?? 0) + 1;
  return count;
};

describe('racing for the last units', () => {
  it('20 parallel requests at a capacity-3 pool: exactly 3 succeed, the rest get booking_conflict', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { capacity: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, () => api.post('/v1/bookings', { segments: [seg(pool.id, day, '10:00', '11:00')] })));
    expect(statuses(results)).toEqual({ 200: 3, 409: 17 });
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('booking_conflict');
    const listed = await api.get('/v1/bookings', { resource: pool.id });
    expect(listed.body.data).toHaveLength(3);
  });

  it('parallel requests with overlapping candidate lists never double-book a candidate', async () => {
    const api = await t.newAccount();
    const rooms = [await openResource(api), await openResource(api), await openResource(api)];
    const orders = [rooms, [...rooms].reverse(), [rooms[1], rooms[0], rooms[2]]].map((list) => list.map((r) => r.id));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post('/v1/bookings', { segments: [seg(orders[i % 3], day, '10:00', '11:00')] })),
    );
    expect(statuses(results)).toEqual({ 200: 3, 409: 9 });
    const taken = results.filter((r) => r.status === 200).map((r) => r.body.segments[0].resource);
    expect(new Set(taken).size).toBe(3);
  });

  it('parallel reschedules into one free slot: exactly one moves', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const old = await Promise.all(['09:00', '10:00', '11:00', '12:00'].map((h, i) => book(api, { segments: [seg(r.id, day, h, ['10:00', '11:00', '12:00', '13:00'][i])] })));
    const results = await Promise.all(old.map((b) => api.post(`/v1/bookings/${b.id}/reschedule`, { segments: [seg(r.id, day, '15:00', '16:00')] })));
    expect(statuses(results)).toEqual({ 200: 1, 409: 3 });
  });

  it('parallel attendees racing for the last seats never exceed the booking seats', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats: 5 });
    const results = await Promise.all(Array.from({ length: 12 }, () => api.post(`/v1/bookings/${b.id}/attendees`, { seats: 2 })));
    expect(statuses(results)).toEqual({ 200: 2, 409: 10 });
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(4);
  });
});

describe(`two apps on one database (${TWO_APPS})`, () => {
  it('splits 20 requests between two apps: exactly 3 succeed on a capacity-3 pool', async () => {
    await withTwoApps(async (api1, api2) => {
      const pool = await openResource(api1, { capacity: 3 });
      const body = { segments: [seg(pool.id, day, '10:00', '11:00')] };
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? api1 : api2).post('/v1/bookings', body)));
      expect(statuses(results)).toEqual({ 200: 3, 409: 17 });
      expect((await api2.get('/v1/bookings', { resource: pool.id })).body.data).toHaveLength(3);
    });
  });
});
