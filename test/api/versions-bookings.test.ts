import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';
import { createEndpoint, receivers, startWorkers } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
startWorkers(t);
const receiver = receivers();

describe('API versions on real bookings', () => {
  it('renders a cancelled booking with cancel_reason in 2026-05-01 over HTTP, in the events API and in webhooks', async () => {
    const r = await receiver();
    const oldEp = await createEndpoint(t.api, { url: `${r.url}/old`, enabled_events: ['booking.cancelled'], api_version: '2026-05-01' });
    const newEp = await createEndpoint(t.api, { url: `${r.url}/new`, enabled_events: ['booking.cancelled'] });
    const api = await t.newAccount();
    const room = await openResource(api);
    const created = await book(api, { segments: [seg(room.id, futureDay(), '10:00', '11:00')] });
    const cancelled = await api.post(`/v1/bookings/${created.id}/cancel`, { reason: 'customer asked' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancellation_reason).toBe('customer asked');

    const oldRead = await api.get(`/v1/bookings/${created.id}`, undefined, { version: '2026-05-01' });
    expect(oldRead.headers['service-version']).toBe('2026-05-01');
    expect(oldRead.body).toMatchObject({ status: 'cancelled', cancel_reason: 'customer asked' });
    expect(oldRead.body).not.toHaveProperty('cancellation_reason');

    const [event] = (await api.get('/v1/events', { type: 'booking.cancelled' })).body.data;
    expect(event.data.object).toEqual(cancelled.body);
    const oldEvent = await api.get(`/v1/events/${event.id}`, undefined, { version: '2026-05-01' });
    expect(oldEvent.body.api_version).toBe('2026-05-01');
    expect(oldEvent.body.data.object).toEqual(oldRead.body);

    await eventually(() => r.forEvent(event.id).length === 2, { what: 'both deliveries' });
    const oldReq = r.forEvent(event.id).find((q) => q.path.endsWith('/old'))!;
    const newReq = r.forEvent(event.id).find((q) => q.path.endsWith('/new'))!;
    expect(new Webhook(oldEp.secret).verify(oldReq.body, oldReq.headers as Record<string, string>)).toEqual(oldEvent.body);
    expect(new Webhook(newEp.secret).verify(newReq.body, newReq.headers as Record<string, string>)).toEqual(event);
  });
});
