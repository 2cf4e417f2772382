import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { createEndpoint, emit, isolatedPlatform, receivers, sampleLocation, startWorkers } from './webhooks.helpers.js';
import { HEALTHY_LANE } from '../../src/features/webhooks/delivery-lanes.js';

/**
 * Webhook delivery is isolated per endpoint and fair between platforms (issue "Fair under
 * hostile load", list 3; docs/webhooks.md#delivery-lanes): endpoints whose receivers never
 * answer must not hold up another endpoint's deliveries, of their platform or another. Attempts here hang for 20 s (the timeout), far longer than the
 * one second another platform may be delayed.
 */
const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 3600], workerPollMs: 50, webhookTimeoutMs: 20_000 });
startWorkers(t);
const receiver = receivers();

/** The cap on endpoints per platform and mode (docs/webhooks.md). */
const MAX_ENDPOINTS = 16;

describe('endpoints per platform', () => {
  it(`are capped at ${MAX_ENDPOINTS} per mode, with a clear 400; deleting one makes room`, async () => {
    const { api } = await isolatedPlatform(t);
    const ids: string[] = [];
    for (let i = 0; i < MAX_ENDPOINTS; i++) ids.push((await createEndpoint(api, { url: `https://hooks.example.com/${i}`, enabled_events: ['booking.*'] })).id);
    const over = expectError(await api.post('/v1/webhook_endpoints', { url: 'https://hooks.example.com/17', enabled_events: ['booking.*'] }), 400, 'parameter_invalid', null);
    expect(over.message).toContain(String(MAX_ENDPOINTS));
    expect(over.message).toMatch(/delete/i);
    expect((await api.get('/v1/webhook_endpoints', { limit: 100 })).body.data).toHaveLength(MAX_ENDPOINTS);
    expect((await api.del(`/v1/webhook_endpoints/${ids[0]}`)).status).toBe(200);
    expect((await api.post('/v1/webhook_endpoints', { url: 'https://hooks.example.com/17', enabled_events: ['booking.*'] })).status).toBe(200);
  });
});

describe('delivery under a hanging platform', () => {
  it("a platform whose endpoints all hang delays another platform's delivery by less than a second", async () => {
    const hanging = await receiver();
    hanging.hang();
    const bad = await isolatedPlatform(t);
    for (let i = 0; i < MAX_ENDPOINTS; i++) await createEndpoint(bad.api, { url: `${hanging.url}?n=${i}`, enabled_events: ['location.*'] });
    for (let i = 0; i < 4; i++) await emit(t, bad.platformId, 'location.created', sampleLocation(`Bad ${i}`));
    // The hanging platform's attempts are under way (and will hang for the whole timeout).
    await eventually(() => hanging.requests.length >= 4, { what: 'attempts to the hanging endpoints' });

    const healthy = await receiver();
    const good = await isolatedPlatform(t);
    await createEndpoint(good.api, { url: healthy.url, enabled_events: ['location.*'] });
    const started = Date.now();
    const eventId = await emit(t, good.platformId, 'location.created', sampleLocation('Good'));
    await eventually(() => healthy.forEvent(eventId).length === 1, { what: 'the healthy delivery', timeoutMs: 30_000 });
    const delay = Date.now() - started;
    expect(delay, `healthy delivery took ${delay} ms`).toBeLessThan(1000);
  });

  it('fifteen endpoints of a platform that hang do not delay its healthy sixteenth by a second', async () => {
    // Timed out only after 20 s, longer than the default: the lanes do not wait for the timeout.
    const hanging = await receiver();
    hanging.hang();
    const { api, platformId } = await isolatedPlatform(t);
    for (let i = 0; i < MAX_ENDPOINTS - 1; i++) await createEndpoint(api, { url: `${hanging.url}?n=${i}`, enabled_events: ['location.*'] });
    const healthy = await receiver();
    await createEndpoint(api, { url: healthy.url, enabled_events: ['location.*'] });
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      const eventId = await emit(t, platformId, 'location.created', sampleLocation(`Same platform ${i}`));
      await eventually(() => healthy.forEvent(eventId).length === 1, { what: `healthy delivery ${i}`, timeoutMs: 30_000 });
      const delay = Date.now() - started;
      expect(delay, `healthy delivery ${i} took ${delay} ms`).toBeLessThan(1000);
    }
    expect(hanging.requests.length).toBeGreaterThanOrEqual(MAX_ENDPOINTS - 1);
  });

  it('one endpoint never has more attempts in flight at once than a healthy lane holds', async () => {
    const slow = await receiver();
    slow.hang();
    const p = await isolatedPlatform(t);
    await createEndpoint(p.api, { url: slow.url, enabled_events: ['location.*'] });
    for (let i = 0; i < HEALTHY_LANE + 6; i++) await emit(t, p.platformId, 'location.created', sampleLocation(`Slow ${i}`));
    await eventually(() => slow.requests.length >= 1, { what: 'the first attempt' });
    await new Promise((r) => setTimeout(r, 600));
    expect(slow.requests.length).toBeLessThanOrEqual(HEALTHY_LANE);
  });

  it('a hanging endpoint with a backlog does not hold up a healthy endpoint of the same platform', async () => {
    // Slots free one by one as attempts end: the healthy endpoint's deliveries, claimed in
    // the same passes as the hanging ones, do not wait for them.
    const slow = await receiver();
    slow.hang();
    const fast = await receiver();
    const p = await isolatedPlatform(t);
    await createEndpoint(p.api, { url: slow.url, enabled_events: ['location.*'] });
    await createEndpoint(p.api, { url: fast.url, enabled_events: ['location.*'] });
    const started = Date.now();
    const events: string[] = [];
    for (let i = 0; i < 12; i++) events.push(await emit(t, p.platformId, 'location.created', sampleLocation(`Backlog ${i}`)));
    await eventually(() => events.every((id) => fast.forEvent(id).length === 1), { what: 'every healthy delivery', timeoutMs: 30_000 });
    const took = Date.now() - started;
    // Without isolation they would wait for the hanging attempts' timeout (20 s) at least.
    expect(took, `healthy deliveries took ${took} ms`).toBeLessThan(10_000);
  });
});
