import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { expectError, setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { createEndpoint, deliveriesOf, emit, isolatedPlatform, receivers, sampleLocation, startWorkers } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
startWorkers(t);
const receiver = receivers();

describe('resending one event', () => {
  it('creates a fresh delivery (pending, 0 attempts, resent_at) whatever happened before, and sends it again with the same webhook-id', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    const id = await emit(t, platformId, 'location.created', sampleLocation());
    await eventually(async () => (await deliveriesOf(api, ep.id))[0]?.status === 'succeeded');

    const res = await api.post(`/v1/events/${id}/resend`, { endpoint: ep.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'webhook_delivery', event: id, event_type: 'location.created', endpoint: ep.id, status: 'pending', attempts: 0, recent_attempts: [] });
    expect(res.body.resent_at).toMatch(/Z$/);
    expect(res.body.next_attempt_at).toBe(res.body.resent_at);
    await eventually(() => r.forEvent(id).length === 2, { what: 'the resent delivery' });
    expect(r.forEvent(id).map((q) => q.headers['webhook-id'])).toEqual([id, id]);
    const both = await eventually(async () => {
      const list = (await api.get(`/v1/events/${id}/deliveries`)).body.data;
      return list.every((d: any) => d.status === 'succeeded') && list;
    });
    expect(both).toHaveLength(2);
    // Both ids carry the same millisecond under the test clock, so find the resent one by id.
    expect(both.find((d: any) => d.id === res.body.id)).toMatchObject({ attempts: 1 });
  });

  it('sends to an endpoint that did not subscribe to the type when asked explicitly', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['booking.*'] });
    const id = await emit(t, platformId, 'location.created', sampleLocation());
    expect((await api.post(`/v1/events/${id}/resend`, { endpoint: ep.id })).status).toBe(200);
    await eventually(() => r.forEvent(id).length === 1);
  });

  it('answers 404 param endpoint for an endpoint of another platform or mode, and 404 for a missing event', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const other = await isolatedPlatform(t);
    const id = await emit(t, platformId, 'location.created', sampleLocation());
    const foreign = await createEndpoint(other.api, { url: 'https://hooks.example.com/x', enabled_events: ['*'] });
    const live = await createEndpoint(api.withKey((await isolatedPlatform(t)).liveKey), { url: 'https://hooks.example.com/x', enabled_events: ['*'] });
    expectError(await api.post(`/v1/events/${id}/resend`, { endpoint: 'we_nope' }), 404, 'resource_missing', 'endpoint');
    expectError(await api.post(`/v1/events/${id}/resend`, { endpoint: foreign.id }), 404, 'resource_missing', 'endpoint');
    expectError(await api.post(`/v1/events/${id}/resend`, { endpoint: live.id }), 404, 'resource_missing', 'endpoint');
    expectError(await api.post(`/v1/events/${id}/resend`, {}), 400, 'parameter_missing', 'endpoint');
    expectError(await api.post('/v1/events/evt_missing/resend', { endpoint: foreign.id }), 404, 'resource_missing');
    expectError(await other.api.post(`/v1/events/${id}/resend`, { endpoint: foreign.id }), 404, 'resource_missing');
  });
});

describe('resending for an endpoint', () => {
  it('requeues failed deliveries, expedites waiting ones and queues events that never had one', async () => {
    const r = await receiver();
    r.status(500);
    const { api, platformId } = await isolatedPlatform(t);
    const before = await emit(t, platformId, 'location.created', sampleLocation('before the endpoint'));
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    const failed = await emit(t, platformId, 'location.created', sampleLocation('failed'));
    await eventually(async () => (await deliveriesOf(api, ep.id))[0]?.status === 'failed', { what: 'the delivery to fail' });
    const waiting = await emit(t, platformId, 'location.updated', sampleLocation('waiting'), { name: 'x' });
    const w = await eventually(async () => (await deliveriesOf(api, ep.id)).find((d) => d.event === waiting && d.attempts === 1));
    // A long retry wait, as after the fourth failure with the production schedule. (Set
    // whatever the worker is doing: a claim it holds is void from here on.)
    await t.db.kysely
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', attempts: 1, next_attempt_at: new Date(Date.now() + 3600_000), locked_until: null, claim_token: null })
      .where('platform_id', '=', platformId)
      .where('id', '=', w.id)
      .execute();
    const unrelated = await emit(t, platformId, 'resource.created', { id: 'res_x', object: 'resource' });

    r.ok();
    const res = await api.post(`/v1/webhook_endpoints/${ep.id}/resend`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'webhook_resend', endpoint: ep.id, requeued: 1, expedited: 1, queued: 1, has_more: false });
    expect(res.body).not.toHaveProperty('note');
    expect(Date.parse(res.body.until) - Date.parse(res.body.since)).toBeGreaterThanOrEqual(30 * 24 * 3600_000 - 1000);

    const requeued = (await deliveriesOf(api, ep.id)).find((d) => d.event === failed)!;
    expect(requeued.attempts).toBeLessThanOrEqual(1);
    expect(requeued.resent_at).toMatch(/Z$/);
    for (const id of [before, failed, waiting]) {
      await eventually(() => r.forEvent(id).some((q) => q.answered === 200), { what: `delivery of ${id}` });
    }
    expect(r.forEvent(unrelated)).toEqual([]);
    const all = await eventually(async () => {
      const list = await deliveriesOf(api, ep.id);
      return list.every((d) => d.status === 'succeeded') && list;
    });
    expect(all).toHaveLength(3);

    const again = await api.post(`/v1/webhook_endpoints/${ep.id}/resend`, {});
    expect(again.body).toMatchObject({ requeued: 0, expedited: 0, queued: 0, has_more: false });
  });

  it('limits the window with since/until and refuses since after until', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: 'https://hooks.example.com/x', enabled_events: ['location.*'] });
    await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: true });
    await emit(t, platformId, 'location.created', sampleLocation(), null, { at: new Date(Date.now() - 3 * 24 * 3600_000) });
    await emit(t, platformId, 'location.created', sampleLocation());
    const window = { since: new Date(Date.now() - 4 * 24 * 3600_000).toISOString(), until: new Date(Date.now() - 2 * 24 * 3600_000).toISOString() };
    const res = await api.post(`/v1/webhook_endpoints/${ep.id}/resend`, window);
    expect(res.body).toMatchObject({ queued: 1, requeued: 0, expedited: 0, has_more: false, since: window.since.replace(/\.\d+Z$/, 'Z') });
    expect(res.body.note).toMatch(/disabled/);
    const rest = await api.post(`/v1/webhook_endpoints/${ep.id}/resend`, { since: '2020-01-01T00:00:00+02:00' });
    expect(rest.body.queued).toBe(1);
    expectError(await api.post(`/v1/webhook_endpoints/${ep.id}/resend`, { since: window.until, until: window.since }), 400, 'parameter_invalid', 'since');
    expectError(await api.post(`/v1/webhook_endpoints/${ep.id}/resend`, { since: 'yesterday' }), 400, 'parameter_invalid', 'since');
    expectError(await api.post(`/v1/webhook_endpoints/${ep.id}/resend`, { from: window.since }), 400, 'parameter_unknown', 'from');
    expectError(await api.post('/v1/webhook_endpoints/we_missing/resend'), 404, 'resource_missing');
  });

  it('handles at most 1000 deliveries per call and says has_more; the next call continues', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: 'https://hooks.example.com/x', enabled_events: ['location.*'] });
    await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: true });
    await sql`
      insert into events (platform_id, id, livemode, account_id, type, object, previous_attributes, created_at)
      select ${platformId}, 'evt_bulk' || lpad(i::text, 6, '0'), false, null, 'location.created', '{"object":"location"}', null, now()
      from generate_series(1, 1001) as i
    `.execute(t.db.kysely);
    const first = await api.post(`/v1/webhook_endpoints/${ep.id}/resend`);
    expect(first.body).toMatchObject({ queued: 1000, has_more: true });
    const second = await api.post(`/v1/webhook_endpoints/${ep.id}/resend`);
    expect(second.body).toMatchObject({ queued: 1, has_more: false });
  });

  it('needs write access to webhook_endpoints', async () => {
    const key = await t.restrictedKey({ permissions: { webhook_endpoints: 'read', events: 'write' } });
    const ep = await createEndpoint(t.api, { url: 'https://hooks.example.com/x', enabled_events: ['location.*'] });
    expectError(await t.api.post(`/v1/webhook_endpoints/${ep.id}/resend`, {}, { key }), 403, 'permission_denied');
    expect((await t.api.get(`/v1/webhook_endpoints/${ep.id}/deliveries`, undefined, { key })).status).toBe(200);
  });
});
