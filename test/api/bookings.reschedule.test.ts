import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { at, book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(15);

describe('rescheduling', () => {
  it('creates the new booking with replaces, cancels the old one with replaced_by, and writes both events', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const old = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats: 3, metadata: { ref: 'X' } });
    const res = await api.post(`/v1/bookings/${old.id}/reschedule`, { segments: [seg(r.id, day, '14:00', '15:00')] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fresh = res.body;
    expect(fresh).toMatchObject({ status: 'confirmed', replaces: old.id, seats: 3, seats_taken: 0, metadata: { ref: 'X' }, start: at(day, '14:00') });
    const gone = (await api.get(`/v1/bookings/${old.id}`)).body;
    expect(gone).toMatchObject({ status: 'cancelled', replaced_by: fresh.id, cancellation_reason: 'rescheduled', cancelled_at: expect.any(String) });
    const [rescheduled] = await eventsOf(api, 'booking.rescheduled', old.id);
    expect(rescheduled.data.previous_attributes).toMatchObject({ status: 'confirmed', replaced_by: null, cancellation_reason: null });
    expect(await eventsOf(api, 'booking.created', fresh.id)).toHaveLength(1);
    // The old time is free again.
    await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
  });

  it("does not count the old booking's own hold against the new one", async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const old = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const res = await api.post(`/v1/bookings/${old.id}/reschedule`, { segments: [seg(r.id, day, '10:30', '11:30')] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('moves attendees to the new booking and keeps seats_taken', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const old = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats: 5 });
    const a = (await api.post(`/v1/bookings/${old.id}/attendees`, { seats: 2 })).body;
    const fresh = (await api.post(`/v1/bookings/${old.id}/reschedule`, { segments: [seg(r.id, day, '12:00', '13:00')] })).body;
    expect(fresh.seats_taken).toBe(2);
    expect((await api.get(`/v1/attendees/${a.id}`)).body.booking).toBe(fresh.id);
    expect((await api.get(`/v1/bookings/${old.id}`)).body.seats_taken).toBe(0);
    const [moved] = await eventsOf(api, 'attendee.updated', a.id);
    expect(moved.data.previous_attributes).toEqual({ booking: old.id });
  });

  it('refuses a conflicting new time under reject and leaves the old booking untouched', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const old = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    await book(api, { segments: [seg(r.id, day, '12:00', '13:00')] });
    expectError(await api.post(`/v1/bookings/${old.id}/reschedule`, { segments: [seg(r.id, day, '12:30', '13:30')] }), 409, 'booking_conflict');
    expect((await api.get(`/v1/bookings/${old.id}`)).body.status).toBe('confirmed');
    const allowed = await api.post(`/v1/bookings/${old.id}/reschedule`, { segments: [seg(r.id, day, '12:30', '13:30')], conflict_policy: 'allow' });
    expect(allowed.body).toMatchObject({ conflicted: true, conflict_policy: 'allow' });
  });

  it('refuses to reschedule a cancelled booking, and 404s an unknown one', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const old = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    await api.post(`/v1/bookings/${old.id}/cancel`);
    expectError(await api.post(`/v1/bookings/${old.id}/reschedule`, { segments: [seg(r.id, day, '12:00', '13:00')] }), 409, 'invalid_state_transition');
    expectError(await api.post('/v1/bookings/bk_nope/reschedule', { segments: [seg(r.id, day, '12:00', '13:00')] }), 404, 'resource_missing');
  });

  it('keeps a pending booking pending with its expires_at', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const expires = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const old = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], status: 'pending', expires_at: expires });
    const fresh = (await api.post(`/v1/bookings/${old.id}/reschedule`, { segments: [seg(r.id, day, '12:00', '13:00')] })).body;
    expect(fresh).toMatchObject({ status: 'pending', expires_at: expires });
  });

  it('POST /v1/bookings with replaces does the same with a full body', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const old = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats: 4, metadata: { a: '1' } });
    await api.post(`/v1/bookings/${old.id}/attendees`, { seats: 3 });
    expectError(
      await api.post('/v1/bookings', { segments: [seg(r.id, day, '10:30', '11:30')], replaces: old.id, seats: 2 }),
      409,
      'seats_exhausted',
      'seats',
    );
    const fresh = await book(api, { segments: [seg(r.id, day, '10:30', '11:30')], replaces: old.id, seats: 6, metadata: { b: '2' } });
    expect(fresh).toMatchObject({ replaces: old.id, seats: 6, seats_taken: 3, metadata: { b: '2' } });
    expect((await api.get(`/v1/bookings/${old.id}`)).body).toMatchObject({ status: 'cancelled', replaced_by: fresh.id });
    expect(await eventsOf(api, 'booking.rescheduled', old.id)).toHaveLength(1);
  });
});
