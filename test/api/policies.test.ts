import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, expectError, setupTestApp, type TestContext } from '../support/harness.js';
import { book, eventsOf, openResource, seg } from './bookings.helpers.js';

const t: TestContext = await setupTestApp();
const MIN = 60_000;
const DAY = '2031-05-14';
const OLD = '2027-01-10';
const anonymous = new Client(t.app, '');
const pathOf = (url: string) => new URL(url).pathname.replace(/^\/manage\//, '/v1/manage/');

/** Business time is set per test; bookings are on DAY at 10:00 UTC. */
const START = Date.parse(`${DAY}T10:00:00Z`);
const setClock = (msBeforeStart: number) => t.clock.set(new Date(START - msBeforeStart).toISOString());

async function setup(accountPolicy: Record<string, unknown>, resourcePolicy?: Record<string, unknown>) {
  setClock(7 * 24 * 60 * MIN);
  const api = await t.newAccount();
  expect((await api.post(`/v1/accounts/${api.accountId}`, { booking_policy: accountPolicy })).status).toBe(200);
  const room = await openResource(api, resourcePolicy ? { booking_policy: resourcePolicy } : {});
  return { api, room };
}

await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

/** One MCP tool call through the SDK's client, with the platform's secret key for the account. */
async function mcpCall(api: Client & { accountId: string }, name: string, args: Record<string, unknown>): Promise<any> {
  const client = new McpClient({ name: 'test-agent', version: '1.0.0' });
  const headers = { Authorization: `Bearer ${t.testKey}`, 'Service-Account': api.accountId };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  try {
    return await client.callTool({ name, arguments: args });
  } finally {
    await client.close();
  }
}

describe('booking_policy on accounts and resources', () => {
  it('reads back every field, the resource overriding the account field by field, and refuses bad values', async () => {
    const { api, room } = await setup({ approval: 'required', cancel_cutoff_minutes: 1440 }, { cancel_cutoff_minutes: 60 });
    const account = (await api.get(`/v1/accounts/${api.accountId}`)).body;
    expect(account.booking_policy).toEqual({
      approval: 'required',
      approval_timeout_minutes: null,
      cancel_cutoff_minutes: 1440,
      reschedule_cutoff_minutes: null,
      late_cancel_fee: null,
      no_show_fee: null,
      deposit: null,
    });
    expect((await api.get(`/v1/resources/${room.id}`)).body.booking_policy).toMatchObject({ approval: null, cancel_cutoff_minutes: 60 });
    expectError(await api.post(`/v1/resources/${room.id}`, { booking_policy: { approval: 'sometimes' } }), 400, 'parameter_invalid');
    expectError(await api.post(`/v1/resources/${room.id}`, { booking_policy: { approval_timeout_minutes: 0 } }), 400, 'parameter_invalid');
    expectError(await api.post(`/v1/resources/${room.id}`, { booking_policy: { cancel_cutoff_minutes: -1 } }), 400, 'parameter_invalid');
    const cleared = (await api.post(`/v1/resources/${room.id}`, { booking_policy: { cancel_cutoff_minutes: null } })).body;
    expect(cleared.booking_policy.cancel_cutoff_minutes).toBeNull();
    const old = (await api.get(`/v1/resources/${room.id}`, undefined, { version: OLD })).body;
    expect(old).not.toHaveProperty('booking_policy');
  });
});

describe('approval', () => {
  it('starts a booking made for the customer as requested, holding its time, until approved', async () => {
    const { api, room } = await setup({ approval: 'required', approval_timeout_minutes: 120 });
    const direct = await book(api, { segments: [seg(room.id, DAY, '09:00', '10:00')] });
    expect(direct.status).toBe('confirmed');
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')], requested: true });
    expect(b.status).toBe('requested');
    expect(Date.parse(b.expires_at)).toBe(Date.parse(new Date(START - 7 * 24 * 60 * MIN).toISOString()) + 120 * MIN);
    // It holds capacity like a pending hold.
    expectError(await api.post('/v1/bookings', { segments: [seg(room.id, DAY, '10:30', '11:30')] }), 409, 'booking_conflict');
    expect((await api.get('/v1/bookings', { status: 'requested' })).body.data.map((x: any) => x.id)).toEqual([b.id]);
    const approved = (await api.post(`/v1/bookings/${b.id}/approve`)).body;
    expect(approved).toMatchObject({ status: 'confirmed', expires_at: null });
    expectError(await api.post(`/v1/bookings/${b.id}/approve`), 409, 'invalid_state_transition');
    expect((await eventsOf(api, 'booking.requested', b.id)).length).toBe(1);
    expect((await eventsOf(api, 'booking.approved', b.id))[0].data.previous_attributes).toMatchObject({ status: 'requested' });
  });

  it('declines with a reason, freeing the time', async () => {
    const { api, room } = await setup({}, { approval: 'required' });
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')], requested: true });
    expect(b.status).toBe('requested');
    const declined = (await api.post(`/v1/bookings/${b.id}/decline`, { reason: 'fully booked that day' })).body;
    expect(declined).toMatchObject({ status: 'cancelled', cancellation_reason: 'fully booked that day' });
    await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    expect((await eventsOf(api, 'booking.declined', b.id)).length).toBe(1);
    // Declining a booking that was never requested is refused.
    const other = await book(api, { segments: [seg(room.id, DAY, '12:00', '13:00')] });
    expectError(await api.post(`/v1/bookings/${other.id}/decline`), 409, 'invalid_state_transition');
  });

  it('declines a request past its timeout: reads as cancelled at once, the worker writes it with booking.declined', async () => {
    const { api, room } = await setup({ approval: 'required', approval_timeout_minutes: 30 });
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')], requested: true });
    t.clock.advance(30 * MIN - 1000);
    expect((await api.get(`/v1/bookings/${b.id}`)).body.status).toBe('requested');
    t.clock.advance(1000);
    expect((await api.get(`/v1/bookings/${b.id}`)).body.status).toBe('cancelled');
    expectError(await api.post(`/v1/bookings/${b.id}/approve`), 409, 'invalid_state_transition');
    // The time is free before the worker runs.
    const taker = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    expect(taker.status).toBe('confirmed');
    await t.runWorker('booking-expiry');
    const [event] = await eventsOf(api, 'booking.declined', b.id);
    expect(event.data.object).toMatchObject({ status: 'cancelled', cancellation_reason: 'approval_timeout' });
    expect((await api.get('/v1/bookings', { status: 'cancelled' })).body.data.map((x: any) => x.id)).toEqual([b.id]);
  });

  it('makes MCP tools book as the customer: requested under approval, and approve_booking and decline_booking act on it', async () => {
    const { api, room } = await setup({ approval: 'required' });
    const booked = await mcpCall(api, 'book', { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    expect(booked.structuredContent.status).toBe('requested');
    const approved = await mcpCall(api, 'approve_booking', { booking_id: booked.structuredContent.id });
    expect(approved.structuredContent.status).toBe('confirmed');
    const held = await mcpCall(api, 'hold_booking', { segments: [seg(room.id, DAY, '12:00', '13:00')] });
    expect(held.structuredContent.status).toBe('requested');
    const declined = await mcpCall(api, 'decline_booking', { booking_id: held.structuredContent.id, reason: 'no' });
    expect(declined.structuredContent).toMatchObject({ status: 'cancelled', cancellation_reason: 'no' });
  });

  it('keeps a request requested when it is replaced, whoever asks and whatever status: only approve confirms it', async () => {
    const { api, room } = await setup({ approval: 'required', approval_timeout_minutes: 120 });
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')], requested: true });
    const asRequest = { status: 'requested', expires_at: b.expires_at };
    const viaBook = (await mcpCall(api, 'book', { replaces: b.id, segments: [seg(room.id, DAY, '11:00', '12:00')] })).structuredContent;
    expect(viaBook).toMatchObject({ ...asRequest, replaces: b.id });
    const sixDays = new Date(START - 24 * 60 * MIN).toISOString();
    const viaHold = (await mcpCall(api, 'hold_booking', { replaces: viaBook.id, expires_at: sixDays, segments: [seg(room.id, DAY, '12:00', '13:00')] })).structuredContent;
    expect(viaHold).toMatchObject(asRequest);
    const confirmed = await mcpCall(api, 'confirm_booking', { booking_id: viaHold.id });
    expect(JSON.parse(confirmed.content[0].text).error.code).toBe('invalid_state_transition');
    const viaKey = await book(api, { replaces: viaHold.id, requested: true, segments: [seg(room.id, DAY, '13:00', '14:00')] });
    expect(viaKey).toMatchObject(asRequest);
    // The business's own key asking confirmed does not approve it either: approve does.
    const viaBusiness = await book(api, { replaces: viaKey.id, status: 'confirmed', segments: [seg(room.id, DAY, '14:00', '15:00')] });
    expect(viaBusiness).toMatchObject(asRequest);
    expect(await eventsOf(api, 'booking.confirmed')).toEqual([]);
    expect(await eventsOf(api, 'booking.approved')).toEqual([]);
    expect((await api.post(`/v1/bookings/${viaBusiness.id}/approve`)).body.status).toBe('confirmed');
  });

  it('shows a requested booking as pending to a client pinned before 2027-02-01, and its events as it knew them', async () => {
    const { api, room } = await setup({ approval: 'required' });
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')], requested: true, customer: { reference: 'c1' } });
    const old = (await api.get(`/v1/bookings/${b.id}`, undefined, { version: OLD })).body;
    expect(old.status).toBe('pending');
    expect(old).not.toHaveProperty('policy_overrides');
    expect(old).not.toHaveProperty('customer');
    await api.post(`/v1/bookings/${b.id}/approve`);
    const oldEvents = (await api.get('/v1/events', { type: 'booking.*', limit: 100 }, { version: OLD })).body.data.map((e: any) => e.type);
    expect(oldEvents.sort()).toEqual(['booking.confirmed', 'booking.created']);
  });
});

describe('cancel and reschedule windows', () => {
  it('allows a cancel exactly at the cutoff and refuses it one second later, with policy_violation', async () => {
    const { api, room } = await setup({ cancel_cutoff_minutes: 1440 });
    const a = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    const b = await book(api, { segments: [seg((await openResource(api)).id, DAY, '10:00', '11:00')] });
    setClock(1440 * MIN);
    expect((await api.post(`/v1/bookings/${a.id}/cancel`)).body.status).toBe('cancelled');
    setClock(1440 * MIN - 1000);
    const err = expectError(await api.post(`/v1/bookings/${b.id}/cancel`), 409, 'policy_violation');
    expect(err.message).toMatch(/1440 minutes before the start/);
    expect((await api.get(`/v1/bookings/${b.id}`)).body.status).toBe('confirmed');
  });

  it('lets a secret key override the window and records it; a restricted key may not', async () => {
    const { api, room } = await setup({}, { cancel_cutoff_minutes: 60, reschedule_cutoff_minutes: 120 });
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    setClock(90 * MIN);
    expectError(await api.post(`/v1/bookings/${b.id}/reschedule`, { segments: [seg(room.id, DAY, '12:00', '13:00')] }), 409, 'policy_violation');
    const restricted = await t.restrictedKey({ permissions: { bookings: 'write' } });
    const viaRestricted = await new Client(t.app, restricted).withAccount(api.accountId).post(`/v1/bookings/${b.id}/reschedule`, {
      segments: [seg(room.id, DAY, '12:00', '13:00')],
      override_policy: true,
    });
    expectError(viaRestricted, 403, 'permission_denied', 'override_policy');
    const moved = (await api.post(`/v1/bookings/${b.id}/reschedule`, { segments: [seg(room.id, DAY, '12:00', '13:00')], override_policy: true })).body;
    expect(moved.policy_overrides).toEqual([{ rule: 'reschedule_cutoff_minutes', action: 'reschedule', at: new Date(START - 90 * MIN).toISOString() }]);
    // The cancel window (60) is not reached yet at 90 minutes before 12:00's booking: no override needed.
    expect((await api.post(`/v1/bookings/${moved.id}/cancel`)).body.policy_overrides).toHaveLength(1);
  });

  it('holds the window at the customer doors: a manage link and the MCP tools, whatever the key', async () => {
    const { api, room } = await setup({ cancel_cutoff_minutes: 1440, reschedule_cutoff_minutes: 1440 });
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    const link = (await api.post(`/v1/bookings/${b.id}/manage_links`, {})).body;
    setClock(60 * MIN);
    expectError(await anonymous.post(`${pathOf(link.url)}/cancel`, {}), 409, 'policy_violation');
    const cancelled = await mcpCall(api, 'cancel_booking', { booking_id: b.id });
    expect(cancelled.isError).toBe(true);
    expect(JSON.parse(cancelled.content[0].text).error.code).toBe('policy_violation');
    const moved = await mcpCall(api, 'reschedule_booking', { booking_id: b.id, segments: [seg(room.id, DAY, '12:00', '13:00')] });
    expect(JSON.parse(moved.content[0].text).error.code).toBe('policy_violation');
    expect((await api.get(`/v1/bookings/${b.id}`)).body.status).toBe('confirmed');
  });
});

describe('fees', () => {
  it('adds a no_show charge with booking.charge_due, settled once, and hidden from older versions', async () => {
    const { api, room } = await setup({ no_show_fee: { amount: 2000, currency: 'EUR' } });
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    setClock(-5 * MIN);
    const missed = (await api.post(`/v1/bookings/${b.id}/no_show`)).body;
    expect(missed.charges).toEqual([
      { id: expect.stringMatching(/^chg_/), type: 'no_show', amount: 2000, currency: 'EUR', status: 'due', created_at: expect.any(String), closed_at: null },
    ]);
    const [due] = await eventsOf(api, 'booking.charge_due', b.id);
    expect(due.data.charge).toMatchObject({ id: missed.charges[0].id, status: 'due' });
    const settled = (await api.post(`/v1/bookings/${b.id}/charges/${missed.charges[0].id}/settle`)).body;
    expect(settled.charges[0]).toMatchObject({ status: 'settled', closed_at: expect.any(String) });
    expectError(await api.post(`/v1/bookings/${b.id}/charges/${missed.charges[0].id}/waive`), 409, 'invalid_state_transition');
    expectError(await api.post(`/v1/bookings/${b.id}/charges/chg_nope/settle`), 404, 'resource_missing');
    expect((await api.get(`/v1/bookings/${b.id}`, undefined, { version: OLD })).body).not.toHaveProperty('charges');
    const oldTypes = (await api.get('/v1/events', { type: 'booking.*', limit: 100 }, { version: OLD })).body.data.map((e: any) => e.type);
    expect(oldTypes).not.toContain('booking.charge_due');
  });

  it('charges the late_cancel fee for a cancel inside the window, not before it; and a fee can be waived', async () => {
    const { api, room } = await setup({ cancel_cutoff_minutes: 1440, late_cancel_fee: { amount: 1500, currency: 'JPY' } });
    const early = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    const late = await book(api, { segments: [seg((await openResource(api)).id, DAY, '10:00', '11:00')] });
    setClock(1440 * MIN);
    expect((await api.post(`/v1/bookings/${early.id}/cancel`)).body.charges).toEqual([]);
    setClock(60 * MIN);
    const cancelled = (await api.post(`/v1/bookings/${late.id}/cancel`, { override_policy: true })).body;
    expect(cancelled.charges).toMatchObject([{ type: 'late_cancel', amount: 1500, currency: 'JPY', status: 'due' }]);
    const waived = (await api.post(`/v1/bookings/${late.id}/charges/${cancelled.charges[0].id}/waive`)).body;
    expect(waived.charges[0].status).toBe('waived');
  });

  it('refuses a fee in an unknown currency or with a fractional amount', async () => {
    const { api } = await setup({});
    const refused = await api.post(`/v1/accounts/${api.accountId}`, { booking_policy: { no_show_fee: { amount: 10, currency: 'XYZ' } } });
    expectError(refused, 400, 'parameter_invalid', 'booking_policy.no_show_fee.currency');
    expectError(await api.post(`/v1/accounts/${api.accountId}`, { booking_policy: { no_show_fee: { amount: 10.5, currency: 'EUR' } } }), 400, 'parameter_invalid');
    expectError(await api.post(`/v1/accounts/${api.accountId}`, { booking_policy: { no_show_fee: { amount: 10, currency: 'eur' } } }), 400, 'parameter_invalid');
  });
});

describe('imports', () => {
  it('applies no policy: under approval an item keeps its status, and a requested item, which nothing would approve or time out, is refused', async () => {
    const { api, room } = await setup({ approval: 'required', approval_timeout_minutes: 30 });
    const refused = await api.post('/v1/bookings/import', {
      bookings: [{ segments: [seg(room.id, DAY, '09:00', '10:00')] }, { segments: [seg(room.id, DAY, '10:00', '11:00')], status: 'requested' }],
    });
    const err = expectError(refused, 400, 'parameter_invalid', 'bookings[1].status');
    expect(err.message).toMatch(/must be one of: pending, confirmed/);
    expect((await api.get('/v1/bookings')).body.data).toEqual([]);
    const imported = (await api.post('/v1/bookings/import', { bookings: [{ segments: [seg(room.id, DAY, '10:00', '11:00')] }, { segments: [seg(room.id, DAY, '12:00', '13:00')], status: 'pending' }] })).body;
    expect(imported.data.map((b: any) => [b.status, b.expires_at])).toEqual([
      ['confirmed', null],
      ['pending', null],
    ]);
    expect(await eventsOf(api, 'booking.requested')).toEqual([]);
  });
});
