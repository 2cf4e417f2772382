import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { eventually } from '../support/receiver.js';
import { tablesHolding } from '../support/personal-data.js';
import { sql } from 'kysely';
import { setPlatformRetention } from '../../src/tenancy/platforms.repository.js';
import { runRetention } from '../../src/features/webhooks/retention.worker.js';
import { book, futureDay, openResource, seg } from './bookings.helpers.js';
import { createEndpoint, deliveriesOf, isolatedPlatform, receivers } from './webhooks.helpers.js';

const t = await setupTestApp({ webhookRetryScheduleSeconds: [0, 1, 1], workerPollMs: 100, webhookTimeoutMs: 500 });
const receiver = receivers();
const DAY = 86_400_000;

async function eventIds(api: any) {
  return (await t.db.kysely.selectFrom('events').select('id').where('account_id', '=', api.accountId).execute()).map((e) => e.id);
}

describe('retention per platform', () => {
  it("deletes finished deliveries, then events, after the days the platform set, in the retention worker; waiting deliveries and other platforms' events stay", async () => {
    const r = await receiver();
    // A platform that keeps events the default 30 days, with events of the same age.
    const neighbour = await t.newAccount();
    await openResource(neighbour, { name: 'Court 9' });
    const neighbourEvents = await eventIds(neighbour);
    expect(neighbourEvents.length).toBeGreaterThan(0);
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
    const finished = (await deliveriesOf(platformApi, endpoint.id)).map((d) => d.id);
    // A delivery still to be sent (the delivery worker does not run again here).
    await openResource(api, { name: 'Court 2' });
    const waiting = (await deliveriesOf(platformApi, endpoint.id)).filter((d) => d.status === 'pending');
    expect(waiting).toHaveLength(1);
    const events = await eventIds(api);
    expect(events.length).toBeGreaterThan(0);

    try {
      // A day later nothing goes; three days later the finished deliveries go, the waiting one
      // and the events stay.
      t.clock.advance(1 * DAY);
      await t.runWorker('webhooks.retention');
      expect((await deliveriesOf(platformApi, endpoint.id)).length).toBe(finished.length + 1);
      t.clock.advance(2 * DAY);
      await t.runWorker('webhooks.retention');
      expect((await deliveriesOf(platformApi, endpoint.id)).map((d) => [d.id, d.status])).toEqual([[waiting[0].id, 'pending']]);
      expect(await eventIds(api)).toEqual(events);
      // Past seven days the events go too (their deliveries with them); another platform's
      // events of the same age stay, under its own 30 days.
      t.clock.advance(5 * DAY);
      await t.runWorker('webhooks.retention');
      expect(await eventIds(api)).toEqual([]);
      expect(await eventIds(neighbour)).toEqual(neighbourEvents);
    } finally {
      t.clock.reset();
    }
  });

  it('works in bounded passes: a full batch of events or of customers leaves the rest to the next pass, and says there is more, and one full batch holds back no other', async () => {
    const { api: platformApi, platformId } = await isolatedPlatform(t);
    await setPlatformRetention(t.db.kysely, platformId, { events_retention_days: 1, bookings_personal_data_retention_days: 1 });
    const account = (await platformApi.post('/v1/accounts', { name: 'Busy clinic' })).body;
    const api = platformApi.withAccount(account.id) as any;
    api.accountId = account.id;
    const room = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    // More bookings than one account's transaction tombstones (200), by import (100 a request).
    const day = futureDay(2);
    let lastEnd = 0;
    for (let batch = 0; batch < 3; batch++) {
      const bookings = Array.from({ length: 80 }, (_, i) => {
        const n = batch * 80 + i;
        const start = Date.parse(`${day}T00:00:00Z`) + n * 5 * 60_000;
        lastEnd = Math.max(lastEnd, start + 5 * 60_000);
        return { segments: [{ resource: room.id, start: new Date(start).toISOString(), end: new Date(start + 5 * 60_000).toISOString() }], customer: { reference: `cus_${n}`, name: `Person ${n}` } };
      });
      expect((await api.post('/v1/bookings/import', { bookings })).status).toBe(200);
    }
    // More events than one pass deletes (1000): copies of one of its events, written as the outbox would.
    const [one] = await eventIds(api);
    await sql`insert into events (platform_id, id, livemode, account_id, type, object, previous_attributes, created_at, details, actor_type, actor_id, request_id, object_id)
      select platform_id, id || '_' || g, livemode, account_id, type, object, previous_attributes, created_at, details, actor_type, actor_id, request_id, object_id
      from events, generate_series(1, 1000) g where platform_id = ${platformId} and id = ${one}`.execute(t.db.kysely);
    const eventCount = (await eventIds(api)).length;
    expect(eventCount).toBeGreaterThan(1000);
    const withCustomer = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from bookings where account_id = ${account.id} and customer_reference <> 'erased'`.execute(t.db.kysely)).rows[0]!.n);
    expect(await withCustomer()).toBe(240);

    t.clock.set(new Date(lastEnd + 2 * DAY));
    try {
      const first = await runRetention(t.db.kysely, t.clock.now());
      expect(first.more).toBe(true);
      expect((await eventIds(api)).length).toBe(eventCount - 1000);
      expect(await withCustomer()).toBe(40);
      const second = await runRetention(t.db.kysely, t.clock.now());
      expect((await eventIds(api)).length).toBe(0);
      expect(await withCustomer()).toBe(0);
      expect(second.more).toBe(false);
    } finally {
      t.clock.reset();
    }
  });

  it('holds the bounds in the database too: no retention of 0 days, below it or past the most', async () => {
    const { platformId } = await isolatedPlatform(t);
    for (const changes of [
      { events_retention_days: 0 },
      { events_retention_days: 31 },
      { deliveries_retention_days: -1 },
      { deliveries_retention_days: 31 },
      { bookings_personal_data_retention_days: 0 },
      { bookings_personal_data_retention_days: 3651 },
    ]) {
      await expect(setPlatformRetention(t.db.kysely, platformId, changes), JSON.stringify(changes)).rejects.toThrow();
    }
    expect(await setPlatformRetention(t.db.kysely, platformId, {})).toEqual({ events_retention_days: 30, deliveries_retention_days: 30, bookings_personal_data_retention_days: null });
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
