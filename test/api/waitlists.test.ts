import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp, type Client } from '../support/harness.js';
import { book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(18);

async function classWithWaitlist(api: Client, seats: number, extra: Record<string, unknown> = {}) {
  const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
  return book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats, waitlist_limit: 10, ...extra });
}

const join = async (api: Client, booking: string, body: Record<string, unknown> = {}) => {
  const res = await api.post(`/v1/bookings/${booking}/attendees`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

async function line(api: Client, booking: string) {
  const res = await api.get(`/v1/bookings/${booking}/attendees`, { status: 'waitlisted', limit: 100 });
  return (res.body.data as any[]).sort((a, b) => a.waitlist_position - b.waitlist_position).map((a) => [a.id, a.waitlist_position]);
}

describe('waitlists on bookings with seats', () => {
  it('puts attendees on the waitlist once the seats are full, with dense positions, and refuses them when the line is full', async () => {
    const api = await t.newAccount();
    const b = await classWithWaitlist(api, 2, { waitlist_limit: 2 });
    expect(b).toMatchObject({ waitlist_limit: 2, waitlist_hold_minutes: 0 });
    await join(api, b.id);
    await join(api, b.id);
    const w1 = await join(api, b.id, { metadata: { name: 'Ada' } });
    expect(w1).toMatchObject({ status: 'waitlisted', waitlist_position: 1, expires_at: null, confirmed_at: null, metadata: { name: 'Ada' } });
    const w2 = await join(api, b.id);
    expect(w2.waitlist_position).toBe(2);
    expectError(await api.post(`/v1/bookings/${b.id}/attendees`), 409, 'seats_exhausted', 'seats');
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(2);
    expect(await eventsOf(api, 'attendee.waitlisted', w1.id)).toHaveLength(1);
    expect(await eventsOf(api, 'attendee.created', w1.id)).toHaveLength(0);
  });

  it('promotes the head of the line to confirmed when a seated attendee cancels, and moves the others up', async () => {
    const api = await t.newAccount();
    const b = await classWithWaitlist(api, 1);
    const seated = await join(api, b.id);
    const w1 = await join(api, b.id);
    const w2 = await join(api, b.id);
    await api.post(`/v1/attendees/${seated.id}/cancel`);
    const promoted = (await api.get(`/v1/attendees/${w1.id}`)).body;
    expect(promoted).toMatchObject({ status: 'confirmed', waitlist_position: null, expires_at: null, confirmed_at: expect.any(String) });
    expect(await line(api, b.id)).toEqual([[w2.id, 1]]);
    const [event] = await eventsOf(api, 'attendee.promoted', w1.id);
    expect(event.data.object).toEqual(promoted);
    expect(event.data.previous_attributes).toMatchObject({ status: 'waitlisted', waitlist_position: 1, confirmed_at: null });
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(1);
  });

  it('gives a promoted attendee a pending hold of waitlist_hold_minutes; when it lapses, the next one is promoted by the expiry worker', async () => {
    const api = await t.newAccount();
    const b = await classWithWaitlist(api, 1, { waitlist_hold_minutes: 30 });
    const seated = await join(api, b.id);
    const w1 = await join(api, b.id);
    const w2 = await join(api, b.id);
    await api.post(`/v1/attendees/${seated.id}/cancel`);
    const held = (await api.get(`/v1/attendees/${w1.id}`)).body;
    expect(held.status).toBe('pending');
    expect(Date.parse(held.expires_at) - Date.parse(held.updated_at)).toBe(30 * 60_000);

    t.clock.advance(31 * 60_000);
    await t.runWorker('booking-expiry');
    expect((await api.get(`/v1/attendees/${w1.id}`)).body.status).toBe('expired');
    expect((await api.get(`/v1/attendees/${w2.id}`)).body).toMatchObject({ status: 'pending', waitlist_position: null });
    expect(await eventsOf(api, 'attendee.promoted', w2.id)).toHaveLength(1);
  });

  it('serves a lapsed hold to the line before a newcomer, even before the expiry worker ran', async () => {
    const api = await t.newAccount();
    const b = await classWithWaitlist(api, 1);
    const seated = await join(api, b.id, { status: 'pending', expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    const w1 = await join(api, b.id);
    t.clock.advance(2 * 60_000);
    const newcomer = await join(api, b.id);
    expect((await api.get(`/v1/attendees/${seated.id}`)).body.status).toBe('expired');
    expect((await api.get(`/v1/attendees/${w1.id}`)).body.status).toBe('confirmed');
    expect(newcomer).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
  });

  it('keeps the line strict: a head that does not fit is not skipped by a smaller request behind it', async () => {
    const api = await t.newAccount();
    const b = await classWithWaitlist(api, 3);
    const a = await join(api, b.id, { seats: 2 });
    await join(api, b.id, { seats: 1 });
    const big = await join(api, b.id, { seats: 3 });
    const small = await join(api, b.id, { seats: 1 });
    // A newcomer does not jump the line either, though one seat would fit after a cancel.
    await api.post(`/v1/attendees/${a.id}/cancel`);
    expect((await api.get(`/v1/attendees/${big.id}`)).body.status).toBe('waitlisted');
    expect((await api.get(`/v1/attendees/${small.id}`)).body).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
    expect((await join(api, b.id)).waitlist_position).toBe(3);
    // The head shrinks its request: it fits, and the one behind it follows.
    const shrunk = await api.post(`/v1/attendees/${big.id}`, { seats: 1 });
    expect(shrunk.body).toMatchObject({ status: 'confirmed', seats: 1 });
    expect((await api.get(`/v1/attendees/${small.id}`)).body.status).toBe('confirmed');
    expect((await api.get(`/v1/bookings/${b.id}`)).body.seats_taken).toBe(3);
  });

  it('promotes as many as fit, in order, when the booking gets more seats', async () => {
    const api = await t.newAccount();
    const b = await classWithWaitlist(api, 1);
    await join(api, b.id);
    const ws = [];
    for (let i = 0; i < 4; i++) ws.push(await join(api, b.id));
    const grown = await api.post(`/v1/bookings/${b.id}`, { seats: 3 });
    expect(grown.body).toMatchObject({ seats: 3, seats_taken: 3 });
    expect((await api.get(`/v1/attendees/${ws[0].id}`)).body.status).toBe('confirmed');
    expect((await api.get(`/v1/attendees/${ws[1].id}`)).body.status).toBe('confirmed');
    expect(await line(api, b.id)).toEqual([
      [ws[2].id, 1],
      [ws[3].id, 2],
    ]);
    const promotedEvents = await eventsOf(api, 'attendee.promoted');
    expect(promotedEvents.map((e) => e.data.object.id).sort()).toEqual([ws[0].id, ws[1].id].sort());
  });

  it('lets a waitlisted attendee be cancelled, keeping the positions dense; it cannot be confirmed', async () => {
    const api = await t.newAccount();
    const b = await classWithWaitlist(api, 1);
    await join(api, b.id);
    const [w1, w2, w3] = [await join(api, b.id), await join(api, b.id), await join(api, b.id)];
    expectError(await api.post(`/v1/attendees/${w2.id}/confirm`), 409, 'invalid_state_transition');
    expectError(await api.post(`/v1/attendees/${w2.id}`, { status: 'confirmed' }), 409, 'invalid_state_transition');
    const cancelled = await api.post(`/v1/attendees/${w2.id}/cancel`, { reason: 'found another class' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', waitlist_position: null, cancellation_reason: 'found another class' });
    expect(await line(api, b.id)).toEqual([
      [w1.id, 1],
      [w3.id, 2],
    ]);
    const [event] = await eventsOf(api, 'attendee.cancelled', w2.id);
    expect(event.data.previous_attributes).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
  });

  it('validates the settings: a waitlist needs seats, bounds are enforced, seats cannot be removed while people wait', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '12:00', '13:00')], waitlist_limit: 3 }), 400, 'parameter_invalid', 'waitlist_limit');
    expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '12:00', '13:00')], seats: 2, waitlist_limit: 10001 }), 400, 'parameter_invalid', 'waitlist_limit');
    expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '12:00', '13:00')], seats: 2, waitlist_hold_minutes: 10081 }), 400, 'parameter_invalid', 'waitlist_hold_minutes');
    const b = await classWithWaitlist(api, 1);
    await join(api, b.id);
    await join(api, b.id);
    expectError(await api.post(`/v1/bookings/${b.id}/attendees`, { seats: 2 }), 409, 'seats_exhausted', 'seats');
    expectError(await api.post(`/v1/bookings/${b.id}`, { seats: null }), 409, 'seats_exhausted', 'seats');
    const updated = await api.post(`/v1/bookings/${b.id}`, { waitlist_limit: 0, waitlist_hold_minutes: 15 });
    expect(updated.body).toMatchObject({ waitlist_limit: 0, waitlist_hold_minutes: 15 });
    // A lower limit stops new joins; those already waiting keep their place.
    expectError(await api.post(`/v1/bookings/${b.id}/attendees`), 409, 'seats_exhausted', 'seats');
    expect(await line(api, b.id)).toHaveLength(1);
  });

  it('moves the line with a reschedule, in order, and promotes into the seats the new booking adds', async () => {
    const api = await t.newAccount();
    const b = await classWithWaitlist(api, 1);
    await join(api, b.id);
    const w1 = await join(api, b.id);
    const w2 = await join(api, b.id);
    const moved = await api.post('/v1/bookings', { segments: [seg(b.segments[0].resource, day, '14:00', '15:00')], replaces: b.id, seats: 2 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ seats: 2, seats_taken: 2, waitlist_limit: 10 });
    expect((await api.get(`/v1/attendees/${w1.id}`)).body).toMatchObject({ booking: moved.body.id, status: 'confirmed' });
    expect(await line(api, moved.body.id)).toEqual([[w2.id, 1]]);
  });
});
