/**
 * Booking sessions (docs/elements.md) through HTTP: the key side (create, list, read, expire),
 * and the client secret's side, which reaches exactly its own operations, from its allowed
 * origins, and books through the same planner and policies as every door.
 */
import { describe, expect, it } from 'vitest';
import { Client, expectError, setupTestApp } from '../support/harness.js';
import { at, book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';
import { routeCatalogue } from '../../src/http/openapi.js';

const t = await setupTestApp();
const ORIGIN = 'https://shop.example';

async function setup(extra: Record<string, unknown> = {}, resource: Record<string, unknown> = {}) {
  const api = await t.newAccount();
  const room = await openResource(api, resource);
  const day = futureDay(5);
  const res = await api.post('/v1/booking_sessions', {
    segments: [{ resource: room.id, duration_minutes: 60 }],
    from: at(day, '00:00'),
    to: at(day, '23:59'),
    slot_interval_minutes: 60,
    customer: { reference: 'cus_42', email: 'ada@example.com' },
    allowed_origins: [ORIGIN],
    return_url: 'https://shop.example/booked',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = res.body;
  const browser = new Client(t.app, session.client_secret);
  return { api, room, day, session, browser };
}

describe('booking sessions: the key side', () => {
  it('makes a session that answers id, client_secret, url and expires_at, 30 minutes by default, shown once', async () => {
    const before = t.clock.now().getTime();
    const { api, session } = await setup();
    expect(session).toMatchObject({ object: 'booking_session', status: 'open', booking: null, customer_fields: ['name', 'email'], allowed_origins: [ORIGIN] });
    expect(session.id).toMatch(/^bs_/);
    expect(session.client_secret).toMatch(/^bks_[0-9a-z]{26}_[0-9a-z]{26}_[A-Za-z0-9_-]{32}$/);
    expect(session.client_secret.slice(4, 30)).toBe(session.id.slice(3));
    expect(session.url).toMatch(new RegExp(`/book/${session.client_secret}$`));
    const life = Date.parse(session.expires_at) - before;
    expect(life).toBeGreaterThanOrEqual(29 * 60_000);
    expect(life).toBeLessThanOrEqual(31 * 60_000);
    const read = await api.get(`/v1/booking_sessions/${session.id}`);
    expect(read.status).toBe(200);
    expect(read.body.client_secret).toBeUndefined();
    const listed = await api.get('/v1/booking_sessions');
    expect(listed.body.data.map((s: any) => s.id)).toEqual([session.id]);
  });

  it('refuses a life over 24 hours, an origin with a path, a missing resource and a key without bookings: write', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const segments = [{ resource: room.id, duration_minutes: 30 }];
    const in25h = new Date(t.clock.now().getTime() + 25 * 3_600_000).toISOString();
    expectError(await api.post('/v1/booking_sessions', { segments, expires_at: in25h }), 400, 'parameter_invalid', 'expires_at');
    expectError(await api.post('/v1/booking_sessions', { segments, allowed_origins: ['https://shop.example/page'] }), 400, 'parameter_invalid', 'allowed_origins[0]');
    expectError(await api.post('/v1/booking_sessions', { segments: [{ resource: 'res_nope', duration_minutes: 30 }] }), 404, 'resource_missing');
    const reader = api.withKey(await t.restrictedKey({ permissions: { bookings: 'read' }, account: api.accountId }));
    expectError(await reader.post('/v1/booking_sessions', { segments }), 403, 'permission_denied');
    const writer = api.withKey(await t.restrictedKey({ permissions: { bookings: 'write' }, account: api.accountId }));
    expect((await writer.post('/v1/booking_sessions', { segments })).status).toBe(200);
  });

  it('accepts a life of exactly 24 hours, and refuses a return_url that is not http(s) and a prefill without reference', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const segments = [{ resource: room.id, duration_minutes: 30 }];
    const in24h = new Date(t.clock.now().getTime() + 24 * 3_600_000).toISOString();
    const day = await api.post('/v1/booking_sessions', { segments, expires_at: in24h });
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    expect(Date.parse(day.body.expires_at)).toBe(Math.floor(Date.parse(in24h) / 1000) * 1000);
    expectError(await api.post('/v1/booking_sessions', { segments, return_url: 'javascript:alert(1)' }), 400, 'parameter_invalid', 'return_url');
    expectError(await api.post('/v1/booking_sessions', { segments, return_url: 'ftp://shop.example/booked' }), 400, 'parameter_invalid', 'return_url');
    const noReference = await api.post('/v1/booking_sessions', { segments, customer: { email: 'ada@example.com' } });
    expect(noReference.status, JSON.stringify(noReference.body)).toBe(400);
    expect(noReference.body.error.param).toBe('customer.reference');
  });

  it('keeps the window: 14 days from now by default, at most 366 days', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const segments = [{ resource: room.id, duration_minutes: 60 }];
    const made = await api.post('/v1/booking_sessions', { segments });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(Date.parse(made.body.search.to) - Date.parse(made.body.search.from)).toBe(14 * 86_400_000);
    expect(Math.abs(Date.parse(made.body.search.from) - t.clock.now().getTime())).toBeLessThan(60_000);
    const offered = (await new Client(t.app, made.body.client_secret).post('/v1/availability', { limit: 1000 })).body;
    expect(offered.slots.length).toBeGreaterThan(0);
    expect(offered.has_more).toBe(false);
    expect(offered.slots.every((s: any) => s.start >= made.body.search.from && s.end <= made.body.search.to)).toBe(true);
    const from = at(futureDay(2), '00:00');
    const plus = (days: number) => new Date(Date.parse(from) + days * 86_400_000).toISOString();
    expect((await api.post('/v1/booking_sessions', { segments, from, to: plus(366) })).status).toBe(200);
    expectError(await api.post('/v1/booking_sessions', { segments, from, to: plus(367) }), 400, 'parameter_invalid', 'to');
  });

  it("keeps the platform's metadata: shown to the key, copied onto the booking with booking_session, never shown to the client secret", async () => {
    const { api, day, session, browser } = await setup({ metadata: { order: 'o_1', channel: 'shop' } });
    expect(session.metadata).toEqual({ order: 'o_1', channel: 'shop' });
    expect((await api.get(`/v1/booking_sessions/${session.id}`)).body.metadata).toEqual({ order: 'o_1', channel: 'shop' });
    const own = await browser.get(`/v1/booking_sessions/${session.id}`);
    expect(own.status).toBe(200);
    expect(own.body.metadata).toEqual({});
    expect(JSON.stringify(own.body)).not.toContain('o_1');
    const hold = await browser.post('/v1/bookings', { start: at(day, '10:00') });
    expect(hold.body.metadata).toEqual({ order: 'o_1', channel: 'shop', booking_session: session.id });
    expect((await api.get(`/v1/bookings/${hold.body.id}`)).body.metadata).toEqual({ order: 'o_1', channel: 'shop', booking_session: session.id });
  });

  it('refuses to expire a completed session', async () => {
    const { api, day, session, browser } = await setup({ customer_fields: [] });
    const hold = (await browser.post('/v1/bookings', { start: at(day, '10:00') })).body;
    expect((await browser.post(`/v1/bookings/${hold.id}/confirm`)).body.status).toBe('confirmed');
    expectError(await api.post(`/v1/booking_sessions/${session.id}/expire`), 409, 'invalid_state_transition');
    expect((await api.get(`/v1/booking_sessions/${session.id}`)).body.status).toBe('completed');
    expect((await api.get(`/v1/bookings/${hold.id}`)).body.status).toBe('confirmed');
  });

  it('expires a session early: its client secret stops working, its hold is released, booking_session.expired is sent', async () => {
    const { api, day, session, browser } = await setup();
    const hold = await browser.post('/v1/bookings', { start: at(day, '10:00') });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    const expired = await api.post(`/v1/booking_sessions/${session.id}/expire`);
    expect(expired.body).toMatchObject({ status: 'expired', booking: hold.body.id });
    expectError(await browser.post('/v1/availability', {}), 401, 'booking_session_expired');
    expect((await api.get(`/v1/bookings/${hold.body.id}`)).body.status).toBe('cancelled');
    const [event] = await eventsOf(api, 'booking_session.expired', session.id);
    expect(event.actor).toMatchObject({ type: 'api_key' });
  });

  it('lets a session lapse at expires_at, and the worker writes booking_session.expired once', async () => {
    const { api, session, browser } = await setup();
    t.clock.advance(31 * 60_000);
    try {
      expectError(await browser.post('/v1/availability', {}), 401, 'booking_session_expired');
      expect((await api.get(`/v1/booking_sessions/${session.id}`)).body.status).toBe('expired');
      await t.runWorker('booking-sessions.expiry');
      await t.runWorker('booking-sessions.expiry');
      const events = await eventsOf(api, 'booking_session.expired', session.id);
      expect(events).toHaveLength(1);
      expect(events[0].actor).toEqual({ type: 'worker', id: 'booking-sessions.expiry' });
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe('booking sessions: the client secret', () => {
  it('searches, holds, fills in the customer, confirms and reads its booking, with the session as the actor', async () => {
    const { api, room, day, session, browser } = await setup({ customer_fields: ['name', 'email', 'phone'] });
    const own = await browser.get(`/v1/booking_sessions/${session.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: session.id, metadata: {}, business: { name: expect.any(String) } });
    const slots = await browser.post('/v1/availability', {});
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    expect(slots.body.slots.map((s: any) => s.start)).toEqual(['09', '10', '11', '12', '13', '14', '15', '16'].map((h) => at(day, `${h}:00`)));
    const hold = await browser.post('/v1/bookings', { start: at(day, '10:00') });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    expect(hold.body).toMatchObject({ status: 'pending', metadata: { booking_session: session.id }, customer: { reference: 'cus_42', email: 'ada@example.com' } });
    expect(hold.body.segments[0].resource).toBe(room.id);
    expect((await browser.post('/v1/availability', {})).body.slots.map((s: any) => s.start)).not.toContain(at(day, '10:00'));
    expectError(await browser.post(`/v1/bookings/${hold.body.id}/confirm`), 400, 'parameter_missing', 'customer.name');
    const filled = await browser.post(`/v1/bookings/${hold.body.id}`, { customer: { name: 'Ada Lovelace', phone: '+33612345678' } });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    expect(filled.body.customer).toMatchObject({ reference: 'cus_42', name: 'Ada Lovelace', email: 'ada@example.com', phone: '+33612345678' });
    const confirmed = await browser.post(`/v1/bookings/${hold.body.id}/confirm`);
    expect(confirmed.body.status).toBe('confirmed');
    expect((await browser.get(`/v1/bookings/${hold.body.id}`)).body.status).toBe('confirmed');
    expect((await api.get(`/v1/booking_sessions/${session.id}`)).body).toMatchObject({ status: 'completed', booking: hold.body.id });
    const [completed] = await eventsOf(api, 'booking_session.completed', session.id);
    expect(completed.actor).toEqual({ type: 'booking_session', id: session.id });
    const [created] = await eventsOf(api, 'booking.created', hold.body.id);
    expect(created.actor).toEqual({ type: 'booking_session', id: session.id });
    // Completed: it may still read its booking, and nothing else.
    expect((await browser.get(`/v1/bookings/${hold.body.id}`)).status).toBe(200);
    expectError(await browser.post('/v1/bookings', { start: at(day, '12:00') }), 401, 'booking_session_expired');
  });

  it('answers a window longer than one search (62 days) a page at a time: has_more and next_from lead to its end, each time once', async () => {
    const first = futureDay(5);
    const last = new Date(Date.parse(`${first}T00:00:00Z`) + 199 * 86_400_000).toISOString().slice(0, 10);
    const { browser } = await setup({ from: at(first, '00:00'), to: at(last, '23:59') });
    const starts: string[] = [];
    // limit 1000 holds more than 62 days of these times: the cap of one search ends each page.
    let page = await browser.post('/v1/availability', { limit: 1000 });
    for (let pages = 1; ; pages++) {
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      starts.push(...page.body.slots.map((s: any) => s.start));
      if (!page.body.has_more) {
        expect(page.body.next_from).toBeNull();
        expect(pages).toBe(4); // 200 days: 62 + 62 + 62 + 14
        break;
      }
      expect(page.body.next_from).toEqual(expect.any(String));
      page = await browser.post('/v1/availability', { from: page.body.next_from, limit: 1000 });
    }
    // Eight hours a day, every day of the window: none lost between pages, none given twice.
    expect(starts).toHaveLength(200 * 8);
    expect(new Set(starts).size).toBe(starts.length);
    expect(starts.at(-1)).toBe(at(last, '16:00'));
  });

  it('books the segment template: candidates, quantity and buffers reach the held and the confirmed booking', async () => {
    const api = await t.newAccount();
    const [a, b] = [await openResource(api, { capacity: 2 }), await openResource(api, { capacity: 2 })];
    const day = futureDay(5);
    const make = async (segments: unknown[]) => {
      const res = await api.post('/v1/booking_sessions', { segments, from: at(day, '00:00'), to: at(day, '23:59'), slot_interval_minutes: 60, customer_fields: [] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return new Client(t.app, res.body.client_secret);
    };
    const template = [{ resources: [a.id, b.id], duration_minutes: 60, quantity: 2, buffer_after_minutes: 15 }];
    const first = await make(template);
    const hold = await first.post('/v1/bookings', { start: at(day, '10:00') });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    expect(hold.body.segments).toHaveLength(1);
    expect(hold.body.segments[0]).toMatchObject({ resource: a.id, quantity: 2, buffer_after_minutes: 15 });
    const confirmed = await first.post(`/v1/bookings/${hold.body.id}/confirm`);
    expect(confirmed.body.status).toBe('confirmed');
    expect((await api.get(`/v1/bookings/${hold.body.id}`)).body.segments[0]).toMatchObject({ resource: a.id, quantity: 2, buffer_after_minutes: 15 });
    // a is full at 10:00 (and its buffer runs to 11:15): the next session gets the other candidate.
    const second = await make(template);
    expect((await second.post('/v1/bookings', { start: at(day, '10:00') })).body.segments[0]).toMatchObject({ resource: b.id, quantity: 2 });
    // With both full at 10:00 and 11:00 (buffer), a third is offered neither.
    const third = await make(template);
    const starts = (await third.post('/v1/availability', {})).body.slots.map((s: any) => s.start);
    expect(starts).not.toContain(at(day, '10:00'));
    expect(starts).not.toContain(at(day, '11:00'));
    expect(starts).toContain(at(day, '12:00'));
  });

  it("books a segment given by type: the account's active resources of that type are its candidates", async () => {
    const api = await t.newAccount();
    const studio = await openResource(api, { type: 'studio' });
    await openResource(api, { type: 'office' });
    const day = futureDay(5);
    const res = await api.post('/v1/booking_sessions', { segments: [{ type: 'studio', duration_minutes: 30 }], from: at(day, '00:00'), to: at(day, '23:59'), slot_interval_minutes: 30, customer_fields: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const browser = new Client(t.app, res.body.client_secret);
    const hold = await browser.post('/v1/bookings', { start: at(day, '09:30') });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    expect(hold.body.segments[0]).toMatchObject({ resource: studio.id, start: at(day, '09:30'), end: at(day, '10:00') });
  });

  it("lays the grid in the session's time zone, narrows a wider from/to to the window, and refuses fields of its own", async () => {
    // Kolkata is UTC+05:30: an hourly grid there starts at half past, in UTC.
    const { day, browser } = await setup({ timezone: 'Asia/Kolkata' });
    const slots = await browser.post('/v1/availability', {});
    expect(slots.body.timezone).toBe('Asia/Kolkata');
    expect(slots.body.slots.map((s: any) => s.start)).toEqual(['09', '10', '11', '12', '13', '14', '15'].map((h) => at(day, `${h}:30`)));
    const wider = await browser.post('/v1/availability', { from: at(futureDay(2), '00:00'), to: at(futureDay(9), '00:00') });
    expect(wider.body.slots).toEqual(slots.body.slots);
    const inside = await browser.post('/v1/availability', { from: at(day, '12:00'), to: at(day, '14:30') });
    expect(inside.body.slots.map((s: any) => s.start)).toEqual([at(day, '12:30'), at(day, '13:30')]);
    expectError(await browser.post('/v1/availability', { segments: [{ resource: 'res_x', duration_minutes: 15 }] }), 400, 'parameter_unknown');
    expectError(await browser.post('/v1/availability', { slot_interval_minutes: 5 }), 400, 'parameter_unknown');
  });

  it("answers 404 when the client secret reads another session, or another session's booking", async () => {
    const mine = await setup();
    const res = await mine.api.post('/v1/booking_sessions', { segments: [{ resource: mine.room.id, duration_minutes: 60 }], from: at(mine.day, '00:00'), to: at(mine.day, '23:59'), slot_interval_minutes: 60 });
    const theirs = { id: res.body.id, browser: new Client(t.app, res.body.client_secret) };
    const their = (await theirs.browser.post('/v1/bookings', { start: at(mine.day, '11:00') })).body;
    expectError(await mine.browser.get(`/v1/booking_sessions/${theirs.id}`), 404, 'resource_missing');
    expectError(await mine.browser.get(`/v1/bookings/${their.id}`), 404, 'resource_missing');
    expectError(await mine.browser.post(`/v1/bookings/${their.id}`, { customer: { name: 'X' } }), 404, 'resource_missing');
    expectError(await mine.browser.post(`/v1/bookings/${their.id}/confirm`), 404, 'resource_missing');
    expect((await theirs.browser.get(`/v1/bookings/${their.id}`)).body.status).toBe('pending');
  });

  it('refuses customer fields the session does not allow, and bookings that are not its own', async () => {
    const { api, room, day, browser } = await setup();
    const hold = (await browser.post('/v1/bookings', { start: at(day, '10:00') })).body;
    expectError(await browser.post(`/v1/bookings/${hold.id}`, { customer: { phone: '+33612345678' } }), 400, 'parameter_invalid', 'customer.phone');
    const other = await book(api, { segments: [seg(room.id, day, '14:00', '15:00')] });
    expectError(await browser.get(`/v1/bookings/${other.id}`), 404, 'resource_missing');
    expectError(await browser.post(`/v1/bookings/${other.id}/confirm`), 404, 'resource_missing');
    expectError(await browser.post(`/v1/bookings/${other.id}`, { customer: { name: 'X' } }), 404, 'resource_missing');
  });

  it('books through the planner every door uses: a taken time is not offered, and holding it loses with 409', async () => {
    const { api, room, day, browser } = await setup();
    await book(api, { segments: [seg(room.id, day, '10:00', '11:00')] });
    expect((await browser.post('/v1/availability', {})).body.slots.map((s: any) => s.start)).not.toContain(at(day, '10:00'));
    expectError(await browser.post('/v1/bookings', { start: at(day, '10:00') }), 409, 'booking_conflict');
    // Off the session's window or grid: never offered, so never held.
    expectError(await browser.post('/v1/bookings', { start: at(day, '10:30') }), 409, 'booking_conflict');
    expectError(await browser.post('/v1/bookings', { start: at(futureDay(8), '10:00') }), 409, 'booking_conflict');
  });

  it('lets exactly one of two sessions racing for the last unit hold it', async () => {
    const a = await setup();
    const res2 = await a.api.post('/v1/booking_sessions', { segments: [{ resource: a.room.id, duration_minutes: 60 }], from: at(a.day, '00:00'), to: at(a.day, '23:59'), slot_interval_minutes: 60 });
    const b = new Client(t.app, res2.body.client_secret);
    const results = await Promise.all([a.browser.post('/v1/bookings', { start: at(a.day, '11:00') }), b.post('/v1/bookings', { start: at(a.day, '11:00') })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('releases its earlier hold when it holds another time', async () => {
    const { api, day, browser } = await setup();
    const first = (await browser.post('/v1/bookings', { start: at(day, '10:00') })).body;
    const second = (await browser.post('/v1/bookings', { start: at(day, '11:00') })).body;
    expect((await api.get(`/v1/bookings/${first.id}`)).body).toMatchObject({ status: 'cancelled', cancellation_reason: 'booking_session_released' });
    expect(second.status).toBe('pending');
  });

  it('leaves a booking under approval requested: confirming completes the session, the business approves', async () => {
    const { api, day, session, browser } = await setup({ customer_fields: [] }, { booking_policy: { approval: 'required' } });
    const hold = (await browser.post('/v1/bookings', { start: at(day, '10:00') })).body;
    expect(hold.status).toBe('requested');
    const done = await browser.post(`/v1/bookings/${hold.id}/confirm`);
    expect(done.body.status).toBe('requested');
    expect((await api.get(`/v1/booking_sessions/${session.id}`)).body.status).toBe('completed');
    expect((await api.post(`/v1/bookings/${hold.id}/approve`)).body.status).toBe('confirmed');
  });

  it('leaves a hold under a deposit pending: confirming completes the session, the payment the platform records confirms it', async () => {
    const { api, day, session, browser } = await setup({ customer_fields: [] }, { booking_policy: { deposit: { amount: 2000, currency: 'EUR', hold_minutes: 15 } } });
    const hold = (await browser.post('/v1/bookings', { start: at(day, '10:00') })).body;
    expect(hold).toMatchObject({ status: 'pending', payment_status: 'required' });
    const done = await browser.post(`/v1/bookings/${hold.id}/confirm`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'pending', payment_status: 'required' });
    expect((await api.get(`/v1/booking_sessions/${session.id}`)).body.status).toBe('completed');
    // The client secret cannot record a payment: the platform's server does, with its key.
    expectError(await browser.post(`/v1/bookings/${hold.id}/payments`, { amount: 2000, currency: 'EUR', provider: 'stripe', reference: 'pi_1' }), 403, 'permission_denied');
    const paid = await api.post(`/v1/bookings/${hold.id}/payments`, { amount: 2000, currency: 'EUR', provider: 'stripe', reference: 'pi_1' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await api.get(`/v1/bookings/${hold.id}`)).body).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('answers 403 on every other route of the API, and changes nothing', async () => {
    const { api, browser } = await setup();
    const own = new Set(
      routeCatalogue(t.app)
        .filter((r) => r.access?.session)
        .map((r) => `${r.method} ${r.url}`),
    );
    const others = routeCatalogue(t.app).filter((r) => r.access && !r.access.public && r.method !== 'HEAD' && !own.has(`${r.method} ${r.url}`));
    expect(others.length).toBeGreaterThan(80);
    const wrong: string[] = [];
    for (const route of others) {
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, 'x_1');
      const res = await browser.request(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
      if (res.status !== 403 || res.body?.error?.code !== 'permission_denied') wrong.push(`${route.method} ${route.url} → ${res.status} ${res.body?.error?.code}`);
    }
    expect(wrong).toEqual([]);
    expect((await api.get('/v1/bookings')).body.data).toEqual([]);
  });

  it("is described in the OpenAPI document on exactly the operations it shares with keys, whose validation of a key's request stays the keys' own", async () => {
    const doc = (await t.api.get('/v1/openapi.json', undefined, { key: '' })).body;
    expect(doc.components.securitySchemes.clientSecret).toMatchObject({ type: 'http', scheme: 'bearer' });
    const shared = routeCatalogue(t.app)
      .filter((r) => r.access?.session && r.method !== 'OPTIONS' && r.method !== 'HEAD')
      .map((r) => [r.method.toLowerCase(), r.url.replace(/:id/, '{id}')] as const);
    expect(shared).toHaveLength(6);
    for (const [method, path] of shared) {
      const op = doc.paths[path][method];
      expect(op.security, `${method} ${path}`).toEqual([{ bearer: [] }, { clientSecret: [] }]);
      expect(op.description, `${method} ${path}`).toMatch(/With a booking session's client secret \(`bks_…`.*\): \w/);
    }
    const withClientSecret = Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item)).filter((op) => JSON.stringify(op.security ?? []).includes('clientSecret'));
    expect(withClientSecret).toHaveLength(6);
    expect(Object.keys(doc.paths).filter((p) => p.includes('client_secret'))).toEqual([]);

    const bodies = (method: string, path: string) => doc.paths[path][method].requestBody.content['application/json'].schema.anyOf;
    expect(bodies('post', '/v1/bookings')[0].title).toBe('With a key');
    expect(bodies('post', '/v1/bookings')[1]).toMatchObject({ title: "With a booking session's client secret", required: ['start'], additionalProperties: false });
    expect(Object.keys(bodies('post', '/v1/availability')[1].properties).sort()).toEqual(['from', 'limit', 'to']);
    expect(bodies('post', '/v1/bookings/{id}')[1].required).toEqual(['customer']);
    const session = doc.paths['/v1/booking_sessions/{id}'].get.responses['200'].content['application/json'].schema.anyOf;
    expect(session[0].properties.business).toBeUndefined();
    expect(session[1].properties.business.required).toEqual(['name', 'accent_color']);

    // A key sending the client secret's bodies is validated as before: they are not a key's bodies.
    const { api } = await setup();
    expectError(await api.post('/v1/bookings', { start: at(futureDay(5), '10:00') }), 400, 'parameter_missing', 'segments');
    expectError(await api.post('/v1/availability', { limit: 1 }), 400, 'parameter_missing', 'from');
  });

  it('answers 401 to an unknown or altered client secret', async () => {
    const { session } = await setup();
    const altered = new Client(t.app, session.client_secret.replace(/.{4}$/, 'AAAA'));
    expectError(await altered.post('/v1/availability', {}), 401, 'api_key_invalid');
    expectError(await new Client(t.app, 'bks_nothing').get('/v1/resources'), 401, 'api_key_invalid');
  });
});

describe('booking sessions: CORS', () => {
  it("answers a preflight, lets the session's allowed origin read its answers, and refuses any other origin", async () => {
    const { browser } = await setup();
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/v1/availability', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
    const allowed = await browser.post('/v1/availability', {}, { headers: { origin: ORIGIN } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
    const refused = await browser.post('/v1/availability', {}, { headers: { origin: 'https://evil.example' } });
    expectError(refused, 403, 'permission_denied');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const hold = await browser.post('/v1/bookings', { start: new Date().toISOString() }, { headers: { origin: 'https://evil.example' } });
    expectError(hold, 403, 'permission_denied');
  });

  it('answers a preflight with CORS headers only for an origin that an open session allows', async () => {
    const preflight = (origin: string) =>
      t.app.inject({ method: 'OPTIONS', url: '/v1/bookings', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    // An origin of its own: no other test's session lists it.
    const origin = `https://shop-${Date.now().toString(36)}.example`;
    const foreign = await preflight(origin);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-headers']).toBeUndefined();
    expect(foreign.headers.vary).toMatch(/Origin/);
    const { api, session } = await setup({ allowed_origins: [origin] });
    const allowed = await preflight(origin);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    expect(allowed.headers['access-control-allow-methods']).toMatch(/POST/);
    // Once its only session has ended, the origin is foreign again.
    await api.post(`/v1/booking_sessions/${session.id}/expire`);
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS header to keys', async () => {
    const { api } = await setup();
    const res = await api.get('/v1/resources', undefined, { headers: { origin: ORIGIN } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the hosted booking page', () => {
  it('serves the booker for a session, with its return_url, and 404 for an unknown secret', async () => {
    const { session } = await setup();
    const page = await t.app.inject({ method: 'GET', url: new URL(session.url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain(`<scheduling-booker client-secret="${session.client_secret}" return-url="https://shop.example/booked">`);
    const missing = await t.app.inject({ method: 'GET', url: `/book/${session.client_secret.replace(/.{4}$/, 'AAAA')}` });
    expect(missing.statusCode).toBe(404);
  });
});
