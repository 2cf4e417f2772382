import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setupTestApp } from '../support/harness.js';
import { createEndpoint, deliveriesOf, emit, isolatedPlatform, receivers, sampleLocation } from './webhooks.helpers.js';

// The queue of waiting deliveries (migration 028, docs/webhooks.md "The queue"): written by the
// trigger of webhook_deliveries, whatever path changes a delivery.
const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 60, 60], workerPollMs: 100, webhookTimeoutMs: 500 });
const receiver = receivers();
const deliver = () => t.runWorker('webhooks.delivery');

async function queueOf(platformId: string) {
  const { rows } = await sql<{ delivery_id: string; status: string; endpoint_paused: boolean; next_attempt_at: Date | null }>`
    select delivery_id, status, endpoint_paused, next_attempt_at from webhook_delivery_queue where platform_id = ${platformId} order by delivery_id`.execute(t.db.kysely);
  return rows;
}

describe('the queue of waiting deliveries', () => {
  it('holds a delivery from its fan-out until it succeeds, and nothing after', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    await emit(t, platformId, 'location.created', sampleLocation());
    const [waiting] = await deliveriesOf(api, ep.id);
    expect(await queueOf(platformId)).toEqual([expect.objectContaining({ delivery_id: waiting.id, status: 'pending', endpoint_paused: false })]);

    await deliver();
    expect((await deliveriesOf(api, ep.id))[0].status).toBe('succeeded');
    expect(await queueOf(platformId)).toEqual([]);
  });

  it('keeps a failed attempt’s delivery with its next attempt’s time, and follows its endpoint being disabled and enabled', async () => {
    const r = await receiver();
    r.status(500);
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    await emit(t, platformId, 'location.created', sampleLocation());
    await deliver();
    const [retrying] = await deliveriesAfterAttempt(api, ep.id);
    const [queued] = await queueOf(platformId);
    expect(queued).toMatchObject({ delivery_id: retrying.id, status: 'pending', endpoint_paused: false });
    // The API gives the time to the second.
    expect(Math.floor(queued.next_attempt_at!.getTime() / 1000) * 1000).toBe(Date.parse(retrying.next_attempt_at));

    expect((await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: true })).status).toBe(200);
    expect(await queueOf(platformId)).toEqual([expect.objectContaining({ delivery_id: retrying.id, endpoint_paused: true })]);
    expect((await api.post(`/v1/webhook_endpoints/${ep.id}`, { disabled: false })).status).toBe(200);
    expect(await queueOf(platformId)).toEqual([expect.objectContaining({ delivery_id: retrying.id, endpoint_paused: false })]);
  });

  it('loses a delivery’s row when the delivery is deleted', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: 'https://example.com/hooks', enabled_events: ['location.*'] });
    await emit(t, platformId, 'location.created', sampleLocation());
    expect(await queueOf(platformId)).toHaveLength(1);
    await sql`delete from webhook_deliveries where platform_id = ${platformId} and endpoint_id = ${ep.id}`.execute(t.db.kysely);
    expect(await queueOf(platformId)).toEqual([]);
  });
});

/** The endpoint's deliveries once the first attempt was recorded (pending again, with attempts). */
async function deliveriesAfterAttempt(api: Parameters<typeof deliveriesOf>[0], endpointId: string) {
  const deliveries = await deliveriesOf(api, endpointId);
  expect(deliveries[0]).toMatchObject({ status: 'pending', attempts: 1 });
  return deliveries;
}
