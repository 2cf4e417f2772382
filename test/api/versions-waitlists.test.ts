import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { expectError, setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';
import { createEndpoint, receivers, startWorkers } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
startWorkers(t);
const receiver = receivers();
const OLD = '2026-10-16';

describe('waitlists in API versions before 2027-01-10', () => {
  it('hides waitlisted attendees and the waitlist fields, shows a promotion as a new attendee, and refuses an old client a place in line', async () => {
    const r = await receiver();
    const oldEp = await createEndpoint(t.api, { url: `${r.url}/old`, enabled_events: ['attendee.*'], api_version: OLD });
    const oldCreatedOnly = await createEndpoint(t.api, { url: `${r.url}/old-created`, enabled_events: ['attendee.created'], api_version: OLD });
    const newEp = await createEndpoint(t.api, { url: `${r.url}/new`, enabled_events: ['attendee.*'] });
    const api = await t.newAccount();
    const room = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const b = await book(api, { segments: [seg(room.id, futureDay(19), '10:00', '11:00')], seats: 1, waitlist_limit: 5 });
    const seated = (await api.post(`/v1/bookings/${b.id}/attendees`)).body;
    const waiting = (await api.post(`/v1/bookings/${b.id}/attendees`)).body;
    const leaving = (await api.post(`/v1/bookings/${b.id}/attendees`)).body;
    expect(waiting.status).toBe('waitlisted');

    // Reads: no waitlist fields, no waitlisted attendee.
    const oldBooking = (await api.get(`/v1/bookings/${b.id}`, undefined, { version: OLD })).body;
    expect(oldBooking).not.toHaveProperty('waitlist_limit');
    expect(oldBooking).not.toHaveProperty('waitlist_hold_minutes');
    const oldList = (await api.get(`/v1/bookings/${b.id}/attendees`, undefined, { version: OLD })).body;
    expect(oldList.data.map((a: any) => a.id)).toEqual([seated.id]);
    expect(oldList.data[0]).not.toHaveProperty('waitlist_position');
    expectError(await api.get(`/v1/attendees/${waiting.id}`, undefined, { version: OLD }), 404, 'resource_missing');

    // An old client joining the full booking is refused, as before waitlists.
    expectError(await api.post(`/v1/bookings/${b.id}/attendees`, {}, { version: OLD }), 409, 'seats_exhausted', 'seats');

    await api.post(`/v1/attendees/${leaving.id}/cancel`);
    await api.post(`/v1/attendees/${seated.id}/cancel`);
    const promoted = (await api.get(`/v1/attendees/${waiting.id}`)).body;
    expect(promoted.status).toBe('confirmed');

    // Events: the waitlisted and the cancel of a waiting attendee are not there; the promotion reads as attendee.created.
    const all = (await api.get('/v1/events', { type: 'attendee.*', limit: 100 })).body.data as any[];
    const oldEvents = (await api.get('/v1/events', { type: 'attendee.*', limit: 100 }, { version: OLD })).body.data as any[];
    expect(all.map((e) => e.type).sort()).toEqual(
      ['attendee.cancelled', 'attendee.cancelled', 'attendee.created', 'attendee.promoted', 'attendee.waitlisted', 'attendee.waitlisted'].sort(),
    );
    expect(oldEvents.map((e) => `${e.type} ${e.data.object.id}`).sort()).toEqual(
      [`attendee.cancelled ${seated.id}`, `attendee.created ${seated.id}`, `attendee.created ${waiting.id}`].sort(),
    );
    const promotion = oldEvents.find((e) => e.data.object.id === waiting.id)!;
    expect(promotion.data.previous_attributes).toBeNull();
    expect(promotion.data.object).not.toHaveProperty('waitlist_position');
    const waitlistedEvent = all.find((e) => e.type === 'attendee.waitlisted' && e.data.object.id === waiting.id)!;
    expectError(await api.get(`/v1/events/${waitlistedEvent.id}`, undefined, { version: OLD }), 404, 'resource_missing');

    // Webhooks: the same view, in each endpoint's version.
    const promotedEvent = all.find((e) => e.type === 'attendee.promoted')!;
    await eventually(() => r.forEvent(promotedEvent.id).length === 3, { what: 'the promotion delivered to all three endpoints' });
    const sent = (path: string) => r.forEvent(promotedEvent.id).find((q) => q.path.endsWith(path))!;
    expect(new Webhook(oldEp.secret).verify(sent('/old').body, sent('/old').headers as Record<string, string>)).toMatchObject({ type: 'attendee.created', api_version: OLD });
    expect(JSON.parse(sent('/old-created').body).type).toBe('attendee.created');
    expect(new Webhook(newEp.secret).verify(sent('/new').body, sent('/new').headers as Record<string, string>)).toMatchObject({ type: 'attendee.promoted' });
    expect(oldCreatedOnly.id).toBeTruthy();
    const leftLine = all.find((e) => e.type === 'attendee.cancelled' && e.data.object.id === leaving.id)!;
    await eventually(() => r.forEvent(leftLine.id).length >= 1, { what: 'the cancel of a waiting attendee delivered to the new endpoint' });
    await eventually(() => r.forEvent(waitlistedEvent.id).length >= 1, { what: 'the waitlisted event delivered to the new endpoint' });
    expect(r.forEvent(waitlistedEvent.id).map((q) => q.path.split('/').at(-1))).toEqual(['new']);
    // The old endpoint never receives the cancel of an attendee it never saw.
    await eventually(async () => {
      const d = (await t.api.get(`/v1/webhook_endpoints/${oldEp.id}/deliveries`, { limit: 100 })).body.data as any[];
      return d.find((x) => x.event === leftLine.id)?.status === 'succeeded';
    }, { what: 'the hidden delivery settled' });
    expect(r.forEvent(leftLine.id).filter((q) => q.path.includes('/old'))).toEqual([]);
  });
});
