import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { at, book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(12);

describe('creating a booking', () => {
  it('books a resource inside its hours, confirmed by default, with the full booking shape and a booking.created event', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], metadata: { ref: 'A1' } });
    expect(b).toMatchObject({
      object: 'booking',
      livemode: false,
      status: 'confirmed',
      expires_at: null,
      start: at(day, '10:00'),
      end: at(day, '11:00'),
      segments: [{ resource: r.id, location: null, start: at(day, '10:00'), end: at(day, '11:00'), quantity: 1, buffer_before_minutes: 0, buffer_after_minutes: 0 }],
      seats: null,
      seats_taken: null,
      conflict_policy: 'reject',
      conflicted: false,
      conflicts: null,
      series: null,
      occurrence_key: null,
      replaces: null,
      replaced_by: null,
      cancellation_reason: null,
      cancelled_at: null,
      metadata: { ref: 'A1' },
    });
    expect(b.id).toMatch(/^bk_/);
    expect(b.confirmed_at).toEqual(expect.any(String));
    const events = await eventsOf(api, 'booking.created', b.id);
    expect(events).toHaveLength(1);
    expect(events[0].data.previous_attributes).toBeNull();
    expect((await api.get(`/v1/bookings/${b.id}`)).body).toEqual(b);
  });

  it('spans the earliest segment start to the latest segment end, buffers not included', async () => {
    const api = await t.newAccount();
    const a = await openResource(api);
    const c = await openResource(api);
    const b = await book(api, {
      segments: [
        seg(a.id, day, '10:00', '11:00', { buffer_before_minutes: 30 }),
        seg(c.id, day, '11:00', '12:30', { buffer_after_minutes: 15 }),
      ],
    });
    expect(b.start).toBe(at(day, '10:00'));
    expect(b.end).toBe(at(day, '12:30'));
    expect(b.segments.map((s: any) => [s.buffer_before_minutes, s.buffer_after_minutes])).toEqual([[30, 0], [0, 15]]);
  });

  it("uses the resource's buffers by default and holds them: the next booking cannot start inside them", async () => {
    const api = await t.newAccount();
    const r = await openResource(api, { buffer_before_minutes: 15, buffer_after_minutes: 30 });
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    expect(b.segments[0]).toMatchObject({ buffer_before_minutes: 15, buffer_after_minutes: 30 });
    // 11:15 starts inside the 30-minute after-buffer (and its own 15-minute before-buffer reaches back to 11:00).
    const res = await api.post('/v1/bookings', { segments: [seg(r.id, day, '11:15', '12:00')] });
    const err = expectError(res, 409, 'booking_conflict', null);
    expect(err.conflicts).toEqual([expect.objectContaining({ segment: 0, resource: r.id, reason: 'capacity_exceeded' })]);
    // With both buffers it fits from 11:45 on.
    await book(api, { segments: [seg(r.id, day, '11:45', '12:30')] });
  });

  it('refuses buffers that leave working hours (outside_schedule) and a segment outside hours', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    let err = expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '09:00', '10:00', { buffer_before_minutes: 10 })] }), 409, 'booking_conflict');
    expect(err.conflicts.map((c: any) => c.reason)).toEqual(['outside_schedule']);
    err = expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '16:30', '17:30')] }), 409, 'booking_conflict');
    expect(err.conflicts[0]).toMatchObject({ segment: 0, resource: r.id, reason: 'outside_schedule', message: expect.any(String) });
  });

  it('refuses a resource with no schedule at all', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, null);
    const err = expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00')] }), 409, 'booking_conflict');
    expect(err.conflicts[0].reason).toBe('outside_schedule');
  });

  it('refuses a segment that starts in the past with start_passed', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const start = new Date(Date.now() - 3600_000).toISOString();
    const end = new Date(Date.now() + 3600_000).toISOString();
    const err = expectError(await api.post('/v1/bookings', { segments: [{ resource: r.id, start, end }] }), 409, 'booking_conflict');
    expect(err.conflicts.map((c: any) => c.reason)).toEqual(['start_passed']);
  });

  it('refuses overlapping bookings on a capacity-1 resource and fills a pool up to its capacity by quantity', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    await book(api, { segments: [seg(room.id, day, '10:00', '11:00')] });
    expectError(await api.post('/v1/bookings', { segments: [seg(room.id, day, '10:30', '11:30')] }), 409, 'booking_conflict');
    // Touching intervals do not overlap: [10, 11) and [11, 12).
    await book(api, { segments: [seg(room.id, day, '11:00', '12:00')] });

    const pool = await openResource(api, { capacity: 5 });
    await book(api, { segments: [seg(pool.id, day, '10:00', '11:00', { quantity: 3 })] });
    const err = expectError(await api.post('/v1/bookings', { segments: [seg(pool.id, day, '10:30', '11:00', { quantity: 3 })] }), 409, 'booking_conflict');
    expect(err.conflicts[0]).toMatchObject({ reason: 'capacity_exceeded', resource: pool.id });
    const b = await book(api, { segments: [seg(pool.id, day, '10:30', '11:00', { quantity: 2 })] });
    expect(b.segments[0].quantity).toBe(2);
  });

  it('a pending booking holds capacity like a confirmed one, with expires_at', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const expires = new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], status: 'pending', expires_at: expires });
    expect(b).toMatchObject({ status: 'pending', expires_at: expires, confirmed_at: null });
    expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00')] }), 409, 'booking_conflict');
  });

  it('records seats and starts seats_taken at 0', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], seats: 12 });
    expect(b).toMatchObject({ seats: 12, seats_taken: 0 });
  });
});

describe('locations', () => {
  it("resolves a segment's location from the schedule interval, then the resource's default", async () => {
    const api = await t.newAccount();
    const hall = (await api.post('/v1/locations', { name: 'Hall' })).body.id;
    const annex = (await api.post('/v1/locations', { name: 'Annex' })).body.id;
    const r = await openResource(api, { default_location: annex }, [
      { start: '09:00', end: '12:00', location: hall },
      { start: '13:00', end: '17:00' },
    ]);
    const morning = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    expect(morning.segments[0].location).toBe(hall);
    const afternoon = await book(api, { segments: [seg(r.id, day, '14:00', '15:00')] });
    expect(afternoon.segments[0].location).toBe(annex);
  });

  it('with a location, the resource must work there for the whole held time', async () => {
    const api = await t.newAccount();
    const hall = (await api.post('/v1/locations', { name: 'Hall' })).body.id;
    const annex = (await api.post('/v1/locations', { name: 'Annex' })).body.id;
    const r = await openResource(api, {}, [
      { start: '09:00', end: '12:00', location: hall },
      { start: '12:00', end: '17:00', location: annex },
    ]);
    const ok = await book(api, { segments: [seg(r.id, day, '12:30', '13:00', { location: annex })] });
    expect(ok.segments[0].location).toBe(annex);
    const err = expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00', { location: annex })] }), 409, 'booking_conflict');
    expect(err.conflicts[0].reason).toBe('outside_schedule');
    expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00', { location: 'loc_missing' })] }), 404, 'resource_missing', 'segments[0].location');
  });
});

describe('blocks and archived resources', () => {
  it('refuses held time that overlaps a block', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const blk = await api.post('/v1/blocks', { resource: r.id, start: at(day, '12:00'), end: at(day, '13:00') });
    expect(blk.status, JSON.stringify(blk.body)).toBe(200);
    const err = expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '11:00', '12:00', { buffer_after_minutes: 5 })] }), 409, 'booking_conflict');
    expect(err.conflicts.map((c: any) => c.reason)).toEqual(['blocked']);
  });

  it('always refuses an archived resource, whatever the policy', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    await api.post(`/v1/resources/${r.id}/archive`);
    for (const conflict_policy of ['reject', 'capacity_only', 'allow']) {
      const err = expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00')], conflict_policy }), 409, 'booking_conflict');
      expect(err.conflicts.map((c: any) => c.reason)).toContain('resource_archived');
    }
  });
});
