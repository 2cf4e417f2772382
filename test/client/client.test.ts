import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Scheduling,
  AuthenticationError,
  ConflictError,
  InvalidRequestError,
  PermissionError,
  RateLimitError,
  ApiServerError,
  SchedulingConnectionError,
  verifyWebhook,
  WebhookVerificationError,
  retryAfterMs,
} from '../../packages/client/src/index.js';
import { FailingProxy, startServer } from './server.js';

const { baseUrl, testKey } = await startServer();

const WEEK = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '09:00', end: '17:00' }]]),
);
const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);

/** A client for a new account of its own, with a resource open 09:00–17:00 UTC every day. */
async function studio(options: { baseUrl?: string; maxRetries?: number } = {}) {
  const root = new Scheduling({ apiKey: testKey, baseUrl: options.baseUrl ?? baseUrl, retryBaseDelayMs: 10, maxRetries: options.maxRetries });
  const account = await root.post('/v1/accounts', { body: { name: 'Client Studio', timezone: 'UTC' } });
  const api = root.withAccount(account.id);
  const resource = await api.post('/v1/resources', { body: { name: 'Room 1', type: 'room' } });
  await api.post('/v1/schedules', { body: { resource: resource.id, effective_from: '2020-01-06', weeks: [WEEK] } });
  return { api, account, resource };
}

describe('the typed client', () => {
  it('creates and reads objects with typed bodies and returns the response body', async () => {
    const { api, resource } = await studio();
    const d = day(5);
    const booking = await api.post('/v1/bookings', {
      body: { segments: [{ resource: resource.id, start: `${d}T10:00:00Z`, end: `${d}T11:00:00Z` }], status: 'confirmed' },
    });
    expect(booking).toMatchObject({ object: 'booking', status: 'confirmed', start: `${d}T10:00:00Z` });
    const read = await api.get('/v1/bookings/{id}', { params: { path: { id: booking.id } } });
    expect(read.id).toBe(booking.id);
  });

  it('makes, lists, reads and expires booking sessions with typed bodies (docs/elements.md, step 1)', async () => {
    const { api, resource } = await studio();
    const session = await api.post('/v1/booking_sessions', {
      body: { segments: [{ resource: resource.id, duration_minutes: 60 }], slot_interval_minutes: 30, customer: { reference: 'cus_42', email: 'ada@example.com' }, allowed_origins: ['https://shop.example'] },
    });
    expect(session).toMatchObject({ object: 'booking_session', status: 'open', allowed_origins: ['https://shop.example'] });
    expect(session.client_secret).toMatch(/^bks_/);
    expect((await api.get('/v1/booking_sessions')).data.map((s) => s.id)).toEqual([session.id]);
    expect((await api.get('/v1/booking_sessions/{id}', { params: { path: { id: session.id } } })).client_secret).toBeUndefined();
    const expired = await api.post('/v1/booking_sessions/{id}/expire', { params: { path: { id: session.id } } });
    expect(expired.status).toBe('expired');
  });

  it("books with a booking session's client secret through the typed client: reads its session, searches, holds, fills in the customer, confirms and reads the booking (docs/elements.md)", async () => {
    const { api, resource } = await studio();
    const session = await api.post('/v1/booking_sessions', {
      body: { segments: [{ resource: resource.id, duration_minutes: 60 }], customer_fields: ['name', 'email'], metadata: { cart: 'c_1' } },
    });
    // The browser's client: the client secret in place of a key, and no account (the session names it).
    const browser = new Scheduling({ apiKey: session.client_secret!, baseUrl, retryBaseDelayMs: 10 });

    const own = await browser.get('/v1/booking_sessions/{id}', { params: { path: { id: session.id } } });
    expect(own).toMatchObject({ id: session.id, metadata: {} });
    expect('business' in own ? own.business.name : null).toBe('Client Studio');

    const found = await browser.post('/v1/availability', { body: { limit: 2 } });
    const slot = found.slots[0]!;
    const held = await browser.post('/v1/bookings', { body: { start: slot.start, customer: { name: 'Ada' } } });
    expect(held).toMatchObject({ object: 'booking', status: 'pending', start: slot.start, customer: { name: 'Ada' } });

    const filled = await browser.post('/v1/bookings/{id}', { params: { path: { id: held.id } }, body: { customer: { email: 'ada@example.com' } } });
    expect(filled.customer).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
    const confirmed = await browser.post('/v1/bookings/{id}/confirm', { params: { path: { id: held.id } }, body: {} });
    expect(confirmed.status).toBe('confirmed');

    const read = await browser.get('/v1/bookings/{id}', { params: { path: { id: held.id } } });
    expect(read).toMatchObject({ id: held.id, status: 'confirmed', customer: { name: 'Ada', email: 'ada@example.com' } });
    expect((await api.get('/v1/booking_sessions/{id}', { params: { path: { id: session.id } } })).status).toBe('completed');
    await expect(browser.get('/v1/resources')).rejects.toBeInstanceOf(PermissionError);
  });

  it('throws typed errors carrying the code, param and request id of the error body', async () => {
    const { api, resource } = await studio();
    const missing = await api.get('/v1/resources/{id}', { params: { path: { id: 'res_nope' } } }).catch((e) => e);
    expect(missing).toBeInstanceOf(InvalidRequestError);
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing', type: 'invalid_request_error' });
    expect(missing.requestId).toMatch(/^req_/);

    const invalid = await api.post('/v1/resources', { body: { name: '', type: 'room' } }).catch((e) => e);
    expect(invalid).toBeInstanceOf(InvalidRequestError);
    expect(invalid.param).toBe('name');

    const d = day(6);
    const segments = [{ resource: resource.id, start: `${d}T10:00:00Z`, end: `${d}T11:00:00Z` }];
    await api.post('/v1/bookings', { body: { segments } });
    const conflict = await api.post('/v1/bookings', { body: { segments } }).catch((e) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict.code).toBe('booking_conflict');
    expect(conflict.body.conflicts[0].reason).toBe('capacity_exceeded');

    const badKey = new Scheduling({ apiKey: 'sk_test_doesnotexist0000', baseUrl });
    await expect(badKey.get('/v1/accounts')).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('sends an Idempotency-Key on every POST and reuses it on the retry of a lost response, so the booking is made once', async () => {
    const proxy = await FailingProxy.start(baseUrl);
    const { api, resource } = await studio({ baseUrl: proxy.url });
    const d = day(7);
    proxy.fail({ forwardThenFail: 503 });
    const booking = await api.post('/v1/bookings', {
      body: { segments: [{ resource: resource.id, start: `${d}T12:00:00Z`, end: `${d}T13:00:00Z` }] },
    });
    const posts = proxy.seen.filter((r) => r.method === 'POST' && r.path === '/v1/bookings');
    expect(posts).toHaveLength(2);
    expect(posts[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1].headers['idempotency-key']).toBe(posts[0].headers['idempotency-key']);

    const all = await api.get('/v1/bookings', { params: { query: { resource: resource.id } } });
    expect(all.data.map((b) => b.id)).toEqual([booking.id]);
    // Each logical POST has a key of its own.
    const keys = new Set(proxy.seen.filter((r) => r.method === 'POST').map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(proxy.seen.filter((r) => r.method === 'POST').length - 1);
  });

  it('uses the Idempotency-Key given by the caller, and the server replays the first answer', async () => {
    const { api } = await studio();
    const first = await api.post('/v1/locations', { body: { name: 'Hall' }, idempotencyKey: 'client-test-hall-1' });
    const again = await api.post('/v1/locations', { body: { name: 'Hall' }, idempotencyKey: 'client-test-hall-1' });
    expect(again.id).toBe(first.id);
  });

  it('retries 429 after the Retry-After it names, and 5xx with backoff, then succeeds', async () => {
    const proxy = await FailingProxy.start(baseUrl);
    const api = new Scheduling({ apiKey: testKey, baseUrl: proxy.url, retryBaseDelayMs: 10, maxRetries: 3 });
    proxy.fail({ status: 429, headers: { 'retry-after': '1' } }, { status: 502 });
    const started = Date.now();
    const list = await api.get('/v1/accounts');
    expect(list.object).toBe('list');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(proxy.seen.filter((r) => r.path === '/v1/accounts')).toHaveLength(3);
  });

  it('gives up after maxRetries with the typed error of the last answer', async () => {
    const proxy = await FailingProxy.start(baseUrl);
    const api = new Scheduling({ apiKey: testKey, baseUrl: proxy.url, retryBaseDelayMs: 1, maxRetries: 1 });
    proxy.fail({ status: 503 }, { status: 503 });
    await expect(api.get('/v1/accounts')).rejects.toBeInstanceOf(ApiServerError);
    proxy.fail(
      { status: 429, headers: { 'retry-after': '0' }, body: '{"error":{"type":"rate_limit_error","code":"rate_limited","message":"slow down","param":null,"request_id":"req_x"}}' },
      { status: 429, headers: { 'retry-after': '0' }, body: '{"error":{"type":"rate_limit_error","code":"rate_limited","message":"slow down","param":null,"request_id":"req_y"}}' },
    );
    const error = await api.get('/v1/accounts').catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.requestId).toBe('req_y');
  });

  it('does not retry a 4xx answer', async () => {
    const proxy = await FailingProxy.start(baseUrl);
    const api = new Scheduling({ apiKey: testKey, baseUrl: proxy.url, retryBaseDelayMs: 1 });
    await expect(api.get('/v1/accounts/{id}', { params: { path: { id: 'acct_missing' } } })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(proxy.seen).toHaveLength(1);
  });

  it('reports a server that cannot be reached as a connection error after its retries', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = new Scheduling({ apiKey: testKey, baseUrl: `http://127.0.0.1:${port}`, retryBaseDelayMs: 1, maxRetries: 1 });
    await expect(api.get('/v1/accounts')).rejects.toBeInstanceOf(SchedulingConnectionError);
  });

  it('iterates over every item of a list, page after page', async () => {
    const { api } = await studio();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await api.post('/v1/locations', { body: { name: `Hall ${i}` } })).id);
    const seen: string[] = [];
    for await (const location of api.list('/v1/locations', { params: { query: { limit: 3 } } })) seen.push(location.id);
    expect(seen.sort()).toEqual([...created].sort());

    // Filters apply to every page; breaking out stops fetching.
    let taken = 0;
    for await (const _ of api.list('/v1/locations', { params: { query: { limit: 2 } } })) if (++taken === 3) break;
    expect(taken).toBe(3);
  });

  it("reads a booking's history and erases its customer", async () => {
    const { api, resource } = await studio();
    const d = day(7);
    const customer = { reference: 'cus_client', name: 'Client Customer', email: 'client.customer@example.org' };
    const booking = await api.post('/v1/bookings', { body: { segments: [{ resource: resource.id, start: `${d}T10:00:00Z`, end: `${d}T11:00:00Z` }], customer } });
    await api.post('/v1/bookings/{id}/cancel', { params: { path: { id: booking.id } }, body: {} });
    const history = await api.get('/v1/bookings/{id}/history', { params: { path: { id: booking.id } } });
    expect(history.data.map((c) => [c.type, c.actor?.type])).toEqual([
      ['booking.created', 'api_key'],
      ['booking.cancelled', 'api_key'],
    ]);
    expect(history.data[1]!.changed_attributes?.status).toEqual({ previous: 'confirmed', current: 'cancelled' });

    const erasure = await api.post('/v1/customers/erase', { body: { customer: { reference: customer.reference } } });
    expect(erasure).toMatchObject({ object: 'customer_erasure', erased: { bookings: 1 } });
    const erased = await api.get('/v1/bookings/{id}', { params: { path: { id: booking.id } } });
    expect(erased.customer).toMatchObject({ reference: 'erased', name: null, email: null });
  });

  it("exports an account and downloads its files as sent, each matching the manifest's checksum", async () => {
    const { api, account } = await studio();
    await api.post('/v1/resources', { body: { name: 'Room 2', type: 'room' } });
    const path = { id: account.id };
    let exported = await api.post('/v1/accounts/{id}/exports', { params: { path } });
    expect(exported.status).toBe('pending');
    for (let i = 0; i < 150 && exported.status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      exported = await api.get('/v1/accounts/{id}/exports/{export}', { params: { path: { ...path, export: exported.id } } });
    }
    expect(exported.status).toBe('ready');
    const file = (name: string) => ({ params: { path: { ...path, export: exported.id, file: name } } });
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

    const manifestText = await api.download('/v1/accounts/{id}/exports/{export}/files/{file}', file('manifest.json'));
    expect(`sha256:${sha256(manifestText)}`).toBe(exported.checksum);
    const manifest = JSON.parse(manifestText);
    const resources = manifest.files.find((f: { type: string }) => f.type === 'resources');
    const lines = await api.download('/v1/accounts/{id}/exports/{export}/files/{file}', file(resources.file));
    expect(sha256(lines)).toBe(resources.sha256);
    expect(lines.trim().split('\n').map((l) => JSON.parse(l).name).sort()).toEqual(['Room 1', 'Room 2']);
    // get() reads JSON Lines as text too: only JSON answers are parsed.
    expect(await api.get('/v1/accounts/{id}/exports/{export}/files/{file}', file(resources.file))).toBe(lines);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('webhook verification', () => {
  it('verifies a real delivery from the service, and refuses a tampered body, a wrong secret and a stale timestamp', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const { api } = await studio();
      const endpoint = await api.post('/v1/webhook_endpoints', {
        body: { url: `http://127.0.0.1:${port}/hooks`, enabled_events: ['location.created'] },
        account: null,
      });
      const location = await api.post('/v1/locations', { body: { name: 'Signed hall' } });
      const deadline = Date.now() + 15_000;
      while (!received.some((r) => r.body.includes(location.id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const delivery = received.find((r) => r.body.includes(location.id))!;
      expect(delivery).toBeDefined();

      const event = await verifyWebhook(endpoint.secret!, delivery.headers, delivery.body);
      expect(event.type).toBe('location.created');
      expect((event.data.object as { id: string }).id).toBe(location.id);
      // Fetch Headers work too.
      const headers = new Headers(Object.entries(delivery.headers).map(([k, v]): [string, string] => [k, String(v)]));
      await expect(verifyWebhook(endpoint.secret!, headers, delivery.body)).resolves.toMatchObject({ id: event.id });

      await expect(verifyWebhook(endpoint.secret!, delivery.headers, delivery.body.replace('Signed hall', 'Forged hall'))).rejects.toBeInstanceOf(WebhookVerificationError);
      await expect(verifyWebhook('whsec_' + Buffer.alloc(32, 7).toString('base64'), delivery.headers, delivery.body)).rejects.toBeInstanceOf(WebhookVerificationError);
      const later = new Date(Number(delivery.headers['webhook-timestamp']) * 1000 + 600_000);
      await expect(verifyWebhook(endpoint.secret!, delivery.headers, delivery.body, { now: later })).rejects.toThrow(/too far/);
      await expect(verifyWebhook(endpoint.secret!, {}, delivery.body)).rejects.toThrow(/Missing/);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
