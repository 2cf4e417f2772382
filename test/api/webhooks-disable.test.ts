import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { createEndpoint, deliveriesOf, emit, isolatedPlatform, receivers, sampleLocation } from './webhooks.helpers.js';

// "Failing for 5 days" scaled down to 2 seconds; retries every second. The tests move the
// clock and run the delivery worker's passes themselves: nothing waits for time to pass.
const t = await setupTestApp({
  webhookRetryScheduleSeconds: [0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  webhookDisableAfterSeconds: 2,
  workerPollMs: 100,
  webhookTimeoutMs: 500,
});
const receiver = receivers();
const deliver = () => t.runWorker('webhooks.delivery');

async function endpointOf(api: any, id: string) {
  return (await api.get(`/v1/webhook_endpoints/${id}`)).body;
}

describe('automatic disable', () => {
  it('disables an endpoint failing for the configured time (reason failing), pauses its deliveries, and re-enabling sends them', async () => {
    const r = await receiver();
    r.status(500);
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    const first = await emit(t, platformId, 'location.created', sampleLocation());

    const disabled = await eventually(async () => {
      await deliver();
      const e = await endpointOf(api, ep.id);
      if (e.status !== 'disabled') t.clock.advance(1000);
      return e.status === 'disabled' && e;
    }, { what: 'the endpoint to be disabled' });
    expect(disabled).toMatchObject({ disabled_reason: 'failing' });
    expect(disabled.disabled_at).toMatch(/Z$/);
    expect(disabled.consecutive_failures).toBeGreaterThanOrEqual(2);
    expect(Date.parse(disabled.disabled_at) - Date.parse(disabled.failing_since)).toBeGreaterThanOrEqual(2000);

    const events = (await api.get('/v1/events', { type: 'webhook_endpoint.updated' })).body.data;
    expect(events[0].data.object).toMatchObject({ id: ep.id, status: 'disabled', disabled_reason: 'failing' });
    expect(events[0].data.previous_attributes).toMatchObject({ status: 'enabled', disabled_reason: null, disabled_at: null });

    // While disabled: no new deliveries, and the pending one waits though it is due.
    const whileDisabled = await emit(t, platformId, 'location.updated', sampleLocation(), { name: 'x' });
    const [pending] = await deliveriesOf(api, ep.id);
    expect(pending).toMatchObject({ event: first, status: 'pending' });
    const waitUntil = Date.parse(pending.next_attempt_at) + 1000;
    if (t.clock.now().getTime() < waitUntil) t.clock.set(waitUntil);
    await deliver();
    const still = await deliveriesOf(api, ep.id);
    expect(still).toHaveLength(1);
    expect(still[0]).toMatchObject({ status: 'pending', attempts: pending.attempts });
    expect(r.forEvent(whileDisabled)).toEqual([]);

    r.ok();
    const enabled = await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: false });
    expect(enabled.body).toMatchObject({ status: 'enabled', disabled_reason: null, disabled_at: null, consecutive_failures: 0, failing_since: null });
    const done = await eventually(async () => {
      await deliver();
      const [d] = await deliveriesOf(api, ep.id);
      return d.status === 'succeeded' && d;
    }, { what: 'the waiting delivery to go out' });
    expect(done.attempts).toBe(pending.attempts + 1);
    const after = await endpointOf(api, ep.id);
    expect(after).toMatchObject({ status: 'enabled', consecutive_failures: 0, failing_since: null });
    expect(after.last_success_at).toMatch(/Z$/);
    expect(r.forEvent(whileDisabled)).toEqual([]);
  });

  it('disables at once on a 410 Gone answer', async () => {
    const r = await receiver();
    r.status(410);
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    await emit(t, platformId, 'location.created', sampleLocation());
    const e = await eventually(async () => {
      await deliver();
      const x = await endpointOf(api, ep.id);
      return x.status === 'disabled' && x;
    });
    expect(e).toMatchObject({ disabled_reason: 'failing', consecutive_failures: 1 });
    const [d] = await deliveriesOf(api, ep.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_response_status: 410 });
    expect(r.requests).toHaveLength(1);
  });

  it('holds deliveries of a manually disabled endpoint and sends them once it is enabled', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: true });
    // Written as pending before the disable took effect: simulate with a resend to the disabled endpoint.
    const id = await emit(t, platformId, 'location.created', sampleLocation());
    expect(await deliveriesOf(api, ep.id)).toEqual([]);
    const resent = await api.post(`/v1/events/${id}/resend`, { endpoint: ep.id });
    expect(resent.body.status).toBe('pending');
    await deliver();
    expect(r.requests).toEqual([]);
    await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: false });
    await eventually(async () => (await deliver(), r.forEvent(id).length === 1), { what: 'the held delivery' });
  });

  it('keeps an endpoint that recovers in time enabled, with its counters reset by the success', async () => {
    const r = await receiver();
    r.script({ kind: 'status', status: 500 });
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    await emit(t, platformId, 'location.created', sampleLocation());
    await eventually(async () => {
      await deliver();
      const done = (await deliveriesOf(api, ep.id))[0]?.status === 'succeeded';
      if (!done) t.clock.advance(1000);
      return done;
    });
    expect(await endpointOf(api, ep.id)).toMatchObject({ status: 'enabled', consecutive_failures: 0, failing_since: null });
  });
});
