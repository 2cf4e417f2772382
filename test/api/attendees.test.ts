import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(16);

async function seatedBooking(api: any, seats = 5, extra: Record<string, unknown> = {}) {
  const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
  return book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats, ...extra });
}

describe('attendees', () => {
  it('adds an attendee, confirmed with one seat by default, and counts it in seats_taken', async () => {
    const api = await t.newAccount();
    const b = await seatedBooking(api);
    const res = await api.post(`/v1/bookings/${b.id}/attendees`, { metadata: { name: 'Ada' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      object: 'attendee',
      livemode: false,
      booking: b.id,
      status: 'confirmed',
      seats: 1,
      expires_at: null,
      cancellation_reason: null,
      confirmed_at: expect.any(String),
      cancelled_at: null,
      metadata: { name: 'Ada' },
    });
    expect(res.body.id).toMatch(/^att_/);
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(1);
    expect((await api.get(`/v1/attendees/${res.body.id}`)).body).toEqual(res.body);
    expect(await eventsOf(api, 'attendee.created', res.body.id)).toHaveLength(1);
  });

  it('refuses seats beyond the booking with seats_exhausted; cancelled attendees free theirs', async () => {
    const api = await t.newAccount();
    const b = await seatedBooking(api, 3);
    const a = (await api.post(`/v1/bookings/${b.id}/attendees`, { seats: 2 })).body;
    expectError(await api.post(`/v1/bookings/${b.id}/attendees`, { seats: 2 }), 409, 'seats_exhausted', 'seats');
    await api.post(`/v1/bookings/${b.id}/attendees`, { seats: 1, status: 'pending' });
    expectError(await api.post(`/v1/bookings/${b.id}/attendees`), 409, 'seats_exhausted');
    const cancelled = await api.post(`/v1/attendees/${a.id}/cancel`, { reason: 'ill' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancellation_reason: 'ill', cancelled_at: expect.any(String) });
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(1);
    await api.post(`/v1/bookings/${b.id}/attendees`, { seats: 2 });
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(3);
  });

  it('refuses attendees on a booking without seats (seats_exhausted) and on a cancelled booking', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const noSeats = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    expectError(await api.post(`/v1/bookings/${noSeats.id}/attendees`), 409, 'seats_exhausted', 'seats');
    const b = await seatedBooking(api);
    await api.post(`/v1/bookings/${b.id}/cancel`);
    expectError(await api.post(`/v1/bookings/${b.id}/attendees`), 409, 'invalid_state_transition');
    expectError(await api.post('/v1/bookings/bk_nope/attendees'), 404, 'resource_missing');
  });

  it('refuses lowering booking seats below seats_taken', async () => {
    const api = await t.newAccount();
    const b = await seatedBooking(api, 5);
    await api.post(`/v1/bookings/${b.id}/attendees`, { seats: 4 });
    expectError(await api.post(`/v1/bookings/${b.id}`, { seats: 3 }), 409, 'seats_exhausted', 'seats');
    expectError(await api.post(`/v1/bookings/${b.id}`, { seats: null }), 409, 'seats_exhausted', 'seats');
    expect((await api.post(`/v1/bookings/${b.id}`, { seats: 4 })).body).toMatchObject({ seats: 4, seats_taken: 4 });
  });

  it('updates seats (within the booking), expires_at on a pending attendee, and metadata, with attendee.updated', async () => {
    const api = await t.newAccount();
    const b = await seatedBooking(api, 4);
    const a = (await api.post(`/v1/bookings/${b.id}/attendees`, { seats: 1, status: 'pending', metadata: { k: 'v' } })).body;
    await api.post(`/v1/bookings/${b.id}/attendees`, { seats: 1 });
    expectError(await api.post(`/v1/attendees/${a.id}`, { seats: 4 }), 409, 'seats_exhausted', 'seats');
    const expires = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const res = await api.post(`/v1/attendees/${a.id}`, { seats: 3, expires_at: expires, metadata: { k: '' } });
    expect(res.body).toMatchObject({ seats: 3, expires_at: expires, metadata: {} });
    const [event] = await eventsOf(api, 'attendee.updated', a.id);
    expect(event.data.previous_attributes).toEqual({ seats: 1, expires_at: null, metadata: { k: 'v' } });
    expectError(await api.post(`/v1/attendees/${a.id}`, { booking: b.id }), 400, 'parameter_unknown', 'booking');
  });

  it('confirms through the update body or the action, and refuses what the state machine refuses', async () => {
    const api = await t.newAccount();
    const b = await seatedBooking(api, 4);
    const a = (await api.post(`/v1/bookings/${b.id}/attendees`, { status: 'pending' })).body;
    const c = (await api.post(`/v1/bookings/${b.id}/attendees`, { status: 'pending' })).body;
    expect((await api.post(`/v1/attendees/${a.id}`, { status: 'confirmed' })).body.status).toBe('confirmed');
    expect((await eventsOf(api, 'attendee.confirmed', a.id))[0].data.previous_attributes).toMatchObject({ status: 'pending' });
    expectError(await api.post(`/v1/attendees/${a.id}`, { status: 'pending' }), 409, 'invalid_state_transition');
    expect((await api.post(`/v1/attendees/${c.id}/confirm`)).body.status).toBe('confirmed');
    // The booking has not started yet.
    expectError(await api.post(`/v1/attendees/${c.id}/complete`), 409, 'invalid_state_transition');
    expectError(await api.post(`/v1/attendees/${c.id}/no_show`), 409, 'invalid_state_transition');
    await api.post(`/v1/attendees/${c.id}/cancel`);
    expectError(await api.post(`/v1/attendees/${c.id}/confirm`), 409, 'invalid_state_transition');
    expect(await eventsOf(api, 'attendee.cancelled', c.id)).toHaveLength(1);
  });

  it('completes and marks no-show once the booking has started', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const start = new Date(Date.now() - 3600_000).toISOString();
    const end = new Date(Date.now() + 3600_000).toISOString();
    const b = (await api.post('/v1/bookings/import', { bookings: [{ segments: [{ resource: r.id, start, end }], seats: 2 }] })).body.data[0];
    const a = (await api.post(`/v1/bookings/${b.id}/attendees`)).body;
    const c = (await api.post(`/v1/bookings/${b.id}/attendees`)).body;
    expect((await api.post(`/v1/attendees/${a.id}/complete`)).body.status).toBe('completed');
    expect((await api.post(`/v1/attendees/${c.id}/no_show`)).body.status).toBe('no_show');
    expect(await eventsOf(api, 'attendee.completed', a.id)).toHaveLength(1);
    expect(await eventsOf(api, 'attendee.no_show', c.id)).toHaveLength(1);
    // completed and no_show still take their seats.
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(2);
  });

  it('lists a booking’s attendees newest first, filtered by status and metadata', async () => {
    const api = await t.newAccount();
    const b = await seatedBooking(api, 10);
    const a1 = (await api.post(`/v1/bookings/${b.id}/attendees`, { metadata: { vip: 'yes' } })).body;
    const a2 = (await api.post(`/v1/bookings/${b.id}/attendees`, { status: 'pending' })).body;
    const a3 = (await api.post(`/v1/bookings/${b.id}/attendees`)).body;
    const all = await api.get(`/v1/bookings/${b.id}/attendees`);
    expect(all.body.data.map((a: any) => a.id)).toEqual([a3.id, a2.id, a1.id]);
    expect((await api.get(`/v1/bookings/${b.id}/attendees`, { status: 'pending' })).body.data.map((a: any) => a.id)).toEqual([a2.id]);
    expect((await api.get(`/v1/bookings/${b.id}/attendees`, { 'metadata[vip]': 'yes' })).body.data.map((a: any) => a.id)).toEqual([a1.id]);
    const page = await api.get(`/v1/bookings/${b.id}/attendees`, { limit: 2 });
    expect(page.body.has_more).toBe(true);
    expectError(await api.get('/v1/bookings/bk_nope/attendees'), 404, 'resource_missing');
  });

  it('takes expires_at only with status pending', async () => {
    const api = await t.newAccount();
    const b = await seatedBooking(api);
    const expires = new Date(Date.now() + 3600_000).toISOString();
    expectError(await api.post(`/v1/bookings/${b.id}/attendees`, { expires_at: expires }), 400, 'parameter_invalid', 'expires_at');
    expectError(await api.post(`/v1/bookings/${b.id}/attendees`, { seats: 0 }), 400, 'parameter_invalid', 'seats');
    const ok = await api.post(`/v1/bookings/${b.id}/attendees`, { status: 'pending', expires_at: expires });
    expect(ok.status).toBe(200);
  });

  it('renders attendees without expires_at for version 2026-05-01', async () => {
    const api = await t.newAccount();
    const b = await seatedBooking(api);
    const a = (await api.post(`/v1/bookings/${b.id}/attendees`)).body;
    const old = await api.get(`/v1/attendees/${a.id}`, undefined, { version: '2026-05-01' });
    expect(old.body).not.toHaveProperty('expires_at');
    const cancelled = await api.post(`/v1/bookings/${b.id}/cancel`, { reason: 'r' }, { version: '2026-05-01' });
    expect(cancelled.body).toMatchObject({ cancel_reason: 'r' });
    expect(cancelled.body).not.toHaveProperty('cancellation_reason');
  });
});
