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

  it('delivers a declined request to an endpoint pinned before 2027-02-01 as booking.cancelled, and no booking.requested', async () => {
    const r = await receiver();
    const oldEp = await createEndpoint(t.api, { url: `${r.url}/old`, enabled_events: ['booking.*'], api_version: '2027-01-10' });
    await createEndpoint(t.api, { url: `${r.url}/new`, enabled_events: ['booking.*'] });
    const api = await t.newAccount();
    await api.post(`/v1/accounts/${api.accountId}`, { booking_policy: { approval: 'required' } });
    const room = await openResource(api);
    const request = await book(api, { segments: [seg(room.id, futureDay(), '10:00', '11:00')], requested: true });
    expect(request.status).toBe('requested');
    expect((await api.post(`/v1/bookings/${request.id}/decline`, { reason: 'full' })).status).toBe(200);
    const events = (await api.get('/v1/events', { type: 'booking.*' })).body.data as { id: string; type: string }[];
    const idOf = (type: string) => events.find((e) => e.type === type)!.id;
    const [requested, declined] = [idOf('booking.requested'), idOf('booking.declined')];

    // Delivery rows are written with their event: the old endpoint has none of the request.
    const oldDeliveries = (await t.api.get(`/v1/webhook_endpoints/${oldEp.id}/deliveries`)).body.data.map((d: any) => d.event);
    expect(oldDeliveries).toContain(declined);
    expect(oldDeliveries).not.toContain(requested);
    await eventually(() => r.forEvent(declined).length === 2 && r.forEvent(requested).length === 1, { what: 'the deliveries' });
    const oldReq = r.forEvent(declined).find((q) => q.path.endsWith('/old'))!;
    const delivered = new Webhook(oldEp.secret).verify(oldReq.body, oldReq.headers as Record<string, string>) as any;
    expect(delivered).toMatchObject({ id: declined, type: 'booking.cancelled', api_version: '2027-01-10', data: { object: { id: request.id, status: 'cancelled' } } });
    expect(delivered).toEqual((await api.get(`/v1/events/${declined}`, undefined, { version: '2027-01-10' })).body);
  });
  it('lists for a client pinned before 2027-02-01 its declines under type=booking.cancelled, as it reads them, and nothing under booking.declined', async () => {
    const api = await t.newAccount();
    await api.post(`/v1/accounts/${api.accountId}`, { booking_policy: { approval: 'required' } });
    const room = await openResource(api);
    const request = await book(api, { segments: [seg(room.id, futureDay(), '10:00', '11:00')], requested: true });
    expect((await api.post(`/v1/bookings/${request.id}/decline`, { reason: 'full' })).status).toBe(200);
    const listed = async (type: string, version?: string) =>
      ((await api.get('/v1/events', { type }, version ? { version } : undefined)).body.data as any[]).filter((e) => e.data.object.id === request.id).map((e) => e.type);

    expect(await listed('booking.cancelled', '2027-01-10')).toEqual(['booking.cancelled']);
    expect(await listed('booking.declined', '2027-01-10')).toEqual([]);
    expect(await listed('booking.*', '2027-01-10')).toEqual(['booking.cancelled', 'booking.created']);
    expect(await listed('booking.cancelled')).toEqual([]);
    expect(await listed('booking.declined')).toEqual(['booking.declined']);
  });

  it('delivers to an endpoint pinned before 2027-03-01 its events without actor and request_id, and no export.ready to one pinned before 2027-05-01', async () => {
    const r = await receiver();
    const oldEp = await createEndpoint(t.api, { url: `${r.url}/old`, enabled_events: ['*'], api_version: '2027-02-15' });
    await createEndpoint(t.api, { url: `${r.url}/new`, enabled_events: ['*'] });
    const api = await t.newAccount();
    const room = await openResource(api);
    const booking = await book(api, { segments: [seg(room.id, futureDay(), '10:00', '11:00')] });
    const created = (await api.get('/v1/events', { type: 'booking.created' })).body.data.find((e: any) => e.data.object.id === booking.id);
    expect(created.actor).toMatchObject({ type: 'api_key' });

    const exported = (await t.api.post(`/v1/accounts/${api.accountId}/exports`)).body;
    for (let pass = 0; pass < 200 && (await t.api.get(`/v1/accounts/${api.accountId}/exports/${exported.id}`)).body.status === 'pending'; pass++) {
      await t.runWorker('privacy.exports');
    }
    const ready = (await t.api.get('/v1/events', { type: 'export.ready' })).body.data.find((e: any) => e.data.object.id === exported.id);
    expect(ready).toBeDefined();

    await eventually(() => r.forEvent(created.id).length === 2 && r.forEvent(ready.id).length === 1, { what: 'the deliveries' });
    const oldReq = r.forEvent(created.id).find((q) => q.path.endsWith('/old'))!;
    const delivered = new Webhook(oldEp.secret).verify(oldReq.body, oldReq.headers as Record<string, string>) as any;
    expect(delivered).toMatchObject({ id: created.id, type: 'booking.created', api_version: '2027-02-15' });
    expect(delivered).not.toHaveProperty('actor');
    expect(delivered).not.toHaveProperty('request_id');
    expect(r.forEvent(ready.id).map((q) => q.path)).toEqual([expect.stringMatching(/\/new$/)]);
    const oldDeliveries = (await t.api.get(`/v1/webhook_endpoints/${oldEp.id}/deliveries`)).body.data.map((d: any) => d.event);
    expect(oldDeliveries).not.toContain(ready.id);
  });
});
