import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(14);
const now = () => t.clock.now().getTime();
const inOneHour = () => new Date(now() + 3600_000).toISOString();

/** Lets a pending hold made with inOneHour() lapse: moves the clock past its expires_at. */
function lapse() {
  t.clock.advance(3600_000 + 1000);
}

/** A booking whose start has passed (imports skip start_passed). */
async function startedBooking(api: any, resource: string) {
  const start = new Date(now() - 3600_000).toISOString();
  const end = new Date(now() + 3600_000).toISOString();
  const res = await api.post('/v1/bookings/import', { bookings: [{ segments: [{ resource, start, end }], status: 'confirmed' }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data[0];
}

describe('booking lifecycle', () => {
  it('confirms a pending booking: confirmed_at set, expires_at cleared, booking.confirmed with the previous status', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], status: 'pending', expires_at: inOneHour() });
    const res = await api.post(`/v1/bookings/${b.id}/confirm`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'confirmed', expires_at: null, confirmed_at: expect.any(String) });
    const [event] = await eventsOf(api, 'booking.confirmed', b.id);
    expect(event.data.previous_attributes).toMatchObject({ status: 'pending', confirmed_at: null, expires_at: b.expires_at });
    expectError(await api.post(`/v1/bookings/${b.id}/confirm`), 409, 'invalid_state_transition');
  });

  it('cancels with a reason, frees the time, and refuses every later transition', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const res = await api.post(`/v1/bookings/${b.id}/cancel`, { reason: 'Client asked' });
    expect(res.body).toMatchObject({ status: 'cancelled', cancellation_reason: 'Client asked', cancelled_at: expect.any(String) });
    const [event] = await eventsOf(api, 'booking.cancelled', b.id);
    expect(event.data.previous_attributes).toMatchObject({ status: 'confirmed', cancellation_reason: null, cancelled_at: null });
    await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    for (const action of ['confirm', 'cancel', 'complete', 'no_show']) {
      expectError(await api.post(`/v1/bookings/${b.id}/${action}`), 409, 'invalid_state_transition');
    }
    expectError(await api.post(`/v1/bookings/${b.id}/cancel`, { reason: 'x'.repeat(501) }), 400, 'parameter_invalid', 'reason');
  });

  it('completes or marks no-show only a confirmed booking that has started', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const future = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    expectError(await api.post(`/v1/bookings/${future.id}/complete`), 409, 'invalid_state_transition');
    expectError(await api.post(`/v1/bookings/${future.id}/no_show`), 409, 'invalid_state_transition');
    const started = await startedBooking(api, r.id);
    const done = await api.post(`/v1/bookings/${started.id}/complete`);
    expect(done.body.status).toBe('completed');
    expect((await eventsOf(api, 'booking.completed', started.id))[0].data.previous_attributes).toEqual({ status: 'confirmed' });
    const other = await startedBooking(api, (await openResource(api, {}, [{ start: '00:00', end: '24:00' }])).id);
    expect((await api.post(`/v1/bookings/${other.id}/no_show`)).body.status).toBe('no_show');
    expect(await eventsOf(api, 'booking.no_show', other.id)).toHaveLength(1);
    const pending = await book(api, { segments: [seg(r.id, day, '12:00', '13:00')], status: 'pending' });
    expectError(await api.post(`/v1/bookings/${pending.id}/complete`), 409, 'invalid_state_transition');
  });

  it('updates expires_at, seats and metadata with booking.updated and previous values', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], status: 'pending', seats: 4, metadata: { a: '1', b: '2' } });
    const expires = new Date(now() + 7200_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const res = await api.post(`/v1/bookings/${b.id}`, { expires_at: expires, seats: 6, metadata: { a: '', c: '3' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ expires_at: expires, seats: 6, metadata: { b: '2', c: '3' } });
    const [event] = await eventsOf(api, 'booking.updated', b.id);
    expect(event.data.previous_attributes).toEqual({ expires_at: null, seats: 4, metadata: { a: '1', b: '2' } });
    expectError(await api.post(`/v1/bookings/${b.id}`, { expires_at: new Date(now() - 1000).toISOString() }), 400, 'parameter_invalid', 'expires_at');
    await api.post(`/v1/bookings/${b.id}/confirm`);
    expectError(await api.post(`/v1/bookings/${b.id}`, { expires_at: expires }), 400, 'parameter_invalid', 'expires_at');
    expectError(await api.post(`/v1/bookings/${b.id}`, { segments: [] }), 400, 'parameter_unknown', 'segments');
  });
});

describe('expiry of pending holds', () => {
  it('reads a pending booking past expires_at as expired, frees its time, and the worker writes booking.expired once', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], status: 'pending', expires_at: inOneHour() });
    lapse();
    expect((await api.get(`/v1/bookings/${b.id}`)).body.status).toBe('expired');
    const pending = await api.get('/v1/bookings', { status: 'pending' });
    expect(pending.body.data.map((x: any) => x.id)).not.toContain(b.id);
    const expired = await api.get('/v1/bookings', { status: 'expired' });
    expect(expired.body.data.map((x: any) => x.id)).toContain(b.id);
    expectError(await api.post(`/v1/bookings/${b.id}/confirm`), 409, 'invalid_state_transition');
    await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });

    await t.runWorker('booking-expiry');
    await t.runWorker('booking-expiry');
    const events = await eventsOf(api, 'booking.expired', b.id);
    expect(events).toHaveLength(1);
    expect(events[0].data.previous_attributes).toEqual({ status: 'pending' });
    expect(events[0].data.object.status).toBe('expired');
  });

  it('expires pending attendees the same way (attendee.expired)', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats: 2 });
    const a = (await api.post(`/v1/bookings/${b.id}/attendees`, { status: 'pending', expires_at: inOneHour(), seats: 2 })).body;
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(2);
    lapse();
    expect((await api.get(`/v1/attendees/${a.id}`)).body.status).toBe('expired');
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(0);
    await t.runWorker('booking-expiry');
    const events = await eventsOf(api, 'attendee.expired', a.id);
    expect(events).toHaveLength(1);
    expect(events[0].data.previous_attributes).toEqual({ status: 'pending' });
  });

  it('the bookings worker writes booking.expired on its own after expires_at', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, {
      segments: [seg(r.id, day, '15:00', '16:00')],
      status: 'pending',
      expires_at: new Date(now() + 1500).toISOString(),
    });
    t.clock.advance(1500);
    await t.runWorker('booking-expiry');
    const events = await eventsOf(api, 'booking.expired', b.id);
    expect(events).toHaveLength(1);
  });
});
