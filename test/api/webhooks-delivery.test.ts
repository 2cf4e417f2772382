import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { expectError, setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { createEndpoint, deliveriesOf, emit, isolatedPlatform, receivers, sampleLocation, startWorkers } from './webhooks.helpers.js';
import { LATEST_API_VERSION } from '../../src/lib/api-versions.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
startWorkers(t);
const receiver = receivers();

describe('webhook delivery', () => {
  it('POSTs each event once, signed so that standardwebhooks verifies it, with the event id as webhook-id', async () => {
    const r = await receiver();
    const { api } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['account.created'] });
    const account = await api.post('/v1/accounts', { name: 'Signed Studio', metadata: { plan: 'pro' } });
    const event = (await api.get('/v1/events', { type: 'account.created' })).body.data[0];
    const [req] = await eventually(() => r.forEvent(event.id).length === 1 && r.forEvent(event.id), { what: 'the delivery' });

    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    const payload = new Webhook(ep.secret).verify(req.body, {
      'webhook-id': String(req.headers['webhook-id']),
      'webhook-timestamp': String(req.headers['webhook-timestamp']),
      'webhook-signature': String(req.headers['webhook-signature']),
    });
    expect(payload).toEqual(event);
    expect(req.json.data.object).toEqual(account.body);
    expect(req.json.api_version).toBe(LATEST_API_VERSION);
    expect(req.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(req.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);

    const tampered = req.body.replace('Signed Studio', 'Forged Studio');
    expect(() =>
      new Webhook(ep.secret).verify(tampered, {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      }),
    ).toThrow();

    const [delivery] = await eventually(async () => {
      const list = await deliveriesOf(api, ep.id);
      return list[0]?.status === 'succeeded' && list;
    });
    expect(delivery).toMatchObject({
      object: 'webhook_delivery',
      livemode: false,
      event: event.id,
      event_type: 'account.created',
      endpoint: ep.id,
      status: 'succeeded',
      attempts: 1,
      next_attempt_at: null,
      last_response_status: 200,
      last_error: null,
      resent_at: null,
    });
    expect(delivery.id).toMatch(/^wd_[0-9a-z]{26}$/);
    expect(delivery.recent_attempts).toEqual([{ attempted_at: delivery.last_attempt_at, response_status: 200, error: null, duration_ms: expect.any(Number) }]);
    const endpoint = (await api.get(`/v1/webhook_endpoints/${ep.id}`)).body;
    expect(endpoint.last_success_at).toMatch(/Z$/);
    expect(endpoint.consecutive_failures).toBe(0);
  });

  it('sends only the types an endpoint enabled: exact, prefix and *', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const exact = await createEndpoint(api, { url: `${r.url}/exact`, enabled_events: ['location.updated'] });
    const prefix = await createEndpoint(api, { url: `${r.url}/prefix`, enabled_events: ['location.*'] });
    const other = await createEndpoint(api, { url: `${r.url}/other`, enabled_events: ['resource.*', 'schedule.created'] });
    // Created last, so that it is not sent the other endpoints' webhook_endpoint.created.
    const all = await createEndpoint(api, { url: `${r.url}/all`, enabled_events: ['*'] });
    const loc = sampleLocation();
    const created = await emit(t, platformId, 'location.created', loc);
    const updated = await emit(t, platformId, 'location.updated', loc, { name: 'Old' });
    await eventually(() => r.requests.length >= 5, { what: 'five deliveries' });
    const deliveredTo = async (id: string) => (await deliveriesOf(api, id)).map((d) => d.event).sort();
    expect(await deliveredTo(exact.id)).toEqual([updated]);
    expect(await deliveredTo(prefix.id)).toEqual([created, updated].sort());
    expect(await deliveredTo(all.id)).toEqual([created, updated].sort());
    expect(await deliveredTo(other.id)).toEqual([]);
    expect(r.requests.filter((q) => q.path.endsWith('/other'))).toEqual([]);
  });

  it('keeps platforms and modes apart: an event reaches only endpoints of its platform and mode', async () => {
    const r = await receiver();
    const mine = await isolatedPlatform(t);
    const theirs = await isolatedPlatform(t);
    const mineEp = await createEndpoint(mine.api, { url: r.url, enabled_events: ['*'] });
    const theirEp = await createEndpoint(theirs.api, { url: r.url, enabled_events: ['*'] });
    const liveEvent = await emit(t, mine.platformId, 'location.created', sampleLocation(), null, { livemode: true });
    const testEvent = await emit(t, mine.platformId, 'location.created', sampleLocation());
    await eventually(() => r.forEvent(testEvent).length === 1, { what: 'the test-mode delivery' });
    expect((await deliveriesOf(mine.api, mineEp.id)).map((d) => d.event)).toEqual([testEvent]);
    expect(await deliveriesOf(theirs.api, theirEp.id)).toEqual([]);
    expect(r.forEvent(liveEvent)).toEqual([]);
  });

  it('retries after 500s with the same webhook-id and a fresh signature, and records every attempt', async () => {
    const r = await receiver();
    r.script({ kind: 'status', status: 500 }, { kind: 'status', status: 503 });
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['*'] });
    const id = await emit(t, platformId, 'location.created', sampleLocation());
    const delivery = await eventually(async () => {
      const [d] = await deliveriesOf(api, ep.id);
      return d?.status === 'succeeded' && d;
    }, { what: 'success on the third attempt' });
    expect(delivery.attempts).toBe(3);
    expect(delivery.recent_attempts.map((a: any) => [a.response_status, a.error])).toEqual([
      [500, 'unexpected status 500'],
      [503, 'unexpected status 503'],
      [200, null],
    ]);
    const seen = r.forEvent(id);
    expect(seen.map((q) => q.answered)).toEqual([500, 503, 200]);
    for (const q of seen) {
      expect(() => new Webhook(ep.secret).verify(q.body, q.headers as Record<string, string>)).not.toThrow();
    }
    const endpoint = (await api.get(`/v1/webhook_endpoints/${ep.id}`)).body;
    expect(endpoint).toMatchObject({ consecutive_failures: 0, failing_since: null, status: 'enabled' });
  });

  it('counts failures on the endpoint and sets failing_since at the first one', async () => {
    const r = await receiver();
    r.status(500);
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['*'] });
    await emit(t, platformId, 'location.created', sampleLocation());
    const failing = await eventually(async () => {
      const e = (await api.get(`/v1/webhook_endpoints/${ep.id}`)).body;
      return e.consecutive_failures >= 2 && e;
    });
    expect(failing.failing_since).toMatch(/Z$/);
    const [d] = await eventually(async () => {
      const list = await deliveriesOf(api, ep.id);
      return list[0]?.status === 'failed' && list;
    }, { what: 'the delivery to fail after the last attempt' });
    expect(d).toMatchObject({ attempts: 3, next_attempt_at: null, last_response_status: 500 });
    expect((await api.get(`/v1/webhook_endpoints/${ep.id}`)).body).toMatchObject({ consecutive_failures: 3, failing_since: failing.failing_since });
  });

  it('treats a hang past the timeout as a failure and retries', async () => {
    const r = await receiver();
    r.script({ kind: 'hang' });
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['*'] });
    const id = await emit(t, platformId, 'location.created', sampleLocation());
    const d = await eventually(async () => {
      const [x] = await deliveriesOf(api, ep.id);
      return x?.status === 'succeeded' && x;
    });
    expect(d.attempts).toBe(2);
    expect(d.recent_attempts[0]).toMatchObject({ response_status: null, error: 'timed out after 500 ms' });
    expect(r.forEvent(id)).toHaveLength(2);
  });

  it('treats redirects as failures and does not follow them', async () => {
    const r = await receiver();
    const target = await receiver();
    r.script({ kind: 'redirect', location: target.url });
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['*'] });
    await emit(t, platformId, 'location.created', sampleLocation());
    const d = await eventually(async () => {
      const [x] = await deliveriesOf(api, ep.id);
      return x?.status === 'succeeded' && x;
    });
    expect(d.recent_attempts[0]).toMatchObject({ response_status: 302 });
    expect(d.recent_attempts[0].error).toMatch(/^redirect \(302/);
    expect(target.requests).toEqual([]);
  });

  it('records a refused connection as an error without a status', async () => {
    const r = await receiver();
    await r.close();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['*'] });
    await emit(t, platformId, 'location.created', sampleLocation());
    const d = await eventually(async () => {
      const [x] = await deliveriesOf(api, ep.id);
      return x?.attempts >= 1 && x;
    });
    expect(d.recent_attempts[0]).toMatchObject({ response_status: null, error: 'connection refused' });
  });

  it('lists deliveries by event and by endpoint, filtered by status, newest first', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const good = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    const bad = await createEndpoint(api, { url: r.url.replace(/:\d+/, ':1'), enabled_events: ['location.*'] });
    const id = await emit(t, platformId, 'location.created', sampleLocation());
    await eventually(async () => (await deliveriesOf(api, good.id, { status: 'succeeded' })).length === 1);
    const byEvent = await api.get(`/v1/events/${id}/deliveries`);
    expect(byEvent.status).toBe(200);
    expect(byEvent.body.data.map((d: any) => d.endpoint).sort()).toEqual([good.id, bad.id].sort());
    const succeeded = await api.get(`/v1/events/${id}/deliveries`, { status: 'succeeded' });
    expect(succeeded.body.data.map((d: any) => d.endpoint)).toEqual([good.id]);
    expect(await deliveriesOf(api, bad.id, { status: 'succeeded' })).toEqual([]);
    const page = await api.get(`/v1/events/${id}/deliveries`, { limit: 1 });
    expect(page.body.has_more).toBe(true);
    expectError(await api.get(`/v1/webhook_endpoints/${good.id}/deliveries`, { status: 'done' }), 400, 'parameter_invalid', 'status');
    expectError(await api.get('/v1/events/evt_missing/deliveries'), 404, 'resource_missing');
    expectError(await api.get('/v1/webhook_endpoints/we_missing/deliveries'), 404, 'resource_missing');
    const other = await isolatedPlatform(t);
    expectError(await other.api.get(`/v1/events/${id}/deliveries`), 404, 'resource_missing');
  });

  it('writes delivery rows in the transaction of the change: a rolled-back change sends nothing', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['*'] });
    const { withTransaction } = await import('../../src/db/transaction.js');
    const { recordEvent } = await import('../../src/events/outbox.repository.js');
    await expect(
      withTransaction(t.db.kysely, async (trx) => {
        await recordEvent(trx, { platformId, livemode: false, accountId: null }, 'location.created', sampleLocation(), null, t.clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const kept = await emit(t, platformId, 'location.created', sampleLocation());
    await eventually(() => r.forEvent(kept).length === 1);
    expect((await deliveriesOf(api, ep.id)).map((d) => d.event)).toEqual([kept]);
    expect(r.requests).toHaveLength(1);
  });

  it('fans out events written in a batch (recordEvents) like single ones: one delivery per event and matching endpoint', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const match = await createEndpoint(api, { url: r.url, enabled_events: ['location.created'] });
    const other = await createEndpoint(api, { url: r.url, enabled_events: ['location.deleted'] });
    const { withTransaction } = await import('../../src/db/transaction.js');
    const { recordEvents } = await import('../../src/events/outbox.repository.js');
    const ids = await withTransaction(t.db.kysely, (trx) =>
      recordEvents(trx, { platformId, livemode: false, accountId: null }, 'location.created', [1, 2, 3].map((i) => ({ object: sampleLocation(`room ${i}`), previous: null })), t.clock.now()),
    );
    await eventually(() => ids.every((id) => r.forEvent(id).length === 1), { what: 'the three deliveries' });
    const delivered = await deliveriesOf(api, match.id);
    expect(delivered.map((d) => d.event).sort()).toEqual([...ids].sort());
    expect(new Set(delivered.map((d) => d.id)).size).toBe(3);
    expect(await deliveriesOf(api, other.id)).toEqual([]);
  });
});
