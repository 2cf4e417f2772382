import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { tablesHolding } from '../support/personal-data.js';
import { book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';
import { createEndpoint, receivers } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
t.startWorkers(['webhooks.delivery']);
const receiver = receivers();
const day = futureDay(9);

const ada = { reference: 'cus_ada_1815', name: 'Ada Lovelace', email: 'Ada.Lovelace@example.org', phone: '+447700900123', locale: 'en-GB', time_zone: 'Europe/London' };
const ADA_VALUES = [ada.reference, ada.name, ada.email, ada.phone];
const grace = { reference: 'cus_grace', name: 'Grace Hopper', email: 'grace@example.org' };

async function availability(api: any, resource: string) {
  const res = await api.post('/v1/availability', { from: `${day}T00:00:00Z`, to: `${day}T23:59:00Z`, segments: [{ resource, duration_minutes: 60 }] });
  expect(res.status).toBe(200);
  return res.body;
}

/** The account's usage this month, without its request count (every request, the erasure's own included, adds one). */
async function usageOf(api: any) {
  const res = await t.api.get('/v1/usage');
  expect(res.status).toBe(200);
  const entry = res.body.accounts.find((a: any) => a.account === api.accountId);
  expect(entry).toBeDefined();
  const { api_requests: _requests, ...counters } = entry;
  return counters;
}

describe('erasing a customer', () => {
  it('tombstones the customer on every booking and attendee and in every copy, keeps times, availability and usage, and no table holds the values after', async () => {
    const r = await receiver();
    const api = await t.newAccount();
    const endpoint = await createEndpoint(t.api, { url: r.url, enabled_events: ['booking.*', 'attendee.*'] });
    const room = await openResource(api, {}, [{ start: '08:00', end: '18:00' }]);
    // Ada books, is moved (copies in the old and the new booking and in the events), sits on
    // another booking as an attendee, and one booking is made with an Idempotency-Key (a stored response).
    const first = await book(api, { segments: [seg(room.id, day, '09:00', '10:00')], customer: ada });
    const moved = (await api.post(`/v1/bookings/${first.id}/reschedule`, { segments: [seg(room.id, day, '10:00', '11:00')] })).body;
    const group = await book(api, { segments: [seg(room.id, day, '12:00', '13:00')], seats: 4, customer: grace });
    const seat = (await api.post(`/v1/bookings/${group.id}/attendees`, { customer: ada })).body;
    const keyed = await api.post('/v1/bookings', { segments: [seg(room.id, day, '14:00', '15:00')], customer: { reference: ada.reference, email: ada.email } }, { idempotencyKey: 'ada-once' });
    expect(keyed.status).toBe(200);
    // The updated customer (a previous value in an event's previous_attributes) is Ada's too.
    await api.post(`/v1/bookings/${keyed.body.id}`, { customer: { ...ada, name: 'A. Lovelace' } });
    const link = (await api.post(`/v1/bookings/${moved.id}/manage_links`, {})).body;
    // A booking session made for her keeps her details as its prefill.
    const session = await api.post('/v1/booking_sessions', { segments: [{ resource: room.id, duration_minutes: 60 }], customer: { reference: ada.reference, name: ada.name, email: ada.email } });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    await eventually(() => r.requests.some((q) => q.body.includes(ada.email)), { what: "a delivery carrying Ada's email" });
    expect((await tablesHolding(t.db, ADA_VALUES)).length).toBeGreaterThan(0);

    const before = await availability(api, room.id);
    const usageBefore = await usageOf(api);
    const res = await api.post('/v1/customers/erase', { customer: { reference: ada.reference } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ object: 'customer_erasure', account: api.accountId, livemode: false });
    expect(res.body.erased.bookings).toBe(3);
    expect(res.body.erased.attendees).toBe(1);
    expect(res.body.erased.events).toBeGreaterThanOrEqual(5);
    expect(res.body.erased.stored_responses).toBe(1);
    expect(res.body.erased.booking_sessions).toBe(1);

    // Nothing of Ada anywhere: rows, events, stored responses, nor the name she was renamed from.
    expect(await tablesHolding(t.db, [...ADA_VALUES, 'A. Lovelace'])).toEqual([]);
    const tombstone = { reference: 'erased', name: null, email: null, phone: null, locale: null, time_zone: null };
    for (const id of [first.id, moved.id, keyed.body.id]) expect((await api.get(`/v1/bookings/${id}`)).body.customer).toEqual(tombstone);
    expect((await api.get(`/v1/attendees/${seat.id}`)).body.customer).toEqual(tombstone);
    // Grace, on the same booking, is untouched.
    expect((await api.get(`/v1/bookings/${group.id}`)).body.customer).toMatchObject(grace);
    // Times, statuses and seats are kept: availability is identical.
    expect((await api.get(`/v1/bookings/${moved.id}`)).body).toMatchObject({ status: 'confirmed', start: moved.start, end: moved.end });
    expect(await availability(api, room.id)).toEqual(before);
    // Usage counts what it counted: no booking, resource or delivery more or less.
    expect(await usageOf(api)).toEqual(usageBefore);
    // The manage-link view and its page show the booking without her.
    const view = await t.api.request('GET', new URL(link.url).pathname.replace(/^\/manage\//, '/v1/manage/'), undefined, { key: '' });
    expect(view.status).toBe(200);
    expect(view.body.booking.customer).toEqual(tombstone);
    const page = await t.api.request('GET', new URL(link.url).pathname, undefined, { key: '' });
    expect(page.status).toBe(200);
    for (const value of ADA_VALUES) {
      expect(JSON.stringify(view.body).toLowerCase()).not.toContain(value.toLowerCase());
      expect(String(page.body).toLowerCase()).not.toContain(value.toLowerCase());
    }
    // The replay of the stored response, and a delivery sent again, carry the tombstone.
    const replay = await api.post('/v1/bookings', { segments: [seg(room.id, day, '14:00', '15:00')], customer: { reference: ada.reference, email: ada.email } }, { idempotencyKey: 'ada-once' });
    expect(replay.body.customer).toEqual(tombstone);
    const [created] = await eventsOf(api, 'booking.created', first.id);
    const sentBefore = r.forEvent(created.id).length;
    expect((await api.post(`/v1/events/${created.id}/resend`, { endpoint: endpoint.id })).status).toBe(200);
    const resent = await eventually(() => r.forEvent(created.id).length > sentBefore && r.forEvent(created.id).at(-1));
    expect(resent.body).not.toContain(ada.email);
    expect(JSON.parse(resent.body).data.object.customer).toEqual(tombstone);

    // One customer.erased event, with counts and no personal data.
    const erased = (await api.get('/v1/events', { type: 'customer.erased' })).body.data;
    expect(erased).toHaveLength(1);
    expect(erased[0].data.object).toEqual(res.body);
    expect(erased[0].actor.type).toBe('api_key');
    // Older versions do not see the new event.
    expect((await api.get('/v1/events', { type: 'customer.erased' }, { version: '2027-03-01' })).body.data).toEqual([]);
  });

  it('is idempotent: erasing again changes nothing and records no second event', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    await book(api, { segments: [seg(room.id, day, '09:00', '10:00')], customer: ada });
    const once = await api.post('/v1/customers/erase', { customer: { reference: ada.reference } });
    expect(once.body.erased.bookings).toBe(1);
    const again = await api.post('/v1/customers/erase', { customer: { reference: ada.reference } });
    expect(again.status).toBe(200);
    expect(again.body.erased).toEqual({ bookings: 0, attendees: 0, events: 0, stored_responses: 0, booking_sessions: 0 });
    expect((await api.get('/v1/events', { type: 'customer.erased' })).body.data).toHaveLength(1);
  });

  it('erases by email whatever its case, only in the account named, and erases large accounts in bounded passes', async () => {
    const api = await t.newAccount();
    const other = await t.newAccount();
    const room = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const theirs = await openResource(other);
    const imported = [];
    // More than one batch (200) of bookings, by import (100 a request).
    for (let batch = 0; batch < 3; batch++) {
      const bookings = Array.from({ length: 80 }, (_, i) => {
        const minute = batch * 80 + i;
        const start = new Date(Date.parse(`${day}T00:00:00Z`) + minute * 5 * 60_000).toISOString();
        const end = new Date(Date.parse(start) + 5 * 60_000).toISOString();
        return { segments: [{ resource: room.id, start, end }], customer: { reference: `cus_${minute}`, email: 'SAME@example.net' } };
      });
      const res = await api.post('/v1/bookings/import', { bookings });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      imported.push(...res.body.data);
    }
    // Another account of the same platform has a customer with the same email, and a stored
    // response (an Idempotency-Key replay) that copies her: another person, left alone.
    const theirBooking = { segments: [seg(theirs.id, day, '09:00', '10:00')], customer: { reference: 'cus_x', email: 'same@example.net' } };
    const theirKey = `theirs-${other.accountId}`;
    const kept = (await other.post('/v1/bookings', theirBooking, { idempotencyKey: theirKey })).body;
    const res = await api.post('/v1/customers/erase', { customer: { email: 'same@EXAMPLE.net' } });
    expect(res.body.erased.bookings).toBe(240);
    expect(res.body.erased.events).toBe(240);
    expect(res.body.erased.stored_responses).toBe(0);
    expect((await api.get('/v1/bookings', { 'customer.reference': 'cus_7' })).body.data).toEqual([]);
    expect((await other.get(`/v1/bookings/${kept.id}`)).body.customer.email).toBe('same@example.net');
    const replay = await other.post('/v1/bookings', theirBooking, { idempotencyKey: theirKey });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.customer).toMatchObject({ reference: 'cus_x', email: 'same@example.net' });
  });

  it('refuses a request that names no customer, or the tombstone, with a clear 400', async () => {
    const api = await t.newAccount();
    expectError(await api.post('/v1/customers/erase', {}), 400, 'parameter_missing', 'customer');
    expectError(await api.post('/v1/customers/erase', { customer: {} }), 400, 'parameter_missing', 'customer.reference');
    expectError(await api.post('/v1/customers/erase', { customer: { reference: 'erased' } }), 400, 'parameter_invalid', 'customer.reference');
    expectError(await api.post('/v1/customers/erase', { customer: { email: 'nobody' } }), 400, 'parameter_invalid', 'customer.email');
    expectError(await api.post('/v1/customers/erase', { customer: { reference: 'x', name: 'Ada' } }), 400, 'parameter_unknown');
    expectError(await t.api.post('/v1/customers/erase', { customer: { reference: 'x' } }), 400, 'service_account_required');
    const readOnly = await t.restrictedKey({ permissions: { bookings: 'read' } });
    expectError(await api.post('/v1/customers/erase', { customer: { reference: 'x' } }, { key: readOnly }), 403, 'permission_denied');
  });
});
