import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, expectError, setupTestApp, type TestContext } from '../support/harness.js';
import { book, eventsOf, iso, openResource, seg } from './bookings.helpers.js';

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

describe('the policy in force', () => {
  it('accepts each bound of the policy and refuses one past it, naming the field', async () => {
    const { api } = await setup({});
    const update = (booking_policy: Record<string, unknown>) => api.post(`/v1/accounts/${api.accountId}`, { booking_policy });
    const accepted = async (policy: Record<string, unknown>) => {
      const res = await update(policy);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.booking_policy).toMatchObject(policy);
    };
    const refused = async (field: string, value: unknown) => expectError(await update({ [field]: value }), 400, 'parameter_invalid', `booking_policy.${field}`);
    for (const [field, low, high] of [
      ['approval_timeout_minutes', 1, 10080],
      ['cancel_cutoff_minutes', 0, 525600],
      ['reschedule_cutoff_minutes', 0, 525600],
    ] as const) {
      await accepted({ [field]: low });
      await accepted({ [field]: high });
      await refused(field, low - 1);
      await refused(field, high + 1);
    }
    const fee = (amount: number) => ({ amount, currency: 'EUR' });
    for (const field of ['late_cancel_fee', 'no_show_fee']) {
      await accepted({ [field]: fee(0) });
      await accepted({ [field]: fee(100_000_000) });
      expectError(await update({ [field]: fee(-1) }), 400, 'parameter_invalid', `booking_policy.${field}.amount`);
      expectError(await update({ [field]: fee(100_000_001) }), 400, 'parameter_invalid', `booking_policy.${field}.amount`);
    }
    const deposit = (amount: number, hold_minutes: number) => ({ deposit: { amount, currency: 'EUR', hold_minutes } });
    await accepted(deposit(1, 1));
    await accepted(deposit(100_000_000, 10080));
    for (const [amount, hold, param] of [
      [0, 30, 'amount'],
      [100_000_001, 30, 'amount'],
      [2000, 0, 'hold_minutes'],
      [2000, 10081, 'hold_minutes'],
    ] as const) {
      expectError(await update(deposit(amount, hold)), 400, 'parameter_invalid', `booking_policy.deposit.${param}`);
    }
    // An account made with a policy has it from the start.
    const created = await t.api.post('/v1/accounts', { name: 'Studio', timezone: 'UTC', booking_policy: { approval: 'required', cancel_cutoff_minutes: 0 } });
    expect(created.body.booking_policy).toMatchObject({ approval: 'required', cancel_cutoff_minutes: 0, approval_timeout_minutes: null });
    expectError(await t.api.post('/v1/accounts', { name: 'Studio', timezone: 'UTC', booking_policy: { approval_timeout_minutes: 10081 } }), 400, 'parameter_invalid', 'booking_policy.approval_timeout_minutes');
  });

  it("enforces a resource's own field over the account's, and the account's where the resource sets none", async () => {
    const { api, room } = await setup({ approval: 'required', cancel_cutoff_minutes: 1440 }, { approval: 'none', cancel_cutoff_minutes: 60 });
    const plain = await openResource(api);
    const own = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')], requested: true });
    expect(own.status).toBe('confirmed');
    const inherited = await book(api, { segments: [seg(plain.id, DAY, '10:00', '11:00')], requested: true });
    // The account names no timeout: the default, a day.
    expect(inherited).toMatchObject({ status: 'requested', expires_at: iso(START - 7 * 24 * 60 * MIN + 1440 * MIN) });
    await api.post(`/v1/bookings/${inherited.id}/approve`);
    setClock(90 * MIN);
    expect((await api.post(`/v1/bookings/${own.id}/cancel`)).body.status).toBe('cancelled');
    const err = expectError(await api.post(`/v1/bookings/${inherited.id}/cancel`), 409, 'policy_violation');
    expect(err.message).toMatch(/1440 minutes before the start/);
  });

  it('takes the strictest policy of a booking across its resources: the longest window, approval when one requires it, the shortest timeout of those', async () => {
    const { api, room } = await setup({}, { approval: 'required', approval_timeout_minutes: 120, cancel_cutoff_minutes: 60 });
    const strict = await openResource(api, { booking_policy: { approval: 'none', approval_timeout_minutes: 5, cancel_cutoff_minutes: 1440 } });
    const quick = await openResource(api, { booking_policy: { approval: 'required', approval_timeout_minutes: 30 } });
    const made = START - 7 * 24 * 60 * MIN;
    const withStrict = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00'), seg(strict.id, DAY, '11:00', '12:00')], requested: true });
    // Approval comes from the room; the strict resource's timeout is not one of a resource requiring approval.
    expect(withStrict).toMatchObject({ status: 'requested', expires_at: iso(made + 120 * MIN) });
    const withQuick = await book(api, { segments: [seg(quick.id, DAY, '10:00', '11:00'), seg(room.id, DAY, '11:00', '12:00')], requested: true });
    expect(withQuick).toMatchObject({ status: 'requested', expires_at: iso(made + 30 * MIN) });
    for (const b of [withStrict, withQuick]) await api.post(`/v1/bookings/${b.id}/approve`);
    setClock(90 * MIN);
    // The room's 60 minutes alone would allow both; the strict resource's 1440 holds its booking.
    expect((await api.post(`/v1/bookings/${withQuick.id}/cancel`)).body.status).toBe('cancelled');
    const err = expectError(await api.post(`/v1/bookings/${withStrict.id}/cancel`), 409, 'policy_violation');
    expect(err.message).toMatch(/1440 minutes before the start/);
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

describe('cancel and reschedule windows at their edges', () => {
  it('allows a move exactly at the reschedule cutoff and refuses it one second later, at every door that moves', async () => {
    const { api, room } = await setup({ reschedule_cutoff_minutes: 120 });
    const other = await openResource(api);
    const atBound = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    const past = await book(api, { segments: [seg(other.id, DAY, '10:00', '11:00')] });
    const link = (await api.post(`/v1/bookings/${past.id}/manage_links`, {})).body;
    setClock(120 * MIN);
    expect((await api.post(`/v1/bookings/${atBound.id}/reschedule`, { segments: [seg(room.id, DAY, '12:00', '13:00')] })).status).toBe(200);
    setClock(120 * MIN - 1000);
    const err = expectError(await api.post(`/v1/bookings/${past.id}/reschedule`, { segments: [seg(other.id, DAY, '12:00', '13:00')] }), 409, 'policy_violation');
    expect(err.message).toMatch(/moved: the booking policy allows it until 120 minutes before the start/);
    // replaces is a move too, and it takes no override: refused even for a secret key.
    expectError(await api.post('/v1/bookings', { replaces: past.id, segments: [seg(other.id, DAY, '12:00', '13:00')] }), 409, 'policy_violation');
    expectError(await anonymous.post(`${pathOf(link.url)}/reschedule`, { start: `${DAY}T12:00:00Z` }), 409, 'policy_violation');
    expect((await api.get(`/v1/bookings/${past.id}`)).body).toMatchObject({ status: 'confirmed', replaced_by: null });
  });

  it('records a cancel past the window by a secret key in policy_overrides, with booking.charge_due for its fee; a restricted key may not pass override_policy', async () => {
    const { api, room } = await setup({ cancel_cutoff_minutes: 1440, late_cancel_fee: { amount: 1500, currency: 'EUR' } });
    const b = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    setClock(60 * MIN);
    const restricted = new Client(t.app, await t.restrictedKey({ permissions: { bookings: 'write' } })).withAccount(api.accountId);
    expectError(await restricted.post(`/v1/bookings/${b.id}/cancel`, { override_policy: true }), 403, 'permission_denied', 'override_policy');
    expect((await api.get(`/v1/bookings/${b.id}`)).body.status).toBe('confirmed');
    const cancelled = (await api.post(`/v1/bookings/${b.id}/cancel`, { override_policy: true })).body;
    expect(cancelled.policy_overrides).toEqual([{ rule: 'cancel_cutoff_minutes', action: 'cancel', at: new Date(START - 60 * MIN).toISOString() }]);
    const [due] = await eventsOf(api, 'booking.charge_due', b.id);
    expect(due.data.charge).toEqual(cancelled.charges[0]);
    expect(due.data.charge).toMatchObject({ type: 'late_cancel', amount: 1500, currency: 'EUR', status: 'due' });
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

  it("charges nothing for a fee of 0, with no booking.charge_due; a resource's 0 sets aside the account's fee", async () => {
    const { api, room } = await setup(
      { cancel_cutoff_minutes: 1440, late_cancel_fee: { amount: 1500, currency: 'EUR' }, no_show_fee: { amount: 2000, currency: 'EUR' } },
      { late_cancel_fee: { amount: 0, currency: 'EUR' }, no_show_fee: { amount: 0, currency: 'EUR' } },
    );
    const other = await openResource(api);
    const started = await book(api, { segments: [seg(room.id, DAY, '09:00', '10:00')] });
    const late = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')] });
    const charged = await book(api, { segments: [seg(other.id, DAY, '10:00', '11:00')] });
    setClock(30 * MIN);
    expect((await api.post(`/v1/bookings/${started.id}/no_show`)).body).toMatchObject({ status: 'no_show', charges: [] });
    expect((await api.post(`/v1/bookings/${late.id}/cancel`, { override_policy: true })).body).toMatchObject({ status: 'cancelled', charges: [] });
    // The account's fee still applies where no resource sets it aside.
    const cancelled = (await api.post(`/v1/bookings/${charged.id}/cancel`, { override_policy: true })).body;
    expect(cancelled.charges).toMatchObject([{ type: 'late_cancel', amount: 1500 }]);
    expect((await eventsOf(api, 'booking.charge_due')).map((e) => e.data.object.id)).toEqual([charged.id]);
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

describe('series occurrences', () => {
  it("are the business's bookings: confirmed under approval; one cancelled through REST keeps the window, the series' cancel does not; a no-show is charged", async () => {
    const { api, room } = await setup({ approval: 'required', cancel_cutoff_minutes: 1440, no_show_fee: { amount: 2000, currency: 'EUR' } });
    const series = (await api.post('/v1/series', { rrule: 'FREQ=DAILY;COUNT=3', start_date: DAY, start_time: '10:00', template: { segments: [{ resource: room.id, duration_minutes: 60 }] } })).body;
    expect(series.id, JSON.stringify(series)).toBeTruthy();
    const occurrences = (await api.get('/v1/bookings', { series: series.id, order: 'start' })).body.data;
    expect(occurrences.map((o: any) => o.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(await eventsOf(api, 'booking.requested')).toEqual([]);
    setClock(60 * MIN);
    expectError(await api.post(`/v1/bookings/${occurrences[0].id}/cancel`), 409, 'policy_violation');
    setClock(-5 * MIN);
    const missed = (await api.post(`/v1/bookings/${occurrences[0].id}/no_show`)).body;
    expect(missed.charges).toMatchObject([{ type: 'no_show', amount: 2000, currency: 'EUR', status: 'due' }]);
    // The next occurrence starts within 1440 minutes: refused by hand, cancelled by its series.
    expectError(await api.post(`/v1/bookings/${occurrences[1].id}/cancel`), 409, 'policy_violation');
    expect((await api.post(`/v1/series/${series.id}/cancel`)).status).toBe(200);
    const after = (await api.get('/v1/bookings', { series: series.id, order: 'start' })).body.data;
    expect(after.map((o: any) => [o.status, o.cancellation_reason, o.policy_overrides, o.charges.length])).toEqual([
      ['no_show', null, [], 1],
      ['cancelled', 'series_cancelled', [], 0],
      ['cancelled', 'series_cancelled', [], 0],
    ]);
  });
});

describe('older API versions', () => {
  it('lists requests under status=pending for a client pinned before 2027-02-01, refuses status=requested from it, and shows a decline as booking.cancelled', async () => {
    const { api, room } = await setup({ approval: 'required' });
    const request = await book(api, { segments: [seg(room.id, DAY, '10:00', '11:00')], requested: true });
    const hold = await book(api, { segments: [seg(room.id, DAY, '12:00', '13:00')], status: 'pending' });
    await book(api, { segments: [seg(room.id, DAY, '14:00', '15:00')] });
    const oldPending = (await api.get('/v1/bookings', { status: 'pending', order: 'start' }, { version: OLD })).body.data;
    expect(oldPending.map((b: any) => [b.id, b.status])).toEqual([
      [request.id, 'pending'],
      [hold.id, 'pending'],
    ]);
    // Newest first too: the two statuses' walks merged (docs/bookings.md#listing).
    const newestFirst = (await api.get('/v1/bookings', { status: 'pending' }, { version: OLD })).body.data;
    expect(newestFirst.map((b: any) => b.id)).toEqual([hold.id, request.id]);
    expect((await api.get('/v1/bookings', { status: 'pending' })).body.data.map((b: any) => b.id)).toEqual([hold.id]);
    const refused = expectError(await api.get('/v1/bookings', { status: 'requested' }, { version: OLD }), 400, 'parameter_invalid', 'status');
    expect(refused.message).toMatch(/2027-02-01/);
    await api.post(`/v1/bookings/${request.id}/decline`, { reason: 'full' });
    const [declined] = await eventsOf(api, 'booking.declined', request.id);
    const oldTypes = (await api.get('/v1/events', { type: 'booking.*', limit: 100 }, { version: OLD })).body.data.map((e: any) => [e.id, e.type]);
    expect(oldTypes).toContainEqual([declined.id, 'booking.cancelled']);
    expect(oldTypes.map(([, type]: string[]) => type)).not.toContain('booking.declined');
    expect(oldTypes.map(([, type]: string[]) => type)).not.toContain('booking.requested');
    const oldDeclined = (await api.get(`/v1/events/${declined.id}`, undefined, { version: OLD })).body;
    expect(oldDeclined).toMatchObject({ type: 'booking.cancelled', data: { object: { id: request.id, status: 'cancelled', cancellation_reason: 'full' } } });
  });
});
