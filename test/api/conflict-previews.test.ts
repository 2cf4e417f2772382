import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { at, book, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(19);

async function preview(api: any, method: string, path: string, body?: unknown) {
  const res = await api.post('/v1/conflict_previews', body === undefined ? { method, path } : { method, path, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function eventCount(api: any) {
  return (await api.get('/v1/events', { limit: 100 })).body.data.length;
}

describe('conflict previews', () => {
  it('previews an archive: lists the bookings that would be flagged and changes nothing', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], metadata: { who: 'Ada' } });
    const events = await eventCount(api);
    const p = await preview(api, 'POST', `/v1/resources/${r.id}/archive`);
    expect(p).toMatchObject({ object: 'conflict_preview', livemode: false, method: 'POST', path: `/v1/resources/${r.id}/archive`, would_resolve: [], has_more: false });
    expect(p.would_conflict).toEqual([
      {
        booking: b.id,
        status: 'confirmed',
        start: at(day, '10:00'),
        end: at(day, '11:00'),
        resources: [r.id],
        metadata: { who: 'Ada' },
        conflicts: [expect.objectContaining({ reason: 'resource_archived', resource: r.id, segment: 0 })],
      },
    ]);
    // Rolled back: the resource is active, the booking clean, no event written.
    expect((await api.get(`/v1/resources/${r.id}`)).body.status).toBe('active');
    expect((await api.get(`/v1/bookings/${b.id}`)).body.conflicted).toBe(false);
    expect(await eventCount(api)).toBe(events);
  });

  it('previews an unarchive as would_resolve with the conflicts that go away', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    await api.post(`/v1/resources/${r.id}/archive`);
    const p = await preview(api, 'post', `/v1/resources/${r.id}/unarchive`);
    expect(p.would_conflict).toEqual([]);
    expect(p.would_resolve.map((x: any) => [x.booking, x.conflicts.map((c: any) => c.reason)])).toEqual([[b.id, ['resource_archived']]]);
    expect((await api.get(`/v1/resources/${r.id}`)).body.status).toBe('archived');
  });

  it('previews schedule, override and block writes, including deletes and updates', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const b = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const p1 = await preview(api, 'POST', '/v1/schedule_overrides', { resource: r.id, date: day, intervals: [{ start: '12:00', end: '13:00' }] });
    expect(p1.would_conflict.map((x: any) => x.booking)).toEqual([b.id]);
    const p2 = await preview(api, 'POST', '/v1/blocks', { resource: r.id, start: at(day, '10:30'), end: at(day, '10:45') });
    expect(p2.would_conflict[0].conflicts.map((c: any) => c.reason)).toEqual(['blocked']);
    expect((await api.get('/v1/blocks')).body.data).toEqual([]);
    const schedules = (await api.get('/v1/schedules', { resource: r.id })).body.data;
    const p3 = await preview(api, 'DELETE', `/v1/schedules/${schedules[0].id}`);
    expect(p3.would_conflict.map((x: any) => x.booking)).toEqual([b.id]);
    expect((await api.get(`/v1/schedules/${schedules[0].id}`)).status).toBe(200);
    const blk = (await api.post('/v1/blocks', { resource: r.id, start: at(day, '10:30'), end: at(day, '10:45') })).body;
    const p4 = await preview(api, 'POST', `/v1/blocks/${blk.id}`, { start: at(day, '12:00'), end: at(day, '12:30') });
    expect(p4.would_resolve.map((x: any) => x.booking)).toEqual([b.id]);
    const p5 = await preview(api, 'POST', `/v1/resources/${r.id}`, { name: 'Renamed' });
    expect(p5).toMatchObject({ would_conflict: [], would_resolve: [] });
  });

  it('previews a booking: a new conflicted booking shows in would_conflict; a reschedule can resolve', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const p = await preview(api, 'POST', '/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00')], conflict_policy: 'allow', metadata: { n: '1' } });
    expect(p.would_conflict).toHaveLength(1);
    expect(p.would_conflict[0]).toMatchObject({ status: 'confirmed', metadata: { n: '1' }, resources: [r.id] });
    expect((await api.get('/v1/bookings')).body.data).toHaveLength(1);

    const over = await book(api, { segments: [seg(r.id, day, '10:00', '11:00')], conflict_policy: 'allow' });
    const moved = await preview(api, 'POST', `/v1/bookings/${over.id}/reschedule`, { segments: [seg(r.id, day, '13:00', '14:00')] });
    expect(moved.would_resolve.map((x: any) => [x.booking, x.status])).toEqual([[over.id, 'cancelled']]);
    expect(moved.would_conflict).toEqual([]);
    expect((await api.get(`/v1/bookings/${over.id}`)).body.status).toBe('confirmed');
  });

  it("relays the previewed request's own error", async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const err = expectError(
      await api.post('/v1/conflict_previews', { method: 'POST', path: '/v1/bookings', body: { segments: [seg(r.id, day, '10:00', '11:00')] } }),
      409,
      'booking_conflict',
    );
    expect(err.conflicts[0].reason).toBe('capacity_exceeded');
    expectError(await api.post('/v1/conflict_previews', { method: 'POST', path: '/v1/resources/res_nope/archive' }), 404, 'resource_missing');
    expectError(await api.post('/v1/conflict_previews', { method: 'POST', path: '/v1/bookings', body: { segments: 'x' } }), 400, 'parameter_invalid', 'segments');
  });

  it('refuses what it cannot preview with parameter_invalid on path', async () => {
    const api = await t.newAccount();
    for (const [method, path] of [
      ['GET', '/v1/bookings'],
      ['POST', '/v1/locations'],
      ['DELETE', '/v1/resources/res_1'],
      ['POST', '/v1/bookings/import'],
      ['POST', '/v1/conflict_previews'],
      ['POST', '/v1/resources/../accounts'],
      ['POST', '/v1/bookings?x=1'],
    ]) {
      expectError(await api.post('/v1/conflict_previews', { method, path }), 400, 'parameter_invalid', 'path');
    }
    expectError(await api.post('/v1/conflict_previews', { path: '/v1/bookings' }), 400, 'parameter_missing', 'method');
  });

  it('needs bookings write, and the previewed request keeps its own permission family', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const noBookings = await t.restrictedKey({ permissions: { resources: 'write' } });
    expectError(await api.withKey(noBookings).post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${r.id}/archive` }), 403, 'permission_denied');
    const bookingsOnly = await t.restrictedKey({ permissions: { bookings: 'write' } });
    expectError(await api.withKey(bookingsOnly).post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${r.id}/archive` }), 403, 'permission_denied');
    const both = await t.restrictedKey({ permissions: { bookings: 'write', resources: 'write' } });
    expect((await api.withKey(both).post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${r.id}/archive` })).status).toBe(200);
  });

  it('keeps serving other requests while and after previews run side by side', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] });
    const results = await Promise.all([
      api.post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${r.id}/archive` }),
      api.post('/v1/bookings', { segments: [seg(r.id, day, '12:00', '13:00')] }),
      api.post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${r.id}`, body: { capacity: 2 } }),
      api.get('/v1/bookings'),
    ]);
    expect(results.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    // On PostgreSQL the booking made alongside may or may not be committed before the preview looks.
    expect(results[0].body.would_conflict.length).toBeGreaterThanOrEqual(1);
    expect((await api.get('/v1/bookings')).body.data).toHaveLength(2);
    expect((await api.get(`/v1/resources/${r.id}`)).body).toMatchObject({ status: 'active', capacity: 1 });
  });

  it('lists at most 100 bookings in each list and says has_more', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, { capacity: 10000 }, [{ start: '00:00', end: '24:00' }]);
    for (const half of [0, 1]) {
      const bookings = Array.from({ length: 51 }, (_, i) => ({ segments: [seg(r.id, day, `${String(half * 10 + Math.floor(i / 6)).padStart(2, '0')}:00`, '23:00')] }));
      expect((await api.post('/v1/bookings/import', { bookings })).status).toBe(200);
    }
    const p = await preview(api, 'POST', `/v1/resources/${r.id}/archive`);
    expect(p.would_conflict).toHaveLength(100);
    expect(p.has_more).toBe(true);
    const starts = p.would_conflict.map((x: any) => x.start);
    expect([...starts].sort()).toEqual(starts);
  });
});
