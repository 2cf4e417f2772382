/**
 * A delivery worker that stops while an attempt is in flight (docs/deployment.md,
 * "Stopping"): without an abort it waits for the attempt; once the abort fires it gives the
 * attempt up without recording it, and the delivery's lease makes it retry.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { claimDueDeliveries, createDeliveryWorker, deliverClaimed, leaseMs } from '../../src/features/webhooks/deliveries.worker.js';
import { createWebhookDispatcher } from '../../src/features/webhooks/sender.js';
import { createEndpoint, deliveriesOf, emit, isolatedPlatform, receivers, sampleLocation, silent } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookTimeoutMs: 15_000, workerPollMs: 50 });
const receiver = receivers();

describe('stopping the delivery worker', () => {
  it('aborts an attempt still running when the abort fires, records nothing, and the lease makes the delivery retry', async () => {
    const r = (await receiver()).hang();
    const { api, platformId } = await isolatedPlatform(t);
    const ep = await createEndpoint(api, { url: r.url, enabled_events: ['location.*'] });
    const id = await emit(t, platformId, 'location.created', sampleLocation());

    const worker = createDeliveryWorker(t.db, t.config, t.clock, t.secrets, silent);
    worker.start();
    await eventually(() => r.forEvent(id).length === 1, { what: 'the attempt to reach the hanging receiver' });
    const abort = new AbortController();
    let stopped = false;
    const stopping = worker.stop(abort.signal).then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stopped).toBe(false); // the attempt is still given its chance
    abort.abort();
    await stopping; // well before the 15 s timeout of the attempt

    const [delivery] = await deliveriesOf(api, ep.id);
    expect(delivery).toMatchObject({ status: 'sending', attempts: 0, last_error: null });

    // Nobody takes it while the lease holds; once it has run out, any worker sends it again.
    const leaseEnd = new Date(Date.now() + leaseMs(t.config) + 1000);
    expect((await claimDueDeliveries(t.db.kysely, platformId, new Date(), leaseMs(t.config))).filter((d) => d.event_id === id)).toEqual([]);
    r.ok();
    const dispatcher = createWebhookDispatcher(t.config);
    try {
      const reclaimed = (await claimDueDeliveries(t.db.kysely, platformId, leaseEnd, leaseMs(t.config))).filter((d) => d.event_id === id);
      expect(reclaimed).toHaveLength(1);
      await deliverClaimed(t.db.kysely, t.config, t.clock, t.secrets, dispatcher, reclaimed, silent);
    } finally {
      await dispatcher.close();
    }
    expect((await deliveriesOf(api, ep.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
