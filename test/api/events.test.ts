import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { runRetention } from '../../src/features/webhooks/retention.worker.js';
import { createEndpoint, emit, isolatedPlatform, sampleLocation } from './webhooks.helpers.js';
import { LATEST_API_VERSION } from '../../src/lib/api-versions.js';

const t = await setupTestApp();
const DAY = 24 * 3600_000;

describe('events API', () => {
  it('lists newest first and filters by exact type, prefix or *', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const a = await emit(t, platformId, 'location.created', sampleLocation());
    const b = await emit(t, platformId, 'location.updated', sampleLocation(), { name: 'x' });
    const c = await emit(t, platformId, 'resource.created', { id: 'res_1', object: 'resource' });
    const ids = async (q: Record<string, string>) => (await api.get('/v1/events', q)).body.data.map((e: any) => e.id);
    expect(await ids({})).toEqual([c, b, a]);
    expect(await ids({ type: '*' })).toEqual([c, b, a]);
    expect(await ids({ type: 'location.*' })).toEqual([b, a]);
    expect(await ids({ type: 'location.updated' })).toEqual([b]);
    expect(await ids({ type: 'booking.*' })).toEqual([]);
    const page = await api.get('/v1/events', { limit: 2 });
    expect(page.body.has_more).toBe(true);
    expect((await api.get('/v1/events', { starting_after: page.body.data[1].id })).body.data.map((e: any) => e.id)).toEqual([a]);
  });

  it('refuses a type filter that names no event type or prefix', async () => {
    for (const type of ['location', 'location.exploded', 'invoice.*', 'location.%', 'schedule_*']) {
      expectError(await t.api.get('/v1/events', { type }), 400, 'parameter_invalid', 'type');
    }
    expectError(await t.api.get('/v1/events', { colour: 'red' }), 400, 'parameter_unknown', 'colour');
  });

  it('narrows to one account with Service-Account; platform-level events have account null', async () => {
    const one = await t.newAccount({ name: 'One' });
    const two = await t.newAccount({ name: 'Two' });
    await one.post('/v1/locations', { name: 'Hall' });
    await two.post('/v1/locations', { name: 'Court' });
    await createEndpoint(t.api, { url: 'https://hooks.example.com/x', enabled_events: ['*'] });
    const narrowed = (await one.get('/v1/events', { limit: 100 })).body.data;
    expect(narrowed.length).toBeGreaterThanOrEqual(2);
    expect(narrowed.every((e: any) => e.account === one.accountId)).toBe(true);
    const all = (await t.api.get('/v1/events', { limit: 100 })).body.data;
    expect(all.some((e: any) => e.account === two.accountId)).toBe(true);
    expect(all.find((e: any) => e.type === 'webhook_endpoint.created').account).toBeNull();
  });

  it('lets a key bound to one account read only that account’s events', async () => {
    const mine = await t.newAccount({ name: 'Mine' });
    const theirs = await t.newAccount({ name: 'Theirs' });
    await mine.post('/v1/locations', { name: 'Hall' });
    await theirs.post('/v1/locations', { name: 'Court' });
    const key = await t.restrictedKey({ permissions: { events: 'read' }, account: mine.accountId });
    const listed = (await t.api.get('/v1/events', { limit: 100 }, { key })).body.data;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((e: any) => e.account === mine.accountId)).toBe(true);
    const foreign = (await theirs.get('/v1/events', { type: 'location.created' })).body.data[0];
    expectError(await t.api.get(`/v1/events/${foreign.id}`, undefined, { key }), 404, 'resource_missing');
    expectError(await t.api.get(`/v1/events/${foreign.id}/deliveries`, undefined, { key }), 404, 'resource_missing');
    const own = (await mine.get('/v1/events', { type: 'location.created' })).body.data[0];
    expect((await t.api.get(`/v1/events/${own.id}`, undefined, { key })).status).toBe(200);
  });

  it('retrieves an event by id without a Service-Account; other platforms and modes do not see it', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const id = await emit(t, platformId, 'location.created', sampleLocation());
    const res = await api.get(`/v1/events/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, object: 'event', type: 'location.created', livemode: false, account: null, api_version: LATEST_API_VERSION });
    expect(res.body.data).toEqual({ object: expect.objectContaining({ object: 'location' }), previous_attributes: null });
    expectError(await t.api.get(`/v1/events/${id}`), 404, 'resource_missing');
    expectError(await api.get(`/v1/events/${id}`, undefined, { key: (await isolatedPlatform(t)).liveKey }), 404, 'resource_missing');
  });

  it('needs the events permission', async () => {
    const none = await t.restrictedKey({ permissions: { webhook_endpoints: 'write' } });
    expectError(await t.api.get('/v1/events', undefined, { key: none }), 403, 'permission_denied');
    const read = await t.restrictedKey({ permissions: { events: 'read' } });
    const id = (await t.api.get('/v1/events')).body.data[0].id;
    const ep = await createEndpoint(t.api, { url: 'https://hooks.example.com/x', enabled_events: ['*'] });
    expectError(await t.api.post(`/v1/events/${id}/resend`, { endpoint: ep.id }, { key: read }), 403, 'permission_denied');
  });
});

describe('retention', () => {
  it('hides events older than 30 days, then deletes them with their deliveries; idempotency keys go after 24 hours', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: 'https://hooks.example.com/x', enabled_events: ['location.*'] });
    expect(ep.status).toBe('enabled');
    const old = await emit(t, platformId, 'location.created', sampleLocation(), null, { at: new Date(t.clock.now().getTime() - 31 * DAY) });
    const recent = await emit(t, platformId, 'location.created', sampleLocation(), null, { at: new Date(t.clock.now().getTime() - 28 * DAY) });
    expectError(await api.get(`/v1/events/${old}`), 404, 'resource_missing');
    expect((await api.get('/v1/events', { type: 'location.created' })).body.data.map((e: any) => e.id)).toEqual([recent]);

    await api.post('/v1/accounts', { name: 'Idem' }, { idempotencyKey: 'old-key' });
    t.clock.advance(25 * 3600_000);
    await api.post('/v1/accounts', { name: 'Idem 2' }, { idempotencyKey: 'new-key' });

    const result = await runRetention(t.db.kysely, t.clock.now());
    expect(result.events).toBeGreaterThanOrEqual(1);
    expect(result.idempotencyKeys).toBeGreaterThanOrEqual(1);
    const events = await t.db.kysely.selectFrom('events').select('id').where('platform_id', '=', platformId).where('id', 'in', [old, recent]).execute();
    expect(events.map((e) => e.id)).toEqual([recent]);
    const deliveries = await t.db.kysely.selectFrom('webhook_deliveries').select('event_id').where('platform_id', '=', platformId).execute();
    expect(deliveries.map((d) => d.event_id)).toEqual([recent]);
    const keys = await t.db.kysely.selectFrom('idempotency_keys').select('key').where('platform_id', '=', platformId).execute();
    expect(keys.map((k) => k.key)).toEqual(['new-key']);
  });
});
