import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, expectError, setupTestApp, type TestContext } from '../support/harness.js';
import { book, eventsOf, iso, openResource, seg } from './bookings.helpers.js';

const t: TestContext = await setupTestApp();
const MIN = 60_000;
const DAY = '2031-05-14';
/** The version before deposits. */
const OLD = '2027-03-01';
const anonymous = new Client(t.app, '');
const pathOf = (url: string) => new URL(url).pathname.replace(/^\/manage\//, '/v1/manage/');

/** Business time is set per test; bookings are on DAY, from 10:00 UTC. */
const START = Date.parse(`${DAY}T10:00:00Z`);
const setClock = (msBeforeStart: number) => t.clock.set(new Date(START - msBeforeStart).toISOString());
const WEEK = 7 * 24 * 60 * MIN;
const DEPOSIT = { amount: 2000, currency: 'EUR', hold_minutes: 30 };

type Api = Client & { accountId: string };

async function setup(accountPolicy: Record<string, unknown> = { deposit: DEPOSIT }, resourcePolicy?: Record<string, unknown>) {
  setClock(WEEK);
  const api = await t.newAccount();
  expect((await api.post(`/v1/accounts/${api.accountId}`, { booking_policy: accountPolicy })).status).toBe(200);
  const room = await openResource(api, resourcePolicy ? { booking_policy: resourcePolicy } : {});
  return { api, room };
}

let references = 0;
const pay = (api: Api, id: string, amount: number, extra: Record<string, unknown> = {}) =>
  api.post(`/v1/bookings/${id}/payments`, { amount, currency: 'EUR', provider: 'stripe', reference: `pi_${++references}`, ...extra });

/** A booking made for the customer at 10:00 (or `from`), waiting for its deposit. */
const customerBooking = (api: Api, room: string, from = '10:00', to = '11:00', extra: Record<string, unknown> = {}) =>
  book(api, { segments: [seg(room, DAY, from, to)], requested: true, ...extra });

await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

async function mcpCall(api: Api, name: string, args: Record<string, unknown>): Promise<any> {
  const client = new McpClient({ name: 'test-agent', version: '1.0.0' });
  const headers = { Authorization: `Bearer ${t.testKey}`, 'Service-Account': api.accountId };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  try {
    return await client.callTool({ name, arguments: args });
  } finally {
    await client.close();
  }
}

describe('deposit in the booking policy', () => {
  it('reads back on accounts and resources, and refuses a hold of 0 minutes, an unknown currency or a zero amount', async () => {
    const { api, room } = await setup({ deposit: DEPOSIT }, { deposit: { amount: 500, currency: 'JPY', hold_minutes: 10 } });
    expect((await api.get(`/v1/accounts/${api.accountId}`)).body.booking_policy.deposit).toEqual(DEPOSIT);
    expect((await api.get(`/v1/resources/${room.id}`)).body.booking_policy.deposit).toEqual({ amount: 500, currency: 'JPY', hold_minutes: 10 });
    const bad = (deposit: unknown) => api.post(`/v1/resources/${room.id}`, { booking_policy: { deposit } });
    expectError(await bad({ ...DEPOSIT, hold_minutes: 0 }), 400, 'parameter_invalid');
    expectError(await bad({ ...DEPOSIT, hold_minutes: 10081 }), 400, 'parameter_invalid');
    expectError(await bad({ ...DEPOSIT, amount: 0 }), 400, 'parameter_invalid');
    expectError(await bad({ ...DEPOSIT, currency: 'XYZ' }), 400, 'parameter_invalid', 'booking_policy.deposit.currency');
    expect((await bad(null)).body.booking_policy.deposit).toBeNull();
  });

  it('starts a booking made for the customer pending, payment required, held hold_minutes; the business books as before', async () => {
    const { api, room } = await setup();
    const b = await customerBooking(api, room.id);
    expect(b).toMatchObject({ status: 'pending', payment_status: 'required', deposit: { amount: 2000, currency: 'EUR', hold_minutes: 30 }, amount_paid: 0, payments: [], refunds: [] });
    expect(Date.parse(b.expires_at)).toBe(START - WEEK + 30 * MIN);
    // It holds its time.
    expectError(await api.post('/v1/bookings', { segments: [seg(room.id, DAY, '10:30', '11:30')] }), 409, 'booking_conflict');
    const direct = await book(api, { segments: [seg(room.id, DAY, '12:00', '13:00')] });
    expect(direct).toMatchObject({ status: 'confirmed', deposit: null, payment_status: null });
    // Confirming it without the deposit is refused: the payment is the way.
    const refused = expectError(await api.post(`/v1/bookings/${b.id}/confirm`), 409, 'policy_violation');
    expect(refused.message).toMatch(/deposit of 2000 EUR/);
    expectError(await api.post('/v1/bookings', { replaces: b.id, status: 'confirmed', segments: [seg(room.id, DAY, '14:00', '15:00')] }), 409, 'policy_violation');
  });
});

describe('payments', () => {
  it('counts partial payments and confirms the booking once they reach the deposit', async () => {
    const { api, room } = await setup();
    const b = await customerBooking(api, room.id);
    const first = (await pay(api, b.id, 1500)).body;
    expect(first).toMatchObject({ object: 'payment', id: expect.stringMatching(/^pay_/), amount: 1500, currency: 'EUR', provider: 'stripe' });
    expect(first.booking).toMatchObject({ status: 'pending', payment_status: 'partially_paid', amount_paid: 1500 });
    const second = (await pay(api, b.id, 500)).body;
    expect(second.booking).toMatchObject({ status: 'confirmed', payment_status: 'paid', amount_paid: 2000, expires_at: null });
    expect(second.booking.payments.map((p: any) => p.id)).toEqual([first.id, second.id]);
    expect((await eventsOf(api, 'booking.payment_recorded', b.id)).map((e) => e.data.payment.amount).sort()).toEqual([1500, 500]);
    const [confirmed] = await eventsOf(api, 'booking.confirmed', b.id);
    expect(confirmed.data.previous_attributes).toMatchObject({ status: 'pending' });
    // Paid: no more payments.
    expectError(await pay(api, b.id, 100), 409, 'invalid_state_transition');
  });

  it('accepts a payment one second before the hold ends, and refuses one at its end: the booking stays expired', async () => {
    const { api, room } = await setup();
    const inTime = await customerBooking(api, room.id);
    const late = await customerBooking(api, (await openResource(api)).id);
    t.clock.advance(30 * MIN - 1000);
    expect((await pay(api, inTime.id, 2000)).body.booking.status).toBe('confirmed');
    t.clock.advance(1000);
    const refused = expectError(await pay(api, late.id, 2000), 409, 'invalid_state_transition');
    expect(refused.message).toMatch(/expired .* before its deposit was paid/);
    const after = (await api.get(`/v1/bookings/${late.id}`)).body;
    expect(after).toMatchObject({ status: 'expired', payments: [], payment_status: 'required' });
  });

  it('records a payment sent twice once: the same payment comes back, and nothing is written again', async () => {
    const { api, room } = await setup();
    const b = await customerBooking(api, room.id);
    const body = { amount: 1000, currency: 'EUR', provider: 'stripe', reference: 'pi_twice' };
    const once = await api.post(`/v1/bookings/${b.id}/payments`, body);
    const again = await api.post(`/v1/bookings/${b.id}/payments`, body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(once.body.id);
    expect(again.body.booking).toMatchObject({ amount_paid: 1000, payment_status: 'partially_paid' });
    expect(again.body.booking.payments).toHaveLength(1);
    expect(await eventsOf(api, 'booking.payment_recorded', b.id)).toHaveLength(1);
    // The same reference with another amount, or on another booking, is refused.
    expectError(await api.post(`/v1/bookings/${b.id}/payments`, { ...body, amount: 999 }), 400, 'idempotency_key_reused', 'reference');
    const other = await customerBooking(api, room.id, '12:00', '13:00');
    expectError(await api.post(`/v1/bookings/${other.id}/payments`, body), 400, 'idempotency_key_reused', 'reference');
    // The same reference at another provider is another payment.
    expect((await api.post(`/v1/bookings/${other.id}/payments`, { ...body, provider: 'adyen' })).status).toBe(200);
  });

  it('refuses a payment in another currency, on a booking without a deposit, and bad input, with clear errors', async () => {
    const { api, room } = await setup();
    const b = await customerBooking(api, room.id);
    expectError(await pay(api, b.id, 2000, { currency: 'USD' }), 400, 'parameter_invalid', 'currency');
    expectError(await pay(api, b.id, 0), 400, 'parameter_invalid');
    expectError(await pay(api, b.id, 10.5), 400, 'parameter_invalid');
    expectError(await pay(api, b.id, 2000, { reference: ' ' }), 400, 'parameter_invalid');
    expectError(await pay(api, b.id, 2000, { extra: 1 }), 400, 'parameter_unknown');
    expectError(await pay(api, 'bk_nope', 2000), 404, 'resource_missing');
    const plain = await book(api, { segments: [seg(room.id, DAY, '12:00', '13:00')] });
    expectError(await pay(api, plain.id, 2000), 409, 'invalid_state_transition');
    expect((await api.get(`/v1/bookings/${b.id}`)).body.payments).toEqual([]);
  });

  it('confirms on a single payment above the deposit', async () => {
    const { api, room } = await setup();
    const b = await customerBooking(api, room.id);
    expect((await pay(api, b.id, 2500)).body.booking).toMatchObject({ status: 'confirmed', payment_status: 'paid', amount_paid: 2500 });
  });
});

describe('cancels, declines and expiry', () => {
  it('records a refund due for a cancel before the cutoff, with booking.refund_due', async () => {
    const { api, room } = await setup({ deposit: DEPOSIT, cancel_cutoff_minutes: 1440 });
    const b = await customerBooking(api, room.id);
    await pay(api, b.id, 2000);
    setClock(1440 * MIN);
    const cancelled = (await api.post(`/v1/bookings/${b.id}/cancel`)).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'refund_due', charges: [] });
    expect(cancelled.refunds).toEqual([
      { id: expect.stringMatching(/^rfd_/), amount: 2000, currency: 'EUR', reason: 'cancelled', status: 'due', created_at: new Date(START - 1440 * MIN).toISOString() },
    ]);
    const [due] = await eventsOf(api, 'booking.refund_due', b.id);
    expect(due.data.refund).toEqual(cancelled.refunds[0]);
  });

  it('keeps the deposit as the late-cancel fee for a cancel inside the window, instead of the late_cancel_fee', async () => {
    const policy = { deposit: DEPOSIT, cancel_cutoff_minutes: 1440, late_cancel_fee: { amount: 5000, currency: 'EUR' } };
    const { api, room } = await setup(policy);
    const b = await customerBooking(api, room.id);
    await pay(api, b.id, 2000);
    setClock(1440 * MIN - 1000);
    expectError(await api.post(`/v1/bookings/${b.id}/cancel`), 409, 'policy_violation');
    const cancelled = (await api.post(`/v1/bookings/${b.id}/cancel`, { override_policy: true })).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_status: 'paid', refunds: [] });
    expect(cancelled.charges).toMatchObject([{ type: 'late_cancel', amount: 2000, currency: 'EUR', status: 'settled' }]);
    expect(await eventsOf(api, 'booking.refund_due', b.id)).toHaveLength(0);
    expect(await eventsOf(api, 'booking.charge_due', b.id)).toHaveLength(0);
  });

  it('cancels an unpaid hold without a refund', async () => {
    const { api, room } = await setup();
    const b = await customerBooking(api, room.id);
    expect((await api.post(`/v1/bookings/${b.id}/cancel`)).body).toMatchObject({ status: 'cancelled', payment_status: 'required', refunds: [] });
  });

  it('expires a partly paid hold with the worker and records what was paid as due back', async () => {
    const { api, room } = await setup();
    const b = await customerBooking(api, room.id);
    await pay(api, b.id, 800);
    t.clock.advance(30 * MIN);
    await t.runWorker('booking-expiry');
    const expired = (await api.get(`/v1/bookings/${b.id}`)).body;
    expect(expired).toMatchObject({ status: 'expired', payment_status: 'refund_due', refunds: [{ amount: 800, reason: 'expired', status: 'due' }] });
    expect((await eventsOf(api, 'booking.refund_due', b.id))[0].data.refund.amount).toBe(800);
    const [expiredEvent] = await eventsOf(api, 'booking.expired', b.id);
    expect(expiredEvent.data.previous_attributes).toEqual({ status: 'pending', payment_status: 'partially_paid', refunds: [] });
  });

  it('declines a partly paid request at its approval timeout and records the refund', async () => {
    const { api, room } = await setup({ deposit: DEPOSIT, approval: 'required', approval_timeout_minutes: 60 });
    const b = await customerBooking(api, room.id);
    await pay(api, b.id, 300);
    t.clock.advance(60 * MIN);
    await t.runWorker('booking-expiry');
    expect((await api.get(`/v1/bookings/${b.id}`)).body).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'approval_timeout',
      payment_status: 'refund_due',
      refunds: [{ amount: 300, reason: 'declined' }],
    });
    expect(await eventsOf(api, 'booking.refund_due', b.id)).toHaveLength(1);
  });

  it('under approval and a deposit: payments wait for the approval, which confirms a paid request and holds an unpaid one', async () => {
    const { api, room } = await setup({ deposit: DEPOSIT, approval: 'required', approval_timeout_minutes: 600 });
    const paid = await customerBooking(api, room.id);
    expect(paid).toMatchObject({ status: 'requested', payment_status: 'required' });
    expect((await pay(api, paid.id, 2000)).body.booking).toMatchObject({ status: 'requested', payment_status: 'paid' });
    expect((await api.post(`/v1/bookings/${paid.id}/approve`)).body.status).toBe('confirmed');
    const unpaid = await customerBooking(api, room.id, '12:00', '13:00');
    const approved = (await api.post(`/v1/bookings/${unpaid.id}/approve`)).body;
    expect(approved).toMatchObject({ status: 'pending', payment_status: 'required' });
    expect(Date.parse(approved.expires_at)).toBe(START - WEEK + 30 * MIN);
    // To a client before deposits, that approval is an update of a pending booking, not a confirm.
    const oldEvents = (await api.get('/v1/events', { type: 'booking.*', limit: 100 }, { version: OLD })).body.data.filter((e: any) => e.data.object.id === unpaid.id);
    expect(oldEvents.map((e: any) => e.type).sort()).toEqual(['booking.created', 'booking.requested', 'booking.updated']);
    const declinedOne = await customerBooking(api, room.id, '14:00', '15:00');
    await pay(api, declinedOne.id, 700);
    const declined = (await api.post(`/v1/bookings/${declinedOne.id}/decline`, { reason: 'closed' })).body;
    expect(declined).toMatchObject({ status: 'cancelled', payment_status: 'refund_due', refunds: [{ amount: 700, reason: 'declined' }] });
  });
});

describe('every door', () => {
  it('MCP: book waits for the deposit, record_payment confirms it, a repeat is the same payment', async () => {
    const { api, room } = await setup();
    const booked = await mcpCall(api, 'book', { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    expect(booked.structuredContent).toMatchObject({ status: 'pending', payment_status: 'required' });
    const args = { booking_id: booked.structuredContent.id, amount: 2000, currency: 'EUR', provider: 'stripe', reference: 'pi_agent' };
    const paid = await mcpCall(api, 'record_payment', args);
    expect(paid.structuredContent.booking).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const again = await mcpCall(api, 'record_payment', args);
    expect(again.structuredContent.id).toBe(paid.structuredContent.id);
    const held = await mcpCall(api, 'hold_booking', { segments: [seg(room.id, DAY, '12:00', '13:00')] });
    expect(Date.parse(held.structuredContent.expires_at)).toBe(START - WEEK + 30 * MIN);
    // A read-only key does not see the tool's route.
    const reader = await t.restrictedKey({ permissions: { bookings: 'read' } });
    const readOnly = await new Client(t.app, reader).withAccount(api.accountId).post(`/v1/bookings/${held.structuredContent.id}/payments`, { amount: 1, currency: 'EUR', provider: 'p', reference: 'r' });
    expectError(readOnly, 403, 'permission_denied');
  });

  it('keeps the hold of a deposit moved for the customer (hold_booking, requested: true) to hold_minutes, whatever expires_at it asks; the business may extend it', async () => {
    const { api, room } = await setup();
    const held = (await mcpCall(api, 'hold_booking', { segments: [seg(room.id, DAY, '10:00', '11:00')] })).structuredContent;
    expect(Date.parse(held.expires_at)).toBe(START - WEEK + 30 * MIN);
    const sixDays = iso(START - WEEK + 6 * 24 * 60 * MIN);
    const rehold = await mcpCall(api, 'hold_booking', { replaces: held.id, expires_at: sixDays, segments: [seg(room.id, DAY, '11:00', '12:00')] });
    expect(rehold.structuredContent).toMatchObject({ status: 'pending', payment_status: 'required', expires_at: held.expires_at, replaces: held.id });
    const viaKey = await book(api, { replaces: rehold.structuredContent.id, requested: true, status: 'pending', expires_at: sixDays, segments: [seg(room.id, DAY, '12:00', '13:00')] });
    expect(viaKey).toMatchObject({ status: 'pending', expires_at: held.expires_at });
    // The hold ends at hold_minutes: the time is free then.
    setClock(WEEK - 30 * MIN);
    expect((await api.get(`/v1/bookings/${viaKey.id}`)).body.status).toBe('expired');
    // The business's own key may hold longer, as with expires_at on POST /v1/bookings/{id}.
    setClock(WEEK);
    const other = await customerBooking(api, room.id, '14:00', '15:00');
    const extended = await book(api, { replaces: other.id, status: 'pending', expires_at: sixDays, segments: [seg(room.id, DAY, '15:00', '16:00')] });
    expect(extended).toMatchObject({ status: 'pending', payment_status: 'required', expires_at: sixDays });
  });

  it('manage links: a move carries the payments to the new booking, a cancel before the cutoff records the refund', async () => {
    const { api, room } = await setup({ deposit: DEPOSIT, cancel_cutoff_minutes: 60 });
    const b = await customerBooking(api, room.id);
    await pay(api, b.id, 2000);
    const link = (await api.post(`/v1/bookings/${b.id}/manage_links`, {})).body;
    const moved = await anonymous.post(`${pathOf(link.url)}/reschedule`, { start: `${DAY}T12:00:00Z` });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const now = (await api.get('/v1/bookings', { status: 'confirmed' })).body.data[0];
    expect(now).toMatchObject({ replaces: b.id, payment_status: 'paid', amount_paid: 2000 });
    expect((await api.get(`/v1/bookings/${b.id}`)).body).toMatchObject({ status: 'cancelled', deposit: null, payments: [], refunds: [] });
    const cancelled = await anonymous.post(`${pathOf(link.url)}/cancel`, {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await api.get(`/v1/bookings/${now.id}`)).body).toMatchObject({ status: 'cancelled', payment_status: 'refund_due', refunds: [{ amount: 2000 }] });
  });

  it('series occurrences and imports are made by the business: no deposit', async () => {
    const { api, room } = await setup();
    const series = (await api.post('/v1/series', {
      rrule: 'FREQ=DAILY;COUNT=2',
      start_date: DAY,
      start_time: '10:00',
      template: { segments: [{ resource: room.id, duration_minutes: 60 }] },
    })).body;
    expect(series.id, JSON.stringify(series)).toBeTruthy();
    const occurrences = (await api.get('/v1/bookings', { series: series.id })).body.data;
    expect(occurrences.map((o: any) => [o.status, o.payment_status])).toEqual([
      ['confirmed', null],
      ['confirmed', null],
    ]);
    const imported = (await api.post('/v1/bookings/import', { bookings: [{ segments: [seg(room.id, '2031-05-20', '10:00', '11:00')], status: 'pending' }] })).body;
    expect(imported.data[0]).toMatchObject({ deposit: null, payment_status: null });
  });
});

describe('older API versions', () => {
  it('shows no deposit fields, no deposit in the policy and no payment or refund events before 2027-03-15', async () => {
    const { api, room } = await setup({ deposit: DEPOSIT, cancel_cutoff_minutes: 60 });
    const b = await customerBooking(api, room.id);
    const paid = await pay(api, b.id, 2000);
    const old = (await api.get(`/v1/bookings/${b.id}`, undefined, { version: OLD })).body;
    expect(old.status).toBe('confirmed');
    for (const field of ['deposit', 'payment_status', 'amount_paid', 'payments', 'refunds']) expect(old).not.toHaveProperty(field);
    expect(old).toHaveProperty('charges');
    expect((await api.get(`/v1/accounts/${api.accountId}`, undefined, { version: OLD })).body.booking_policy).not.toHaveProperty('deposit');
    const repeat = { amount: 2000, currency: 'EUR', provider: 'stripe', reference: paid.body.reference };
    const oldRepeat = (await api.post(`/v1/bookings/${b.id}/payments`, repeat, { version: OLD })).body;
    expect(oldRepeat.id).toBe(paid.body.id);
    expect(oldRepeat.booking).not.toHaveProperty('payment_status');
    await api.post(`/v1/bookings/${b.id}/cancel`);
    const types = (await api.get('/v1/events', { type: 'booking.*', limit: 100 }, { version: OLD })).body.data.map((e: any) => e.type);
    expect(types).not.toContain('booking.payment_recorded');
    expect(types).not.toContain('booking.refund_due');
    expect(types).toContain('booking.confirmed');
  });
});
