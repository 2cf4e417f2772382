/**
 * Every change names its actor and door, and a booking's history lists its changes in order
 * (docs/events.md#actors, #a-bookings-history).
 */
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, expectError, setupTestApp } from '../support/harness.js';
import { book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';
import { emit, sampleLocation } from './webhooks.helpers.js';

const t = await setupTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const anonymous = new Client(t.app, '');
const pathOf = (url: string) => new URL(url).pathname.replace(/^\/manage\//, '/v1/manage/');

async function setup() {
  const api = await t.newAccount();
  const room = await openResource(api);
  return { api, room, day: futureDay(9) };
}

describe('the actor of every change', () => {
  it("names the API key and the request that made a change, and the event's Request-Id is the response's", async () => {
    const { api, room, day } = await setup();
    const res = await api.post('/v1/bookings', { segments: [seg(room.id, day, '10:00', '11:00')] });
    expect(res.status).toBe(200);
    const [created] = await eventsOf(api, 'booking.created', res.body.id);
    expect(created.actor).toEqual({ type: 'api_key', id: expect.stringMatching(/^key_/) });
    expect(created.request_id).toBe(res.headers['request-id']);
  });

  it('names the console and the key signed in to it for a change the console made', async () => {
    const { api, room, day } = await setup();
    const res = await api.post('/v1/bookings', { segments: [seg(room.id, day, '10:00', '11:00')] }, { headers: { 'scheduling-client': 'console' } });
    expect(res.status).toBe(200);
    const [created] = await eventsOf(api, 'booking.created', res.body.id);
    expect(created.actor).toEqual({ type: 'console', id: expect.stringMatching(/^key_/) });
    // Any other name is the key's own change.
    const other = await api.post('/v1/bookings', { segments: [seg(room.id, day, '12:00', '13:00')] }, { headers: { 'scheduling-client': 'my-app' } });
    expect((await eventsOf(api, 'booking.created', other.body.id))[0].actor.type).toBe('api_key');
  });

  it('names the manage link that cancelled a booking, and its request', async () => {
    const { api, room, day } = await setup();
    const booking = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')] });
    const link = (await api.post(`/v1/bookings/${booking.id}/manage_links`, {})).body;
    const res = await anonymous.post(`${pathOf(link.url)}/cancel`, { reason: 'Cannot make it' });
    expect(res.status).toBe(200);
    const [cancelled] = await eventsOf(api, 'booking.cancelled', booking.id);
    expect(cancelled.actor).toEqual({ type: 'manage_link', id: link.id });
    expect(cancelled.request_id).toBe(res.headers['request-id']);
  });

  it('names the MCP endpoint and the caller’s key for a booking an agent made, and the /mcp request that made it', async () => {
    const { api, room, day } = await setup();
    const agent = new McpClient({ name: 'test-agent', version: '1.0.0' });
    const headers = { Authorization: `Bearer ${t.testKey}`, 'Service-Account': api.accountId };
    // The Request-Id of each /mcp request that called a tool, as its answer carried it.
    const toolCallRequestIds: string[] = [];
    const fetchRecording: typeof fetch = async (url, init) => {
      const response = await fetch(url, init);
      const message = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      if (message?.method === 'tools/call') toolCallRequestIds.push(response.headers.get('request-id')!);
      return response;
    };
    await agent.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers }, fetch: fetchRecording }));
    const res = (await agent.callTool({ name: 'book', arguments: { segments: [seg(room.id, day, '10:00', '11:00')] } })) as any;
    expect(res.isError).toBeFalsy();
    const [created] = await eventsOf(api, 'booking.created', res.structuredContent.id);
    expect(created.actor).toEqual({ type: 'mcp', id: expect.stringMatching(/^key_/) });
    expect(toolCallRequestIds).toEqual([expect.stringMatching(/^req_/)]);
    expect(created.request_id).toBe(toolCallRequestIds[0]);
    await agent.close();
  });

  it('names the worker that expired a hold', async () => {
    const { api, room, day } = await setup();
    const expiresAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    const hold = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')], status: 'pending', expires_at: expiresAt });
    t.clock.advance(61_000);
    try {
      await t.runWorker('booking-expiry');
    } finally {
      t.clock.reset();
    }
    const [expired] = await eventsOf(api, 'booking.expired', hold.id);
    expect(expired.actor).toEqual({ type: 'worker', id: 'booking-expiry' });
    expect(expired.request_id).toBeNull();
  });

  it('names the system, with no request, for a change no door made (an operator command, a migration)', async () => {
    const api = await t.newAccount();
    // The outbox called outside any request or worker, as operator code does.
    const id = await emit(t, t.platformId, 'location.created', sampleLocation('Outside any door'), null, { accountId: api.accountId });
    const event = (await api.get(`/v1/events/${id}`)).body;
    expect(event.actor).toEqual({ type: 'system', id: null });
    expect(event.request_id).toBeNull();
    const bySystem = await api.get('/v1/events', { 'actor.type': 'system' });
    expect(bySystem.body.data.map((e: any) => e.id)).toEqual([id]);
  });

  it('lists events by actor type and actor id, and refuses an unknown door', async () => {
    const { api, room, day } = await setup();
    const booking = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')] });
    const link = (await api.post(`/v1/bookings/${booking.id}/manage_links`, {})).body;
    await anonymous.post(`${pathOf(link.url)}/cancel`, {});

    const byLink = await api.get('/v1/events', { 'actor.type': 'manage_link', 'actor.id': link.id });
    expect(byLink.status).toBe(200);
    expect(byLink.body.data.map((e: any) => e.type)).toEqual(['booking.cancelled']);
    // Either filter alone works too.
    expect((await api.get('/v1/events', { 'actor.id': link.id })).body.data.map((e: any) => e.type)).toEqual(['booking.cancelled']);
    const byKey = await api.get('/v1/events', { 'actor.type': 'api_key', type: 'booking.*' });
    expect(byKey.body.data.map((e: any) => e.data.object.id)).toContain(booking.id);
    expect(byKey.body.data.every((e: any) => e.actor.type === 'api_key')).toBe(true);
    expectError(await api.get('/v1/events', { 'actor.type': 'robot' }), 400, 'parameter_invalid', 'actor.type');
  });

  it('is not shown to clients of older API versions', async () => {
    const { api, room, day } = await setup();
    const booking = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')] });
    const old = await api.get('/v1/events', { type: 'booking.created' }, { version: '2027-01-10' });
    const event = old.body.data.find((e: any) => e.data.object.id === booking.id);
    expect(event).toBeDefined();
    expect(event).not.toHaveProperty('actor');
    expect(event).not.toHaveProperty('request_id');
  });
});

describe("a booking's history", () => {
  it('lists its changes oldest first, with who made each, through which door, and what changed', async () => {
    const { api, room, day } = await setup();
    const hold = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')], status: 'pending', expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await api.post(`/v1/bookings/${hold.id}/confirm`);
    const link = (await api.post(`/v1/bookings/${hold.id}/manage_links`, {})).body;
    await anonymous.post(`${pathOf(link.url)}/cancel`, { reason: 'Ill' });

    const res = await api.get(`/v1/bookings/${hold.id}/history`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: any) => [c.type, c.actor.type])).toEqual([
      ['booking.created', 'api_key'],
      ['booking.confirmed', 'api_key'],
      ['booking.cancelled', 'manage_link'],
    ]);
    const [created, confirmed, cancelled] = res.body.data;
    expect(created).toMatchObject({ object: 'booking_change', changed_attributes: null });
    expect(confirmed.changed_attributes.status).toEqual({ previous: 'pending', current: 'confirmed' });
    expect(cancelled.changed_attributes.status).toEqual({ previous: 'confirmed', current: 'cancelled' });
    expect(cancelled.actor.id).toBe(link.id);

    const firstPage = await api.get(`/v1/bookings/${hold.id}/history`, { limit: 2 });
    expect(firstPage.body).toMatchObject({ has_more: true });
    const next = await api.get(`/v1/bookings/${hold.id}/history`, { limit: 2, starting_after: firstPage.body.data[1].id });
    expect(next.body.data.map((c: any) => c.type)).toEqual(['booking.cancelled']);
  });

  it('is not there for clients before 2027-03-01, nor is the actor filter', async () => {
    const { api, room, day } = await setup();
    const booking = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')] });
    const old = expectError(await api.get(`/v1/bookings/${booking.id}/history`, undefined, { version: '2027-01-10' }), 404, 'resource_missing');
    expect(old.message).toMatch(/2027-03-01/);
    expectError(await api.get('/v1/events', { 'actor.type': 'api_key' }, { version: '2027-01-10' }), 400, 'parameter_unknown', 'actor.type');
    expectError(await api.get('/v1/events', { 'actor.id': 'booking-expiry' }, { version: '2027-02-15' }), 400, 'parameter_unknown', 'actor.id');
    // From the version that brought them, both answer.
    expect((await api.get(`/v1/bookings/${booking.id}/history`, undefined, { version: '2027-03-01' })).body.data).toHaveLength(1);
    expect((await api.get('/v1/events', { 'actor.type': 'api_key' }, { version: '2027-03-01' })).status).toBe(200);
  });

  it("shows each change in the reader's version: fields and events of later versions are left out", async () => {
    const { api, room, day } = await setup();
    const deposit = { amount: 2000, currency: 'EUR', hold_minutes: 30 };
    expect((await api.post(`/v1/accounts/${api.accountId}`, { booking_policy: { deposit } })).status).toBe(200);
    const waiting = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')], requested: true });
    const paid = await api.post(`/v1/bookings/${waiting.id}/payments`, { amount: 2000, currency: 'EUR', provider: 'stripe', reference: 'pi_history' });
    expect(paid.body.booking.status).toBe('confirmed');

    const latest = (await api.get(`/v1/bookings/${waiting.id}/history`)).body.data;
    const latestConfirmed = latest.find((c: any) => c.type === 'booking.confirmed');
    expect(latestConfirmed.changed_attributes).toMatchObject({ status: { previous: 'pending', current: 'confirmed' }, payment_status: { previous: 'required', current: 'paid' } });

    // Deposits arrived in 2027-03-15: a 2027-03-01 reader sees the confirmation without them.
    const old = (await api.get(`/v1/bookings/${waiting.id}/history`, undefined, { version: '2027-03-01' })).body.data;
    const oldConfirmed = old.find((c: any) => c.type === 'booking.confirmed');
    expect(oldConfirmed.changed_attributes.status).toEqual({ previous: 'pending', current: 'confirmed' });
    for (const field of ['deposit', 'payment_status', 'amount_paid', 'payments', 'refunds']) expect(oldConfirmed.changed_attributes).not.toHaveProperty(field);
    expect(old.map((c: any) => c.type)).not.toContain('booking.payment_recorded');
    expect(old.map((c: any) => c.type)).toEqual(latest.map((c: any) => c.type).filter((type: string) => type !== 'booking.payment_recorded'));
  });

  it('answers 404 for a booking of another account, and a restricted key sees it only with events: read', async () => {
    const { api, room, day } = await setup();
    const booking = await book(api, { segments: [seg(room.id, day, '10:00', '11:00')] });
    const other = await t.newAccount();
    expectError(await other.get(`/v1/bookings/${booking.id}/history`), 404, 'resource_missing');

    const bookingsOnly = await t.restrictedKey({ permissions: { bookings: 'read' } });
    expect((await api.get(`/v1/bookings/${booking.id}/history`, undefined, { key: bookingsOnly })).status).toBe(403);
    const withEvents = await t.restrictedKey({ permissions: { bookings: 'read', events: 'read' } });
    const seen = await api.get(`/v1/bookings/${booking.id}/history`, undefined, { key: withEvents });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toHaveLength(1);
  });
});
