import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { at, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(17);

describe('importing bookings', () => {
  it('imports bookings in any status with created_at, policy allow by default, start_passed not checked', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const past = '2024-03-04';
    const res = await api.post('/v1/bookings/import', {
      bookings: [
        { segments: [seg(r.id, past, '10:00', '11:00')], status: 'completed', created_at: '2024-02-01T09:00:00Z', metadata: { legacy: '7' } },
        { segments: [seg(r.id, day, '10:00', '11:00')], status: 'confirmed', seats: 8 },
        { segments: [seg(r.id, day, '10:30', '11:30')], status: 'pending' },
        { segments: [seg(r.id, day, '08:00', '09:00')], status: 'cancelled' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.object).toBe('list');
    expect(res.body.has_more).toBe(false);
    const [done, confirmed, overlapping, cancelled] = res.body.data;
    expect(done).toMatchObject({ status: 'completed', created_at: '2024-02-01T09:00:00Z', metadata: { legacy: '7' }, conflict_policy: 'allow', conflicted: false });
    expect(confirmed).toMatchObject({ status: 'confirmed', seats: 8, seats_taken: 0, conflicted: false });
    // Policy allow: the overlap is recorded, not refused.
    expect(overlapping).toMatchObject({ status: 'pending', conflicted: true });
    expect(overlapping.conflicts.map((c: any) => c.reason)).toEqual(['capacity_exceeded']);
    // History does not conflict.
    expect(cancelled).toMatchObject({ status: 'cancelled', conflicted: false, conflicts: null });
    expect(await eventsOf(api, 'booking.created', done.id)).toHaveLength(1);
  });

  it('is all or nothing: one refused item leaves nothing behind and is named', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const res = await api.post('/v1/bookings/import', {
      bookings: [
        { segments: [seg(r.id, day, '10:00', '11:00')] },
        { segments: [seg(r.id, day, '10:00', '11:00')], conflict_policy: 'reject' },
      ],
    });
    const err = expectError(res, 409, 'booking_conflict', 'bookings[1]');
    expect(err.conflicts.map((c: any) => c.reason)).toEqual(['capacity_exceeded']);
    expect((await api.get('/v1/bookings')).body.data).toEqual([]);
  });

  it('names the item and field of an invalid input', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const good = { segments: [seg(r.id, day, '10:00', '11:00')] };
    const bad = { segments: [seg(r.id, day, '10:00', '11:00'), { resource: r.id, start: at(day, '12:00'), end: at(day, '11:00') }] };
    expectError(await api.post('/v1/bookings/import', { bookings: [good, good, good, bad] }), 400, 'parameter_invalid', 'bookings[3].segments[1].end');
    expectError(await api.post('/v1/bookings/import', { bookings: [good, { segments: [{ start: at(day, '10:00'), end: at(day, '11:00') }] }] }), 400, 'parameter_missing', 'bookings[1].segments[0].resource');
    expectError(await api.post('/v1/bookings/import', { bookings: [{ ...good, status: 'lost' }] }), 400, 'parameter_invalid', 'bookings[0].status');
    expectError(await api.post('/v1/bookings/import', { bookings: [good, { segments: [seg('res_nope', day, '10:00', '11:00')] }] }), 404, 'resource_missing', 'bookings[1].segments[0].resource');
    expectError(await api.post('/v1/bookings/import', { bookings: [{ ...good, created_at: '2999-01-01T00:00:00Z' }] }), 400, 'parameter_invalid', 'bookings[0].created_at');
    expectError(await api.post('/v1/bookings/import', { bookings: Array(101).fill(good) }), 400, 'parameter_invalid', 'bookings');
    expectError(await api.post('/v1/bookings/import', { bookings: [{ ...good, expires_at: at(day, '09:00') }] }), 400, 'parameter_unknown', 'bookings[0].expires_at');
    expect((await api.get('/v1/bookings')).body.data).toEqual([]);
  });

  it('later items see earlier ones: capacity_only refuses an item that overfills a pool', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { capacity: 2 });
    const item = { segments: [seg(pool.id, day, '10:00', '11:00')], conflict_policy: 'capacity_only' };
    const ok = await api.post('/v1/bookings/import', { bookings: [item, item] });
    expect(ok.status).toBe(200);
    expectError(await api.post('/v1/bookings/import', { bookings: [item] }), 409, 'booking_conflict', 'bookings[0]');
  });

  it('still refuses archived resources', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    await api.post(`/v1/resources/${r.id}/archive`);
    expectError(await api.post('/v1/bookings/import', { bookings: [{ segments: [seg(r.id, day, '10:00', '11:00')] }] }), 409, 'booking_conflict', 'bookings[0]');
  });
});
