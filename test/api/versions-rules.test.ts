import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { openResource } from './bookings.helpers.js';
import { createEndpoint, receivers, startWorkers } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
startWorkers(t);
const receiver = receivers();

const OLD = '2026-10-16';
const NOW = Date.parse('2027-03-01T08:00:00Z');
t.clock.set(NOW);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const soon = { start: iso(NOW + 30 * 60_000), end: iso(NOW + 60 * 60_000) };

describe('booking rules in API versions', () => {
  it('shows booking_rules and the new reasons in 2026-12-01, and the old shape and reasons to clients pinned to 2026-10-16', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, { booking_rules: { min_notice_minutes: 120, max_per_day: 1 } }, [{ start: '00:00', end: '24:00' }]);
    const latest = await api.get(`/v1/resources/${r.id}`, undefined, { version: '2026-12-01' });
    expect(latest.headers['service-version']).toBe('2026-12-01');
    expect(latest.body.booking_rules).toMatchObject({ min_notice_minutes: 120, max_per_day: 1 });
    const old = await api.get(`/v1/resources/${r.id}`, undefined, { version: OLD });
    expect(old.body).not.toHaveProperty('booking_rules');
    expect(old.body).toEqual(Object.fromEntries(Object.entries(latest.body).filter(([k]) => k !== 'booking_rules')));
    expect((await t.api.get(`/v1/accounts/${api.accountId}`, undefined, { version: OLD })).body).not.toHaveProperty('booking_rules');

    // A booking flagged too_soon under allow.
    const b = await api.post('/v1/bookings', { segments: [{ resource: r.id, ...soon }], conflict_policy: 'allow' });
    expect(b.body.conflicts).toEqual([expect.objectContaining({ reason: 'too_soon', rule: 'min_notice_minutes', limit: 120 })]);
    const oldBooking = (await api.get(`/v1/bookings/${b.body.id}`, undefined, { version: OLD })).body;
    expect(oldBooking.conflicts).toEqual([{ segment: 0, resource: r.id, reason: 'start_passed', message: b.body.conflicts[0].message }]);

    // The same refusal, as a 409, in both versions.
    const body = { segments: [{ resource: r.id, start: iso(NOW + 3 * 3600_000), end: iso(NOW + 4 * 3600_000) }] };
    const refusedNew = await api.post('/v1/bookings', body);
    expect(refusedNew.body.error.conflicts.map((c: any) => c.reason)).toEqual(['limit_reached']);
    const refusedOld = await api.post('/v1/bookings', body, { version: OLD });
    expect(refusedOld.status).toBe(409);
    expect(refusedOld.body.error.conflicts).toEqual([expect.objectContaining({ reason: 'capacity_exceeded' })]);
    expect(refusedOld.body.error.conflicts[0]).not.toHaveProperty('rule');

    // Explanations too.
    const explainBody = { from: iso(NOW), to: iso(NOW + 86_400_000), segments: [{ resource: r.id, duration_minutes: 30 }], start: iso(NOW + 3600_000) };
    const newReasons = (await api.post('/v1/availability/explain', explainBody)).body.segments[0].candidates[0].reasons.map((x: any) => x.reason);
    const oldReasons = (await api.post('/v1/availability/explain', explainBody, { version: OLD })).body.segments[0].candidates[0].reasons.map((x: any) => x.reason);
    expect(newReasons).toEqual(['too_soon', 'limit_reached']);
    expect(oldReasons).toEqual(['start_passed', 'capacity_exceeded']);
  });

  it('leaves candidate_order out of series templates for 2026-10-16', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const s = await api.post('/v1/series', {
      rrule: 'FREQ=WEEKLY;COUNT=2',
      start_date: '2027-03-08',
      start_time: '10:00',
      template: { segments: [{ resources: [r.id], duration_minutes: 30, candidate_order: 'balanced' }] },
    });
    expect(s.body.template.segments[0].candidate_order).toBe('balanced');
    const old = await api.get(`/v1/series/${s.body.id}`, undefined, { version: OLD });
    expect(old.body.template.segments[0]).not.toHaveProperty('candidate_order');
  });

  it('delivers each endpoint booking.created and resource.created in its own version', async () => {
    const rcv = await receiver();
    const oldEp = await createEndpoint(t.api, { url: `${rcv.url}/old`, enabled_events: ['booking.created', 'resource.created'], api_version: OLD });
    const newEp = await createEndpoint(t.api, { url: `${rcv.url}/new`, enabled_events: ['booking.created', 'resource.created'] });
    const api = await t.newAccount();
    const r = await openResource(api, { booking_rules: { min_notice_minutes: 120 } }, [{ start: '00:00', end: '24:00' }]);
    const b = await api.post('/v1/bookings', { segments: [{ resource: r.id, ...soon }], conflict_policy: 'allow' });
    expect(b.status).toBe(200);
    const [bookingEvent] = (await api.get('/v1/events', { type: 'booking.created' })).body.data;
    const [resourceEvent] = (await api.get('/v1/events', { type: 'resource.created' })).body.data;
    await eventually(() => rcv.forEvent(bookingEvent.id).length === 2 && rcv.forEvent(resourceEvent.id).length === 2, { what: 'all deliveries' });

    // Business time is pinned in 2027, so the signature's timestamp is in the future: the body is read as is.
    const payload = (id: string, path: string, _secret: string) => {
      const req = rcv.forEvent(id).find((q) => q.path.endsWith(path))!;
      return JSON.parse(req.body) as any;
    };
    expect(payload(bookingEvent.id, '/new', newEp.secret).data.object.conflicts[0]).toMatchObject({ reason: 'too_soon', limit: 120 });
    const oldBooking = payload(bookingEvent.id, '/old', oldEp.secret);
    expect(oldBooking.api_version).toBe(OLD);
    expect(oldBooking.data.object.conflicts[0].reason).toBe('start_passed');
    expect(oldBooking.data.object.conflicts[0]).not.toHaveProperty('limit');
    expect(payload(resourceEvent.id, '/new', newEp.secret).data.object.booking_rules.min_notice_minutes).toBe(120);
    expect(payload(resourceEvent.id, '/old', oldEp.secret).data.object).not.toHaveProperty('booking_rules');
  });
});
