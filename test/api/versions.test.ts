import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { expectError, setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { API_VERSIONS, LATEST_API_VERSION, renderInVersion } from '../../src/lib/api-versions.js';
import { createEndpoint, emit, isolatedPlatform, receivers, startWorkers } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
startWorkers(t);
const receiver = receivers();

/** A booking in the latest shape, as the bookings serializer writes it. */
function booking(overrides: Record<string, unknown> = {}) {
  return {
    id: 'bk_01jq0000000000000000000000',
    object: 'booking',
    livemode: false,
    status: 'cancelled',
    expires_at: null,
    start: '2026-03-02T14:00:00Z',
    end: '2026-03-02T15:00:00Z',
    segments: [{ resource: 'res_1', location: null, start: '2026-03-02T14:00:00Z', end: '2026-03-02T15:00:00Z', quantity: 1, buffer_before_minutes: 0, buffer_after_minutes: 0 }],
    seats: null,
    seats_taken: null,
    conflict_policy: 'reject',
    conflicted: false,
    conflicts: null,
    series: null,
    occurrence_key: null,
    replaces: null,
    replaced_by: null,
    cancellation_reason: 'customer asked',
    confirmed_at: '2026-03-01T10:00:00Z',
    cancelled_at: '2026-03-01T12:00:00Z',
    metadata: { object: 'booking', cancellation_reason: 'user data stays as it is' },
    created_at: '2026-03-01T09:00:00Z',
    updated_at: '2026-03-01T12:00:00Z',
    ...overrides,
  };
}

function attendee() {
  return {
    id: 'att_01jq0000000000000000000000',
    object: 'attendee',
    livemode: false,
    booking: 'bk_01jq0000000000000000000000',
    status: 'pending',
    seats: 2,
    expires_at: '2026-03-02T13:00:00Z',
    cancellation_reason: null,
    confirmed_at: null,
    cancelled_at: null,
    metadata: {},
    created_at: '2026-03-01T09:00:00Z',
    updated_at: '2026-03-01T09:00:00Z',
  };
}

describe('API versions', () => {
  it('knows 2026-05-01, 2026-10-16, 2026-12-01, 2027-01-10, 2027-02-01, 2027-02-15, 2027-03-01, 2027-03-15, 2027-04-01, 2027-04-15 and 2027-05-01, the latest', () => {
    expect(API_VERSIONS).toEqual(['2026-05-01', '2026-10-16', '2026-12-01', '2027-01-10', '2027-02-01', '2027-02-15', '2027-03-01', '2027-03-15', '2027-04-01', '2027-04-15', '2027-05-01']);
    expect(LATEST_API_VERSION).toBe('2027-05-01');
  });

  it('stores events in the latest shape and renders a booking event per caller: cancel_reason in 2026-05-01, also in previous_attributes', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const id = await emit(t, platformId, 'booking.cancelled', booking(), { status: 'confirmed', cancellation_reason: null });
    const stored = await t.db.kysely.selectFrom('events').select('object').where('platform_id', '=', platformId).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.object).toHaveProperty('cancellation_reason', 'customer asked');

    const latest = await api.get(`/v1/events/${id}`);
    expect(latest.headers['service-version']).toBe(LATEST_API_VERSION);
    expect(latest.body.api_version).toBe(LATEST_API_VERSION);
    expect(latest.body.data.object.cancellation_reason).toBe('customer asked');
    expect(latest.body.data.previous_attributes).toEqual({ status: 'confirmed', cancellation_reason: null });

    const old = await api.get(`/v1/events/${id}`, undefined, { version: '2026-05-01' });
    expect(old.headers['service-version']).toBe('2026-05-01');
    expect(old.body.api_version).toBe('2026-05-01');
    expect(old.body.data.object).not.toHaveProperty('cancellation_reason');
    expect(old.body.data.object.cancel_reason).toBe('customer asked');
    expect(old.body.data.previous_attributes).toEqual({ status: 'confirmed', cancel_reason: null });
    // Metadata is user data: never renamed, whatever its keys.
    expect(old.body.data.object.metadata).toEqual({ object: 'booking', cancellation_reason: 'user data stays as it is' });
    // Everything else is the same object.
    const { cancel_reason, ...restOld } = old.body.data.object;
    const { cancellation_reason, ...restLatest } = latest.body.data.object;
    expect(cancel_reason).toBe(cancellation_reason);
    expect(restOld).toEqual(restLatest);
  });

  it('drops attendee expires_at in 2026-05-01, in the object and in previous_attributes', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    const id = await emit(t, platformId, 'attendee.updated', attendee(), { expires_at: null, seats: 1 });
    const old = await api.get(`/v1/events/${id}`, undefined, { version: '2026-05-01' });
    expect(old.body.data.object).not.toHaveProperty('expires_at');
    expect(old.body.data.previous_attributes).toEqual({ seats: 1 });
    const latest = await api.get(`/v1/events/${id}`);
    expect(latest.body.data.object.expires_at).toBe('2026-03-02T13:00:00Z');
  });

  it('renders every item of the event list in the caller’s version', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    await emit(t, platformId, 'booking.created', booking({ status: 'confirmed', cancellation_reason: null, cancelled_at: null }));
    await emit(t, platformId, 'booking.cancelled', booking(), { status: 'confirmed', cancellation_reason: null });
    const list = await api.get('/v1/events', { type: 'booking.*' }, { version: '2026-05-01' });
    expect(list.body.data).toHaveLength(2);
    for (const e of list.body.data) {
      expect(e.api_version).toBe('2026-05-01');
      expect(e.data.object).toHaveProperty('cancel_reason');
      expect(e.data.object).not.toHaveProperty('cancellation_reason');
    }
  });

  it('pins a platform to its version: its default rendering, overridden per request by Service-Version', async () => {
    const { api, platformId } = await isolatedPlatform(t);
    expect((await t.db.kysely.selectFrom('platforms').select('api_version').where('id', '=', platformId).executeTakeFirstOrThrow()).api_version).toBe(LATEST_API_VERSION);
    await t.db.kysely.updateTable('platforms').set({ api_version: '2026-05-01' }).where('id', '=', platformId).execute();
    const id = await emit(t, platformId, 'booking.cancelled', booking(), null);
    const pinned = await api.get(`/v1/events/${id}`);
    expect(pinned.headers['service-version']).toBe('2026-05-01');
    expect(pinned.body).toMatchObject({ api_version: '2026-05-01', data: { object: { cancel_reason: 'customer asked' } } });
    const latest = await api.get(`/v1/events/${id}`, undefined, { version: '2026-12-01' });
    expect(latest.body).toMatchObject({ api_version: '2026-12-01', data: { object: { cancellation_reason: 'customer asked' } } });
  });

  it('refuses an unknown Service-Version with api_version_invalid', async () => {
    expectError(await t.api.get('/v1/events', undefined, { version: '2027-01-01' }), 400, 'api_version_invalid', 'Service-Version');
  });

  it('delivers each endpoint the event in its own api_version, signed over the bytes it receives', async () => {
    const r = await receiver();
    const { api, platformId } = await isolatedPlatform(t);
    const oldEp = await createEndpoint(api, { url: `${r.url}/old`, enabled_events: ['booking.*'], api_version: '2026-05-01' });
    const newEp = await createEndpoint(api, { url: `${r.url}/new`, enabled_events: ['booking.*'] });
    const id = await emit(t, platformId, 'booking.cancelled', booking(), { status: 'confirmed', cancellation_reason: null });
    await eventually(() => r.forEvent(id).length === 2, { what: 'both deliveries' });
    const oldReq = r.forEvent(id).find((q) => q.path.endsWith('/old'))!;
    const newReq = r.forEvent(id).find((q) => q.path.endsWith('/new'))!;
    const oldBody = new Webhook(oldEp.secret).verify(oldReq.body, oldReq.headers as Record<string, string>) as any;
    const newBody = new Webhook(newEp.secret).verify(newReq.body, newReq.headers as Record<string, string>) as any;
    expect(oldBody.api_version).toBe('2026-05-01');
    expect(oldBody.data.object.cancel_reason).toBe('customer asked');
    expect(oldBody.data.previous_attributes).toEqual({ status: 'confirmed', cancel_reason: null });
    expect(newBody.api_version).toBe(LATEST_API_VERSION);
    expect(newBody.data.object.cancellation_reason).toBe('customer asked');
    expect(newBody).toEqual((await api.get(`/v1/events/${id}`)).body);
    expect(oldBody).toEqual((await api.get(`/v1/events/${id}`, undefined, { version: '2026-05-01' })).body);
  });

  it("drops previous_resource from an explanation's segments before 2027-04-01", () => {
    const explanation = {
      object: 'availability_explanation',
      fits: true,
      segments: [{ segment: 0, fits: true, resource: 'res_1', candidates: [], previous_resource: { outcome: 'preferred', resource: 'res_1', booking: 'bk_1', message: '…' } }],
    };
    expect(renderInVersion(explanation, '2027-04-01')).toEqual(explanation);
    expect((renderInVersion(explanation, '2027-03-01') as any).segments[0]).toEqual({ segment: 0, fits: true, resource: 'res_1', candidates: [] });
  });

  it('walks nested objects and lists, and leaves deleted markers and unknown objects alone', () => {
    const page = { object: 'list', has_more: false, data: [booking(), { id: 'bk_x', object: 'booking', deleted: true }, { object: 'resource', name: 'r' }] };
    const rendered = renderInVersion(page, '2026-05-01') as any;
    expect(rendered.data[0].cancel_reason).toBe('customer asked');
    expect(rendered.data[1]).toEqual({ id: 'bk_x', object: 'booking', deleted: true });
    expect(rendered.data[2]).toEqual({ object: 'resource', name: 'r' });
    expect(renderInVersion(page, LATEST_API_VERSION)).toBe(page);
  });
});
