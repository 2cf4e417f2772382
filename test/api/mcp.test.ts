/**
 * The MCP server, through the SDK's own client over real HTTP (docs/agents.md).
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { setupTestApp } from '../support/harness.js';
import { eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';
import { routeCatalogue } from '../../src/http/openapi.js';
import { TOOLS } from '../../src/features/mcp/index.js';

const t = await setupTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

const WRITE_TOOLS = ['hold_booking', 'book', 'confirm_booking', 'reschedule_booking', 'cancel_booking', 'approve_booking', 'decline_booking', 'record_payment'];
/** explain_slot is offered only when this build serves POST /v1/availability/explain. */
const served = TOOLS.filter((tool) => routeCatalogue(t.app).some((r) => r.method === tool.method && r.url === tool.url)).map((tool) => tool.name);

async function connect(key: string, account?: string) {
  const client = new McpClient({ name: 'test-agent', version: '1.0.0' });
  const headers: Record<string, string> = { Authorization: `Bearer ${key}`, ...(account ? { 'Service-Account': account } : {}) };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

async function call(client: McpClient, name: string, args: Record<string, unknown> = {}) {
  const res = (await client.callTool({ name, arguments: args })) as any;
  return { ...res, error: res.isError ? JSON.parse(res.content[0].text).error : undefined };
}

describe('the MCP server', () => {
  it('takes candidate_order weighted and fairness_period wherever its tools take candidate_order, and books the candidate search named', async () => {
    const api = await t.newAccount();
    const light = await openResource(api, { name: 'Ben' });
    const heavy = await openResource(api, { name: 'Anna', assignment_weight: 3 });
    const agent = await connect(t.testKey, api.accountId);
    const tools = (await agent.listTools()).tools;
    for (const name of ['find_availability', 'book', 'hold_booking']) {
      const segment = (tools.find((tool) => tool.name === name)!.inputSchema as any).properties.segments.items;
      expect(segment.properties.candidate_order.anyOf.map((o: any) => o.const), name).toContain('weighted');
      expect(segment.properties.fairness_period, name).toBeDefined();
    }
    const day = futureDay(6);
    const order = { candidate_order: 'weighted', fairness_period: 'day' };
    const found = await call(agent, 'find_availability', {
      from: `${day}T10:00:00Z`,
      to: `${day}T11:00:00Z`,
      segments: [{ resources: [light.id, heavy.id], duration_minutes: 60, ...order }],
    });
    expect(found.isError, JSON.stringify(found.error)).toBeFalsy();
    const [slot] = found.structuredContent.slots;
    expect(slot.segments[0].resource).toBe(heavy.id);
    const booked = await call(agent, 'book', { segments: [{ resources: [light.id, heavy.id], start: slot.start, end: slot.end, ...order }] });
    expect(booked.structuredContent.segments[0].resource).toBe(heavy.id);
  });

  it('takes prefer_previous_resource in find_availability, explain_slot, book, hold_booking and reschedule_booking, and books the returning customer the resource search named', async () => {
    const api = await t.newAccount();
    const anna = await openResource(api, { name: 'Anna' });
    const ben = await openResource(api, { name: 'Ben' });
    const agent = await connect(t.testKey, api.accountId);
    const tools = (await agent.listTools()).tools;
    for (const name of ['find_availability', 'explain_slot', 'book', 'hold_booking', 'reschedule_booking']) {
      expect((tools.find((tool) => tool.name === name)!.inputSchema as any).properties.prefer_previous_resource, name).toBeDefined();
    }
    const day = futureDay(7);
    // The customer had Ben last time.
    const last = await api.post('/v1/bookings', { segments: [seg(ben.id, futureDay(6), '10:00', '11:00')], customer: { reference: 'cus_mcp' } });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const returning = { prefer_previous_resource: true, customer_reference: 'cus_mcp' };
    const found = await call(agent, 'find_availability', { from: `${day}T10:00:00Z`, to: `${day}T11:00:00Z`, segments: [{ resources: [anna.id, ben.id], duration_minutes: 60 }], ...returning });
    expect(found.isError, JSON.stringify(found.error)).toBeFalsy();
    const [slot] = found.structuredContent.slots;
    expect(slot.segments[0].resource).toBe(ben.id);
    const why = await call(agent, 'explain_slot', { from: `${day}T10:00:00Z`, to: `${day}T11:00:00Z`, start: slot.start, segments: [{ resources: [anna.id, ben.id], duration_minutes: 60 }], ...returning });
    expect(why.structuredContent.segments[0].previous_resource).toMatchObject({ outcome: 'preferred', resource: ben.id, booking: last.body.id });
    const booked = await call(agent, 'book', {
      segments: [{ resources: [anna.id, ben.id], start: slot.start, end: slot.end }],
      customer: { reference: 'cus_mcp' },
      prefer_previous_resource: true,
    });
    expect(booked.isError, JSON.stringify(booked.error)).toBeFalsy();
    expect(booked.structuredContent.segments[0].resource).toBe(ben.id);
  });

  it("lists a region's holidays with list_holidays, and explain_slot names the holiday that closes a day (reason holiday)", async () => {
    const api = await t.newAccount({ timezone: 'Europe/Berlin' });
    const updated = await api.post(`/v1/accounts/${api.accountId}`, { holidays: { country: 'DE', subdivision: 'BY' } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const room = await openResource(api, { timezone: 'UTC' });
    const agent = await connect(t.testKey, api.accountId);
    const listing = (await agent.listTools()).tools.find((tool) => tool.name === 'list_holidays')!;
    expect(listing.annotations?.readOnlyHint).toBe(true);
    expect(Object.keys((listing.inputSchema as any).properties).sort()).toEqual(['country', 'subdivision', 'types', 'year']);

    const holidays = await call(agent, 'list_holidays', { country: 'DE', subdivision: 'BY', year: 2027 });
    expect(holidays.isError, JSON.stringify(holidays.error)).toBeFalsy();
    expect(holidays.structuredContent.data).toContainEqual(expect.objectContaining({ date: '2027-01-06', name: 'Heilige Drei Könige', type: 'public', rule: '01-06' }));
    const unknown = await call(agent, 'list_holidays', { country: 'XX', year: 2027 });
    expect(unknown.error).toMatchObject({ code: 'parameter_invalid', param: 'country' });

    const why = await call(agent, 'explain_slot', { from: '2027-01-06T00:00:00Z', to: '2027-01-07T00:00:00Z', start: '2027-01-06T10:00:00Z', segments: [{ resource: room.id, duration_minutes: 60 }] });
    expect(why.isError, JSON.stringify(why.error)).toBeFalsy();
    expect(why.structuredContent.fits).toBe(false);
    expect(why.structuredContent.segments[0].candidates[0].reasons).toEqual([
      expect.objectContaining({ reason: 'holiday', holiday: { date: '2027-01-06', name: 'Heilige Drei Könige', rule: '01-06' } }),
    ]);
    await agent.close();
  });

  it('lets an agent find a slot, hold it, confirm, reschedule and cancel it, seen through REST and events', async () => {
    const api = await t.newAccount();
    const room = await openResource(api, { name: 'Studio A' });
    const agent = await connect(t.testKey, api.accountId);

    const names = (await agent.listTools()).tools.map((tool) => tool.name);
    expect(names.sort()).toEqual([...served].sort());
    const resources = await call(agent, 'list_resources', { limit: 10 });
    expect(resources.structuredContent.data.map((r: any) => r.id)).toEqual([room.id]);

    const day = futureDay(5);
    const found = await call(agent, 'find_availability', {
      from: `${day}T00:00:00Z`,
      to: `${day}T23:59:00Z`,
      segments: [{ resource: room.id, duration_minutes: 60 }],
      limit: 3,
    });
    expect(found.isError).toBeFalsy();
    const [slot] = found.structuredContent.slots;
    expect(slot.start).toBe(`${day}T09:00:00Z`);

    const segments = slot.segments.map((s: any) => ({ resource: s.resource, start: s.start, end: s.end }));
    // Business time stands still: the retry below must send the same default expires_at.
    t.clock.set(t.clock.now());
    const held = await call(agent, 'hold_booking', { segments, metadata: { via: 'agent' }, idempotency_key: 'hold-1' });
    expect(held.structuredContent).toMatchObject({ status: 'pending', start: slot.start });
    expect(held.structuredContent.expires_at).not.toBeNull();
    // The same idempotency key gives back the same hold, not a second one.
    const again = await call(agent, 'hold_booking', { segments, metadata: { via: 'agent' }, idempotency_key: 'hold-1' });
    expect(again.structuredContent.id).toBe(held.structuredContent.id);
    const id = held.structuredContent.id;
    expect((await api.get(`/v1/bookings/${id}`)).body).toMatchObject({ status: 'pending', metadata: { via: 'agent' } });

    expect((await call(agent, 'confirm_booking', { booking_id: id })).structuredContent.status).toBe('confirmed');
    const moved = await call(agent, 'reschedule_booking', { booking_id: id, segments: [seg(room.id, day, '11:00', '12:00')] });
    expect(moved.structuredContent).toMatchObject({ status: 'confirmed', replaces: id });
    const newId = moved.structuredContent.id;
    const cancelled = await call(agent, 'cancel_booking', { booking_id: newId, reason: 'Changed plans' });
    expect(cancelled.structuredContent.status).toBe('cancelled');

    expect((await api.get(`/v1/bookings/${id}`)).body).toMatchObject({ status: 'cancelled', replaced_by: newId });
    expect((await api.get(`/v1/bookings/${newId}`)).body).toMatchObject({ status: 'cancelled', cancellation_reason: 'Changed plans' });
    expect((await call(agent, 'get_booking', { booking_id: newId })).structuredContent.status).toBe('cancelled');
    const listed = await call(agent, 'list_bookings', { status: 'cancelled' });
    expect(listed.structuredContent.data.map((b: any) => b.id).sort()).toEqual([id, newId].sort());
    expect(await eventsOf(api, 'booking.created', id)).toHaveLength(1);
    expect(await eventsOf(api, 'booking.confirmed', id)).toHaveLength(1);
    expect(await eventsOf(api, 'booking.rescheduled', id)).toHaveLength(1);
    expect(await eventsOf(api, 'booking.created', newId)).toHaveLength(1);
    expect(await eventsOf(api, 'booking.cancelled', newId)).toHaveLength(1);
    await agent.close();
    t.clock.reset();
  });

  it("answers booking_history with a booking's changes in order, each naming its actor and the MCP door", async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const agent = await connect(t.testKey, api.accountId);
    const day = futureDay(6);
    const booked = await call(agent, 'book', { segments: [seg(room.id, day, '10:00', '11:00')] });
    const id = booked.structuredContent.id;
    expect((await api.post(`/v1/bookings/${id}/cancel`, { reason: 'Ill' })).status).toBe(200);
    const history = await call(agent, 'booking_history', { booking_id: id });
    expect(history.isError, JSON.stringify(history.error)).toBeFalsy();
    const changes = history.structuredContent.data;
    expect(changes.map((c: any) => c.type)).toEqual(['booking.created', 'booking.cancelled']);
    expect(changes[0].actor.type).toBe('mcp');
    expect(changes[1].actor.type).toBe('api_key');
    expect(changes[1].changed_attributes.status).toEqual({ previous: 'confirmed', current: 'cancelled' });
    expect((await call(agent, 'booking_history', { booking_id: 'bk_nope' })).error).toMatchObject({ code: 'resource_missing' });
    // Without events: read, the tool is neither listed nor callable.
    const noEvents = await connect(await t.restrictedKey({ permissions: { bookings: 'read' } }), api.accountId);
    expect((await noEvents.listTools()).tools.map((tool) => tool.name)).not.toContain('booking_history');
    expect((await call(noEvents, 'booking_history', { booking_id: id })).error).toMatchObject({ code: 'permission_denied' });
    await noEvents.close();
    await agent.close();
  });

  it('returns API errors as tool errors with the code and message', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const agent = await connect(t.testKey, api.accountId);
    const day = futureDay(6);
    expect((await call(agent, 'book', { segments: [seg(room.id, day, '10:00', '11:00')] })).isError).toBeFalsy();
    const taken = await call(agent, 'book', { segments: [seg(room.id, day, '10:00', '11:00')] });
    expect(taken.isError).toBe(true);
    expect(taken.error).toMatchObject({ code: 'booking_conflict', type: 'conflict_error' });
    expect(taken.error.message).toEqual(expect.any(String));
    const missing = await call(agent, 'get_booking', { booking_id: 'bk_nope' });
    expect(missing.error).toMatchObject({ code: 'resource_missing' });
    await agent.close();
  });

  it('answers bad tool input with a tool error, never a crash', async () => {
    const api = await t.newAccount();
    const agent = await connect(t.testKey, api.accountId);
    const cases: [string, Record<string, unknown>][] = [
      ['find_availability', { from: 'yesterday', to: 'now', segments: [] }],
      ['find_availability', {}],
      ['get_booking', {}],
      ['get_booking', { booking_id: 42 }],
      ['book', { segments: 'all of them' }],
      ['book', { segments: [{ resource: 'res_x', start: 'a', end: 'b' }], surprise: true }],
      ['hold_booking', { segments: [], idempotency_key: 7 }],
      ['list_bookings', { limit: 'lots' }],
      ['cancel_booking', { booking_id: 'bk_nope', reason: { nested: true } }],
      ['no_such_tool', {}],
    ];
    for (const [name, args] of cases) {
      const res = await call(agent, name, args);
      expect(res.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(res.error.code, name).toMatch(/^(parameter_invalid|parameter_missing|parameter_unknown|resource_missing)$/);
    }
    // The server is still there.
    expect((await call(agent, 'list_resources')).isError).toBeFalsy();
    await agent.close();
  });

  it('shows a read-only restricted key no write tool, and refuses it one', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const key = await t.restrictedKey({ permissions: { availability: 'read', bookings: 'read', resources: 'read' } });
    const agent = await connect(key, api.accountId);
    const names = (await agent.listTools()).tools.map((tool) => tool.name);
    // booking_history needs events: read, which this key lacks.
    expect(names.sort()).toEqual(served.filter((n) => !WRITE_TOOLS.includes(n) && n !== 'booking_history').sort());
    const refused = await call(agent, 'book', { segments: [seg(room.id, futureDay(7), '10:00', '11:00')] });
    expect(refused.error).toMatchObject({ code: 'permission_denied' });
    expect((await api.get('/v1/bookings')).body.data).toEqual([]);
    await agent.close();

    const bookingsOnly = await connect(await t.restrictedKey({ permissions: { bookings: 'write' } }), api.accountId);
    expect((await bookingsOnly.listTools()).tools.map((tool) => tool.name).sort()).toEqual(
      served.filter((n) => WRITE_TOOLS.includes(n) || n === 'get_booking' || n === 'list_bookings').sort(),
    );
    await bookingsOnly.close();
  });

  it('keeps a key bound to one account out of every other account', async () => {
    const home = await t.newAccount({ name: 'Home' });
    const other = await t.newAccount({ name: 'Other' });
    const room = await openResource(other);
    const theirs = (await other.post('/v1/bookings', { segments: [seg(room.id, futureDay(8), '10:00', '11:00')] })).body;
    const key = await t.restrictedKey({ permissions: { bookings: 'write', availability: 'read', resources: 'read' }, account: home.accountId });

    await expect(connect(key, other.accountId)).rejects.toThrow();
    const agent = await connect(key);
    expect((await call(agent, 'get_booking', { booking_id: theirs.id })).error).toMatchObject({ code: 'resource_missing' });
    expect((await call(agent, 'list_resources')).structuredContent.data).toEqual([]);
    expect((await call(agent, 'cancel_booking', { booking_id: theirs.id })).error).toMatchObject({ code: 'resource_missing' });
    expect((await other.get(`/v1/bookings/${theirs.id}`)).body.status).toBe('confirmed');
    await agent.close();
  });

  it('refuses a request without a valid key, in the API error shape', async () => {
    const res = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('api_key_missing');
    expect((await fetch(`${base}/mcp`)).status).toBe(405);
  });

  it('serves /llms.txt, linking the OpenAPI document and the docs', async () => {
    const res = await fetch(`${base}/llms.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^# Scheduling API/);
    expect(text).toContain(`${base}/v1/openapi.json`);
    expect(text).toContain('docs/agents.md');
    for (const name of served) expect(text).toContain(name);
  });
});
