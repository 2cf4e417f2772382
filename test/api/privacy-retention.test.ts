import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { tablesHolding } from '../support/personal-data.js';
import { setPlatformRetention } from '../../src/tenancy/platforms.repository.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';
import { createEndpoint, deliveriesOf, isolatedPlatform, receivers } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
const receiver = receivers();
const DAY = 86_400_000;

async function eventIds(api: any) {
  return (await t.db.kysely.selectFrom('events').select('id').where('account_id', '=', api.accountId).execute()).map((e) => e.id);
}

describe('retention per platform', () => {
  it('deletes finished deliveries, then events, after the days the platform set, in the retention worker', async () => {
    const r = await receiver();
    const { api: platformApi, platformId } = await isolatedPlatform(t);
    expect(await setPlatformRetention(t.db.kysely, platformId, { events_retention_days: 7, deliveries_retention_days: 2 })).toEqual({
      events_retention_days: 7,
      deliveries_retention_days: 2,
      bookings_personal_data_retention_days: null,
    });
    const endpoint = await createEndpoint(platformApi, { url: r.url, enabled_events: ['resource.*'] });
    const account = (await platformApi.post('/v1/accounts', { name: 'Club' })).body;
    const api = platformApi.withAccount(account.id) as any;
    api.accountId = account.id;
    await openResource(api, { name: 'Court 1' });
    await eventually(async () => {
      await t.runWorker('webhooks.delivery');
      const list = await deliveriesOf(platformApi, endpoint.id);
      return list.length > 0 && list.every((d) => d.status === 'succeeded');
    });
    const events = await eventIds(api);
    expect(events.length).toBeGreaterThan(0);

    // A day later nothing goes; three days later the finished deliveries go, the events stay.
    t.clock.advance(1 * DAY);
    await t.runWorker('webhooks.retention');
    expect((await deliveriesOf(platformApi, endpoint.id)).length).toBeGreaterThan(0);
    t.clock.advance(2 * DAY);
    await t.runWorker('webhooks.retention');
    expect(await deliveriesOf(platformApi, endpoint.id)).toEqual([]);
    expect(await eventIds(api)).toEqual(events);
    // Past seven days the events go too.
    t.clock.advance(5 * DAY);
    await t.runWorker('webhooks.retention');
    expect(await eventIds(api)).toEqual([]);
    t.clock.reset();
  });

  it("tombstones the customer of bookings and attendees that ended longer ago than the platform's personal-data retention, and only those, and removes the prefill of booking sessions that ended as long ago", async () => {
    const { api: platformApi, platformId } = await isolatedPlatform(t);
    await setPlatformRetention(t.db.kysely, platformId, { bookings_personal_data_retention_days: 30 });
    const account = (await platformApi.post('/v1/accounts', { name: 'Clinic' })).body;
    const api = platformApi.withAccount(account.id) as any;
    const room = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const soon = futureDay(2);
    const later = futureDay(20);
    const ended = await book(api, { segments: [seg(room.id, soon, '09:00', '10:00')], seats: 3, customer: { reference: 'cus_mia', name: 'Mia Wong', email: 'mia@example.org' } });
    const seat = (await api.post(`/v1/bookings/${ended.id}/attendees`, { customer: { reference: 'cus_leo', name: 'Leo Park' } })).body;
    const upcoming = await book(api, { segments: [seg(room.id, later, '09:00', '10:00')], customer: { reference: 'cus_ivy', name: 'Ivy Stone' } });
    // A booking session made for Mia keeps her details as its prefill until the session's own retention.
    const session = (await api.post('/v1/booking_sessions', { segments: [{ resource: room.id, duration_minutes: 60 }], customer: { reference: 'cus_mia', name: 'Mia Wong', email: 'mia@example.org' } })).body;
    expect(session.customer).toMatchObject({ name: 'Mia Wong' });
    // The same kind of booking on the test platform, which keeps personal data until erased.
    const keeper = await t.newAccount();
    const keeperRoom = await openResource(keeper);
    const kept = await book(keeper, { segments: [seg(keeperRoom.id, soon, '09:00', '10:00')], customer: { reference: 'cus_kim', name: 'Kim Lee' } });
    // Past bookings offer no slots; what they held is their segments and seats, compared below.
    const heldOf = async () => ((await api.get(`/v1/bookings/${ended.id}`)).body as any).segments;
    const before = await heldOf();

    // 29 days after the end: the booking keeps Mia. The session ended (at its expires_at,
    // minutes after it was made) longer ago than 30 days: its prefill is gone.
    t.clock.set(new Date(Date.parse(session.expires_at) + 29 * DAY));
    await t.runWorker('webhooks.retention');
    expect((await api.get(`/v1/booking_sessions/${session.id}`)).body.customer).toMatchObject({ name: 'Mia Wong' });
    t.clock.set(new Date(Date.parse(ended.end) + 29 * DAY));
    await t.runWorker('webhooks.retention');
    expect((await api.get(`/v1/bookings/${ended.id}`)).body.customer.name).toBe('Mia Wong');
    expect((await api.get(`/v1/booking_sessions/${session.id}`)).body.customer).toBeNull();
    // 31 days after: the ended booking and its attendee are tombstoned; the upcoming one and the other platform's are not.
    t.clock.set(new Date(Date.parse(ended.end) + 31 * DAY));
    await t.runWorker('webhooks.retention');
    const tombstone = { reference: 'erased', name: null, email: null, phone: null, locale: null, time_zone: null };
    expect((await api.get(`/v1/bookings/${ended.id}`)).body).toMatchObject({ customer: tombstone, status: 'confirmed', start: ended.start, end: ended.end });
    expect((await api.get(`/v1/attendees/${seat.id}`)).body.customer).toEqual(tombstone);
    expect((await api.get(`/v1/bookings/${upcoming.id}`)).body.customer.name).toBe('Ivy Stone');
    expect((await keeper.get(`/v1/bookings/${kept.id}`)).body.customer.name).toBe('Kim Lee');
    expect(await heldOf()).toEqual(before);
    expect((await api.get(`/v1/attendees/${seat.id}`)).body).toMatchObject({ status: 'confirmed', seats: 1 });
    // The copies in events went with the events (30 days by default): nothing of Mia or Leo is left.
    expect(await tablesHolding(t.db, ['Mia Wong', 'mia@example.org', 'Leo Park'])).toEqual([]);
    t.clock.reset();
  });
});
