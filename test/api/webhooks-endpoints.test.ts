import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { createEndpoint, isolatedPlatform } from './webhooks.helpers.js';
import { LATEST_API_VERSION } from '../../src/lib/api-versions.js';

const t = await setupTestApp();
const URL = 'https://hooks.example.com/scheduling';

describe('webhook endpoints', () => {
  it('creates an endpoint with a whsec_ secret of 32 random bytes, shown only on create', async () => {
    const { api } = await isolatedPlatform(t);
    const res = await api.post('/v1/webhook_endpoints', { url: URL, enabled_events: ['booking.*'], description: 'Bookings feed', metadata: { team: 'ops' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'webhook_endpoint',
      livemode: false,
      url: URL,
      enabled_events: ['booking.*'],
      api_version: LATEST_API_VERSION,
      status: 'enabled',
      disabled_reason: null,
      disabled_at: null,
      last_success_at: null,
      failing_since: null,
      consecutive_failures: 0,
      description: 'Bookings feed',
      metadata: { team: 'ops' },
    });
    expect(res.body.id).toMatch(/^we_/);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(res.body.secret.slice(6), 'base64')).toHaveLength(32);

    const got = await api.get(`/v1/webhook_endpoints/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('secret');
    expect(got.body).toEqual(Object.fromEntries(Object.entries(res.body).filter(([k]) => k !== 'secret')));
    const listed = await api.get('/v1/webhook_endpoints');
    expect(listed.body.data[0]).not.toHaveProperty('secret');
  });

  it('emits webhook_endpoint.created, .updated and .deleted at platform level (account null), never with the secret', async () => {
    const { api } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: URL, enabled_events: ['*'] });
    await api.post(`/v1/webhook_endpoints/${ep.id}`, { description: 'renamed' });
    await api.del(`/v1/webhook_endpoints/${ep.id}`);
    const events = (await api.get('/v1/events', { type: 'webhook_endpoint.*' })).body.data;
    expect(events.map((e: any) => e.type)).toEqual(['webhook_endpoint.deleted', 'webhook_endpoint.updated', 'webhook_endpoint.created']);
    for (const e of events) {
      expect(e.account).toBeNull();
      expect(e.data.object.id).toBe(ep.id);
      expect(e.data.object).not.toHaveProperty('secret');
    }
    expect(events[1].data.previous_attributes).toEqual({ description: null });
  });

  it('accepts exact types, object prefixes and * and drops duplicates', async () => {
    const { api } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: URL, enabled_events: ['booking.confirmed', 'schedule_override.*', '*', 'booking.confirmed'] });
    expect(ep.enabled_events).toEqual(['booking.confirmed', 'schedule_override.*', '*']);
  });

  it('refuses unknown event types and prefixes naming the entry, and an empty list', async () => {
    const { api } = await isolatedPlatform(t);
    expectError(await api.post('/v1/webhook_endpoints', { url: URL, enabled_events: ['booking.created', 'booking.exploded'] }), 400, 'parameter_invalid', 'enabled_events[1]');
    expectError(await api.post('/v1/webhook_endpoints', { url: URL, enabled_events: ['invoice.*'] }), 400, 'parameter_invalid', 'enabled_events[0]');
    expectError(await api.post('/v1/webhook_endpoints', { url: URL, enabled_events: ['booking'] }), 400, 'parameter_invalid', 'enabled_events[0]');
    expectError(await api.post('/v1/webhook_endpoints', { url: URL, enabled_events: [] }), 400, 'parameter_invalid', 'enabled_events');
    expectError(await api.post('/v1/webhook_endpoints', { url: URL }), 400, 'parameter_missing', 'enabled_events');
    const ep = await createEndpoint(api, { url: URL, enabled_events: ['*'] });
    expectError(await api.post(`/v1/webhook_endpoints/${ep.id}`, { enabled_events: ['*', 'booking.*', 'nope.*'] }), 400, 'parameter_invalid', 'enabled_events[2]');
  });

  it('takes known api versions only, defaulting to the platform’s pinned version', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    expectError(await api.post('/v1/webhook_endpoints', { url: URL, enabled_events: ['*'], api_version: '2025-01-01' }), 400, 'parameter_invalid', 'api_version');
    const old = await createEndpoint(api, { url: URL, enabled_events: ['*'], api_version: '2026-05-01' });
    expect(old.api_version).toBe('2026-05-01');
    await t.db.kysely.updateTable('platforms').set({ api_version: '2026-05-01' }).where('id', '=', platformId).execute();
    const pinned = await createEndpoint(api, { url: URL, enabled_events: ['*'] });
    expect(pinned.api_version).toBe('2026-05-01');
    const updated = await api.post(`/v1/webhook_endpoints/${pinned.id}`, { api_version: '2026-10-16' });
    expect(updated.body.api_version).toBe('2026-10-16');
    expectError(await api.post(`/v1/webhook_endpoints/${pinned.id}`, { api_version: 'latest' }), 400, 'parameter_invalid', 'api_version');
  });

  it('limits descriptions to 500 characters and lets null clear one', async () => {
    const { api } = await isolatedPlatform(t);
    expectError(await api.post('/v1/webhook_endpoints', { url: URL, enabled_events: ['*'], description: 'x'.repeat(501) }), 400, 'parameter_invalid', 'description');
    const ep = await createEndpoint(api, { url: URL, enabled_events: ['*'], description: 'x'.repeat(500) });
    const cleared = await api.post(`/v1/webhook_endpoints/${ep.id}`, { description: null });
    expect(cleared.body.description).toBeNull();
  });

  it('updates url, events and metadata; an empty metadata value removes the key', async () => {
    const { api } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: URL, enabled_events: ['*'], metadata: { a: '1', b: '2' } });
    const res = await api.post(`/v1/webhook_endpoints/${ep.id}`, { url: 'https://other.example.com/x', enabled_events: ['resource.*'], metadata: { a: '', c: '3' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ url: 'https://other.example.com/x', enabled_events: ['resource.*'], metadata: { b: '2', c: '3' } });
    expect(res.body).not.toHaveProperty('secret');
  });

  it('disables by hand with reason manual and enables again with the failure count reset', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: URL, enabled_events: ['*'] });
    const off = await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: true });
    expect(off.body).toMatchObject({ status: 'disabled', disabled_reason: 'manual' });
    expect(off.body.disabled_at).toMatch(/Z$/);
    await t.db.kysely
      .updateTable('webhook_endpoints')
      .set({ consecutive_failures: 7, failing_since: new Date(Date.now() - 3600_000) })
      .where('platform_id', '=', platformId)
      .where('id', '=', ep.id)
      .execute();
    const on = await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: false });
    expect(on.body).toMatchObject({ status: 'enabled', disabled_reason: null, disabled_at: null, consecutive_failures: 0, failing_since: null });
    const again = await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: false });
    expect(again.body.status).toBe('enabled');
  });

  it('lists newest first with pagination and metadata filters', async () => {
    const { api } = await isolatedPlatform(t);
    const a = await createEndpoint(api, { url: URL, enabled_events: ['*'], metadata: { env: 'staging' } });
    const b = await createEndpoint(api, { url: URL, enabled_events: ['*'], metadata: { env: 'prod' } });
    const c = await createEndpoint(api, { url: URL, enabled_events: ['*'], metadata: { env: 'prod' } });
    const page1 = await api.get('/v1/webhook_endpoints', { limit: 2 });
    expect(page1.body.data.map((e: any) => e.id)).toEqual([c.id, b.id]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await api.get('/v1/webhook_endpoints', { limit: 2, starting_after: b.id });
    expect(page2.body.data.map((e: any) => e.id)).toEqual([a.id]);
    expect(page2.body.has_more).toBe(false);
    const prod = await api.get('/v1/webhook_endpoints', { 'metadata[env]': 'prod' });
    expect(prod.body.data.map((e: any) => e.id)).toEqual([c.id, b.id]);
    expectError(await api.get('/v1/webhook_endpoints', { status: 'enabled' }), 400, 'parameter_unknown', 'status');
  });

  it('deletes an endpoint; afterwards it is missing', async () => {
    const { api } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: URL, enabled_events: ['*'] });
    const res = await api.del(`/v1/webhook_endpoints/${ep.id}`);
    expect(res.body).toEqual({ id: ep.id, object: 'webhook_endpoint', deleted: true });
    expectError(await api.get(`/v1/webhook_endpoints/${ep.id}`), 404, 'resource_missing');
    expectError(await api.del(`/v1/webhook_endpoints/${ep.id}`), 404, 'resource_missing');
  });

  it("keeps platforms and modes apart: another platform's or mode's endpoint is missing", async () => {
    const { api } = await isolatedPlatform(t);
    const other = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: URL, enabled_events: ['*'] });
    expectError(await other.api.get(`/v1/webhook_endpoints/${ep.id}`), 404, 'resource_missing');
    expectError(await other.api.post(`/v1/webhook_endpoints/${ep.id}`, { description: 'x' }), 404, 'resource_missing');
    expectError(await api.get(`/v1/webhook_endpoints/${ep.id}`, undefined, { key: (await isolatedPlatform(t)).liveKey }), 404, 'resource_missing');
    const live = await api.get('/v1/webhook_endpoints', undefined, { key: t.liveKey });
    expect(live.body.data).toEqual([]);
  });

  it('needs https in live mode', async () => {
    const live = t.api.withKey(t.liveKey);
    expectError(await live.post('/v1/webhook_endpoints', { url: 'http://hooks.example.com/x', enabled_events: ['*'] }), 400, 'parameter_invalid', 'url');
    const ok = await live.post('/v1/webhook_endpoints', { url: URL, enabled_events: ['*'] });
    expect(ok.status).toBe(200);
    expect(ok.body.livemode).toBe(true);
    expectError(await live.post(`/v1/webhook_endpoints/${ok.body.id}`, { url: 'http://hooks.example.com/x' }), 400, 'parameter_invalid', 'url');
  });

  it('refuses urls that are not absolute http(s) urls or carry credentials', async () => {
    const { api } = await isolatedPlatform(t);
    for (const url of ['not a url', '/relative', 'ftp://example.com/x', 'https://user:pw@example.com/x']) {
      expectError(await api.post('/v1/webhook_endpoints', { url, enabled_events: ['*'] }), 400, 'parameter_invalid', 'url');
    }
  });

  it('needs the webhook_endpoints permission and refuses keys bound to one account', async () => {
    const readOnly = await t.restrictedKey({ permissions: { webhook_endpoints: 'read' } });
    expect((await t.api.get('/v1/webhook_endpoints', undefined, { key: readOnly })).status).toBe(200);
    expectError(await t.api.post('/v1/webhook_endpoints', { url: URL, enabled_events: ['*'] }, { key: readOnly }), 403, 'permission_denied');
    const eventsOnly = await t.restrictedKey({ permissions: { events: 'write' } });
    expectError(await t.api.get('/v1/webhook_endpoints', undefined, { key: eventsOnly }), 403, 'permission_denied');
    const acct = await t.newAccount();
    const bound = await t.restrictedKey({ permissions: { webhook_endpoints: 'write' }, account: acct.accountId });
    expectError(await t.api.get('/v1/webhook_endpoints', undefined, { key: bound }), 403, 'permission_denied');
  });

  it('ignores a Service-Account header: endpoints belong to the platform', async () => {
    const acct = await t.newAccount();
    const res = await acct.post('/v1/webhook_endpoints', { url: URL, enabled_events: ['*'] });
    expect(res.status).toBe(200);
  });
});
