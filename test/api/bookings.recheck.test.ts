import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { at, book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(18);

const reasons = (b: any) => (b.conflicts ?? []).map((c: any) => c.reason);

describe('re-checks of future bookings', () => {
  it('archiving flags future bookings resource_archived (booking.conflicted); unarchiving clears it (booking.conflict_resolved)', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const cancelled = await book(api, { segments: [seg(r.id, day, '12:00', '13:00')] });
    await api.post(`/v1/bookings/${cancelled.id}/cancel`);

    await api.post(`/v1/resources/${r.id}/archive`);
    const flagged = (await api.get(`/v1/bookings/${b.id}`)).body;
    expect(flagged.conflicted).toBe(true);
    expect(flagged.conflicts).toEqual([expect.objectContaining({ segment: 0, resource: r.id, reason: 'resource_archived' })]);
    const [conflicted] = await eventsOf(api, 'booking.conflicted', b.id);
    expect(conflicted.data.previous_attributes).toEqual({ conflicted: false, conflicts: null });
    expect((await api.get(`/v1/bookings/${cancelled.id}`)).body.conflicted).toBe(false);

    await api.post(`/v1/resources/${r.id}/unarchive`);
    const cleared = (await api.get(`/v1/bookings/${b.id}`)).body;
    expect(cleared).toMatchObject({ conflicted: false, conflicts: null });
    const [resolved] = await eventsOf(api, 'booking.conflict_resolved', b.id);
    expect(resolved.data.previous_attributes).toEqual({ conflicted: true, conflicts: flagged.conflicts });
  });

  it('leaves past bookings alone', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const past = (await api.post('/v1/bookings/import', { bookings: [{ segments: [seg(r.id, '2024-03-04', '10:00', '11:00')] }] })).body.data[0];
    await api.post(`/v1/resources/${r.id}/archive`);
    expect((await api.get(`/v1/bookings/${past.id}`)).body.conflicted).toBe(false);
  });

  it("re-checks a booking in progress for a resource whose segment is still to come, and not for one whose segment is over", async () => {
    const api = await t.newAccount();
    const yesterday = futureDay(-1);
    const tomorrow = futureDay(1);
    const earlier = await openResource(api);
    const later = await openResource(api);
    // Imported: a booking may start in the past only through an import.
    const { body } = await api.post('/v1/bookings/import', {
      bookings: [{ segments: [seg(earlier.id, yesterday, '10:00', '11:00'), seg(later.id, tomorrow, '10:00', '11:00')] }],
    });
    const inProgress = body.data[0];

    // Its time on `earlier` is over: archiving that resource cannot meet what is left of it.
    await api.post(`/v1/resources/${earlier.id}/archive`);
    expect((await api.get(`/v1/bookings/${inProgress.id}`)).body.conflicted).toBe(false);

    // Its time on `later` is to come: archiving that one flags it, on that segment only (the
    // re-check plans the whole booking, but the segment on `earlier` is history).
    await api.post(`/v1/resources/${later.id}/archive`);
    const flagged = (await api.get(`/v1/bookings/${inProgress.id}`)).body;
    expect(flagged.conflicted).toBe(true);
    expect(flagged.conflicts).toEqual([expect.objectContaining({ segment: 1, resource: later.id, reason: 'resource_archived' })]);
  });

  it('re-checks a booking held for days that began before yesterday and goes on', async () => {
    const api = await t.newAccount();
    const room = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const { body } = await api.post('/v1/bookings/import', {
      bookings: [{ segments: [{ resource: room.id, start: at(futureDay(-3), '10:00'), end: at(futureDay(2), '10:00') }] }],
    });
    const long = body.data[0];
    expect(long.conflicted).toBe(false);
    await api.post(`/v1/resources/${room.id}/archive`);
    expect((await api.get(`/v1/bookings/${long.id}`)).body.conflicts).toEqual([expect.objectContaining({ segment: 0, resource: room.id, reason: 'resource_archived' })]);
  });

  it('lowering capacity flags the bookings made last; raising it resolves them', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { capacity: 3 });
    const b1 = await book(api, { segments: [seg(pool.id, day, '10:00', '11:00')] });
    const b2 = await book(api, { segments: [seg(pool.id, day, '10:00', '11:00')] });
    const b3 = await book(api, { segments: [seg(pool.id, day, '10:30', '11:30')] });
    await api.post(`/v1/resources/${pool.id}`, { capacity: 1 });
    const states = await Promise.all([b1, b2, b3].map(async (b) => (await api.get(`/v1/bookings/${b.id}`)).body));
    expect(states.map((s) => s.conflicted)).toEqual([false, true, true]);
    expect(reasons(states[1])).toEqual(['capacity_exceeded']);
    await api.post(`/v1/resources/${pool.id}`, { capacity: 2 });
    const after = await Promise.all([b1, b2, b3].map(async (b) => (await api.get(`/v1/bookings/${b.id}`)).body));
    expect(after.map((s) => s.conflicted)).toEqual([false, false, true]);
    expect(await eventsOf(api, 'booking.conflict_resolved', b2.id)).toHaveLength(1);
  });

  it('a schedule override that closes the day flags outside_schedule; deleting it resolves', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const ov = await api.post('/v1/schedule_overrides', { resource: r.id, date: day, intervals: [] });
    expect(ov.status, JSON.stringify(ov.body)).toBe(200);
    expect(reasons((await api.get(`/v1/bookings/${b.id}`)).body)).toEqual(['outside_schedule']);
    await api.del(`/v1/schedule_overrides/${ov.body.id}`);
    expect((await api.get(`/v1/bookings/${b.id}`)).body.conflicted).toBe(false);
  });

  it('blocks flag blocked, account-wide blocks reach every resource, and removing them resolves', async () => {
    const api = await t.newAccount();
    const a = await openResource(api);
    const c = await openResource(api);
    const ba = await book(api, { segments: [seg(a.id, day, '10:00', '11:00')] });
    const bc = await book(api, { segments: [seg(c.id, day, '10:00', '11:00')] });
    const blk = (await api.post('/v1/blocks', { resource: a.id, start: at(day, '10:30'), end: at(day, '12:00') })).body;
    expect(reasons((await api.get(`/v1/bookings/${ba.id}`)).body)).toEqual(['blocked']);
    expect((await api.get(`/v1/bookings/${bc.id}`)).body.conflicted).toBe(false);
    const wide = (await api.post('/v1/blocks', { account_wide: true, start: at(day, '09:00'), end: at(day, '10:05') })).body;
    expect(reasons((await api.get(`/v1/bookings/${bc.id}`)).body)).toEqual(['blocked']);
    await api.del(`/v1/blocks/${blk.id}`);
    await api.del(`/v1/blocks/${wide.id}`);
    expect((await api.get(`/v1/bookings/${ba.id}`)).body.conflicted).toBe(false);
    expect((await api.get(`/v1/bookings/${bc.id}`)).body.conflicted).toBe(false);
  });

  it('cancelling a booking resolves the capacity conflict it caused', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const first = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const over = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], conflict_policy: 'allow' });
    expect(reasons(over)).toEqual(['capacity_exceeded']);
    await api.post(`/v1/bookings/${first.id}/cancel`);
    expect((await api.get(`/v1/bookings/${over.id}`)).body.conflicted).toBe(false);
    expect(await eventsOf(api, 'booking.conflict_resolved', over.id)).toHaveLength(1);
  });

  it('keeps start_passed, a fact of the moment of booking, through re-checks', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const b = await book(api, {
      segments: [{ resource: r.id, start: new Date(Date.now() - 60_000).toISOString(), end: new Date(Date.now() + 3600_000).toISOString() }],
      conflict_policy: 'allow',
    });
    expect(reasons(b)).toEqual(['start_passed']);
    await api.post(`/v1/resources/${r.id}/archive`);
    expect(reasons((await api.get(`/v1/bookings/${b.id}`)).body).sort()).toEqual(['resource_archived', 'start_passed']);
    await api.post(`/v1/resources/${r.id}/unarchive`);
    expect(reasons((await api.get(`/v1/bookings/${b.id}`)).body)).toEqual(['start_passed']);
  });

  it('keeps a requested location required: moving that location’s hours away flags the booking', async () => {
    const api = await t.newAccount();
    const hall = (await api.post('/v1/locations', { name: 'Hall' })).body.id;
    const annex = (await api.post('/v1/locations', { name: 'Annex' })).body.id;
    const r = await openResource(api, {}, [{ start: '09:00', end: '17:00', location: hall }]);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00', { location: hall })] });
    await api.post('/v1/schedule_overrides', { resource: r.id, date: day, intervals: [{ start: '09:00', end: '17:00', location: annex }] });
    expect(reasons((await api.get(`/v1/bookings/${b.id}`)).body)).toEqual(['outside_schedule']);
  });

  it('fans the re-check events out to subscribed webhook endpoints, one delivery per event', async () => {
    const api = await t.newAccount();
    const pool = await openResource(api, { capacity: 5 });
    const bookings = [];
    for (const h of ['10', '11', '12']) bookings.push(await book(api, { segments: [seg(pool.id, day, `${h}:00`, `${h}:30`)] }));
    const ep = await t.api.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/hook', enabled_events: ['booking.conflicted'] });
    expect(ep.status, JSON.stringify(ep.body)).toBe(200);
    const other = await t.api.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:9/other', enabled_events: ['resource.*'] });
    await api.post(`/v1/resources/${pool.id}/archive`);
    const events = await eventsOf(api, 'booking.conflicted');
    expect(events.map((e) => e.data.object.id).sort()).toEqual(bookings.map((b) => b.id).sort());
    for (const e of events) {
      const deliveries = (await t.api.get(`/v1/events/${e.id}/deliveries`)).body.data;
      expect(deliveries.map((d: any) => [d.endpoint, d.event_type, d.status])).toEqual([[ep.body.id, 'booking.conflicted', 'pending']]);
    }
    const otherDeliveries = (await t.api.get(`/v1/webhook_endpoints/${other.body.id}/deliveries`)).body.data;
    expect(otherDeliveries.map((d: any) => d.event_type)).toEqual(['resource.archived']);
  });
});
