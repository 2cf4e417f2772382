import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { create, createResource, createSchedule, insertHold, openResource, search, starts, utc, week, pinNow } from './availability-support.js';

pinNow();
const t = await setupTestApp();
const TZ = 'Europe/Paris';
const DAY = { from: '2027-01-11T00:00:00+01:00', to: '2027-01-12T00:00:00+01:00' }; // a Monday in Paris
const hours = (...h: number[]) => h.map((x) => `2027-01-11T${String(x).padStart(2, '0')}:00`);

describe('availability search', () => {
  it('lists hourly slots inside a 09:00–17:00 schedule with the documented shape', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    const res = await search(api, { ...DAY, segments: [{ resource: r.id, duration_minutes: 60 }], slot_interval_minutes: 60 });
    expect(res).toMatchObject({ object: 'availability', timezone: TZ, has_more: false, next_from: null });
    expect(starts(res.slots, TZ)).toEqual(hours(9, 10, 11, 12, 13, 14, 15, 16));
    expect(res.slots[0]).toEqual({
      start: '2027-01-11T08:00:00Z',
      end: '2027-01-11T09:00:00Z',
      segments: [{ resource: r.id, location: null, start: '2027-01-11T08:00:00Z', end: '2027-01-11T09:00:00Z', quantity: 1, remaining_capacity: 1 }],
    });
  });

  it('uses a 15-minute grid by default', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    const res = await search(api, { ...DAY, segments: [{ resource: r.id, duration_minutes: 60 }] });
    expect(res.slots).toHaveLength(29); // 09:00 … 16:00 every 15 minutes
    expect(starts(res.slots, TZ).slice(0, 3)).toEqual(['2027-01-11T09:00', '2027-01-11T09:15', '2027-01-11T09:30']);
  });

  it("aligns the grid to local midnight of the search's time zone, the account's by default", async () => {
    const api = await t.newAccount({ timezone: 'UTC' });
    const r = await openResource(api, { timezone: 'Asia/Kathmandu' }); // 09:00–17:00 at +05:45 = 03:15Z–11:15Z
    const body = { from: '2027-01-11T00:00:00Z', to: '2027-01-12T00:00:00Z', segments: [{ resource: r.id, duration_minutes: 60 }], slot_interval_minutes: 60 };
    const inUtc = await search(api, body);
    expect(inUtc.timezone).toBe('UTC');
    expect(inUtc.slots.map((s) => s.start.slice(11, 16))).toEqual(['04:00', '05:00', '06:00', '07:00', '08:00', '09:00', '10:00']);
    const local = await search(api, { ...body, timezone: 'Asia/Kathmandu' });
    expect(starts(local.slots, 'Asia/Kathmandu')).toEqual(hours(9, 10, 11, 12, 13, 14, 15, 16));
  });

  it("answers in the account's time zone as it is now, read with the facts, also for the calendar and for a type without resources", async () => {
    const api = await t.newAccount({ timezone: 'UTC' });
    const r = await openResource(api, { timezone: 'Asia/Kathmandu' });
    const body = { from: '2027-01-11T00:00:00Z', to: '2027-01-12T00:00:00Z', segments: [{ resource: r.id, duration_minutes: 60 }], slot_interval_minutes: 60 };
    expect((await t.api.post(`/v1/accounts/${api.accountId}`, { timezone: 'Asia/Kathmandu' })).status).toBe(200);
    const moved = await search(api, body);
    expect(moved.timezone).toBe('Asia/Kathmandu');
    expect(starts(moved.slots, 'Asia/Kathmandu')).toEqual(hours(9, 10, 11, 12, 13, 14, 15, 16));
    const calendar = await api.get('/v1/availability/calendar', { resource: r.id, from: body.from, to: body.to });
    expect(calendar.body.timezone).toBe('Asia/Kathmandu');
    const none = await search(api, { ...body, segments: [{ type: 'nobody', duration_minutes: 60 }] });
    expect(none).toMatchObject({ timezone: 'Asia/Kathmandu', slots: [] });
  });

  it('takes time away with overrides: [] closes the day, intervals replace it', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-01-11', intervals: [] });
    await create(api, '/v1/schedule_overrides', { resource: r.id, date: '2027-01-12', intervals: [{ start: '12:00', end: '14:00' }] });
    const res = await search(api, { from: DAY.from, to: '2027-01-13T00:00:00+01:00', segments: [{ resource: r.id, duration_minutes: 60 }], slot_interval_minutes: 60 });
    expect(starts(res.slots, TZ)).toEqual(['2027-01-12T12:00', '2027-01-12T13:00']);
  });

  it('takes time away with resource and account-wide blocks', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const a = await openResource(api);
    const b = await openResource(api);
    await create(api, '/v1/blocks', { resource: a.id, start: utc('2027-01-11T10:30', TZ), end: utc('2027-01-11T11:30', TZ) });
    await create(api, '/v1/blocks', { account_wide: true, start: utc('2027-01-11T14:00', TZ), end: utc('2027-01-11T15:00', TZ) });
    const run = (id: string) => search(api, { ...DAY, segments: [{ resource: id, duration_minutes: 60 }], slot_interval_minutes: 60 });
    expect(starts((await run(a.id)).slots, TZ)).toEqual(hours(9, 12, 13, 15, 16));
    expect(starts((await run(b.id)).slots, TZ)).toEqual(hours(9, 10, 11, 12, 13, 15, 16));
  });

  it('lets a location block hit only resources while they work at that location', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const hall = await create(api, '/v1/locations', { name: 'Hall' });
    const annex = await create(api, '/v1/locations', { name: 'Annex' });
    const inHall = await openResource(api, { default_location: hall.id });
    const inAnnex = await createResource(api);
    await createSchedule(api, inAnnex.id, [week([{ start: '09:00', end: '17:00', location: annex.id }])]);
    const split = await createResource(api, { default_location: annex.id });
    await createSchedule(api, split.id, [week([{ start: '09:00', end: '12:00', location: hall.id }, { start: '12:00', end: '17:00' }])]);
    await create(api, '/v1/blocks', { location: hall.id, start: utc('2027-01-11T11:00', TZ), end: utc('2027-01-11T14:00', TZ) });
    const run = (id: string) => search(api, { ...DAY, segments: [{ resource: id, duration_minutes: 60 }], slot_interval_minutes: 60 });
    expect(starts((await run(inHall.id)).slots, TZ)).toEqual(hours(9, 10, 14, 15, 16));
    expect(starts((await run(inAnnex.id)).slots, TZ)).toEqual(hours(9, 10, 11, 12, 13, 14, 15, 16));
    const s = (await run(split.id)).slots;
    expect(starts(s, TZ)).toEqual(hours(9, 10, 12, 13, 14, 15, 16));
    expect(s.map((x) => x.segments[0].location)).toEqual([hall.id, hall.id, annex.id, annex.id, annex.id, annex.id, annex.id]);
  });

  it('keeps a segment at a requested location inside the working time there', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const hall = await create(api, '/v1/locations', { name: 'Hall' });
    const annex = await create(api, '/v1/locations', { name: 'Annex' });
    const r = await createResource(api);
    await createSchedule(api, r.id, [week([{ start: '09:00', end: '12:00', location: hall.id }, { start: '12:00', end: '17:00', location: annex.id }])]);
    const res = await search(api, { ...DAY, segments: [{ resource: r.id, location: hall.id, duration_minutes: 60 }], slot_interval_minutes: 30 });
    expect(starts(res.slots, TZ)).toEqual(['2027-01-11T09:00', '2027-01-11T09:30', '2027-01-11T10:00', '2027-01-11T10:30', '2027-01-11T11:00']);
    expect(res.slots.every((s) => s.segments[0].location === hall.id)).toBe(true);
  });

  it('counts pool units held by confirmed and live pending bookings, and reports remaining_capacity', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const pool = await openResource(api, { capacity: 3 });
    await insertHold(t.db.kysely, api.accountId, { resource: pool.id, start: utc('2027-01-11T10:00', TZ), end: utc('2027-01-11T11:00', TZ), quantity: 2 });
    await insertHold(t.db.kysely, api.accountId, { resource: pool.id, start: utc('2027-01-11T12:00', TZ), end: utc('2027-01-11T13:00', TZ), status: 'pending', expiresAt: null });
    // Neither an expired pending booking nor a cancelled one holds anything.
    await insertHold(t.db.kysely, api.accountId, { resource: pool.id, start: utc('2027-01-11T14:00', TZ), end: utc('2027-01-11T15:00', TZ), quantity: 3, status: 'pending', expiresAt: '2020-01-01T00:00:00Z' });
    await insertHold(t.db.kysely, api.accountId, { resource: pool.id, start: utc('2027-01-11T15:00', TZ), end: utc('2027-01-11T16:00', TZ), quantity: 3, status: 'cancelled' });
    const run = (quantity: number) => search(api, { ...DAY, segments: [{ resource: pool.id, duration_minutes: 60, quantity }], slot_interval_minutes: 60 });
    const one = await run(1);
    expect(starts(one.slots, TZ)).toEqual(hours(9, 10, 11, 12, 13, 14, 15, 16));
    expect(one.slots.map((s) => s.segments[0].remaining_capacity)).toEqual([3, 1, 3, 2, 3, 3, 3, 3]);
    expect(starts((await run(2)).slots, TZ)).toEqual(hours(9, 11, 12, 13, 14, 15, 16));
    expect(starts((await run(3)).slots, TZ)).toEqual(hours(9, 11, 13, 14, 15, 16));
    expect((await run(4)).slots).toEqual([]);
  });

  it('offers the first candidate that fits, in the given order', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const a = await openResource(api);
    const b = await openResource(api);
    await create(api, '/v1/blocks', { resource: a.id, start: utc('2027-01-11T10:00', TZ), end: utc('2027-01-11T12:00', TZ) });
    await create(api, '/v1/blocks', { resource: b.id, start: utc('2027-01-11T11:00', TZ), end: utc('2027-01-11T12:00', TZ) });
    const run = async (resources: string[]) =>
      (await search(api, { ...DAY, segments: [{ resources, duration_minutes: 60 }], slot_interval_minutes: 60 })).slots.map(
        (s) => `${s.start.slice(11, 13)}:${s.segments[0].resource === a.id ? 'a' : 'b'}`,
      );
    expect(await run([a.id, b.id])).toEqual(['08:a', '09:b', '11:a', '12:a', '13:a', '14:a', '15:a']);
    expect(await run([b.id, a.id])).toEqual(['08:b', '09:b', '11:b', '12:b', '13:b', '14:b', '15:b']);
  });

  it('takes the active resources of a type as candidates in creation order', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const c1 = await openResource(api, { type: 'coach' });
    const c2 = await openResource(api, { type: 'coach' });
    const archived = await openResource(api, { type: 'coach' });
    const room = await openResource(api, { type: 'room' });
    await api.post(`/v1/resources/${archived.id}/archive`);
    await create(api, '/v1/blocks', { resource: c1.id, start: utc('2027-01-11T10:00', TZ), end: utc('2027-01-11T12:00', TZ) });
    await create(api, '/v1/blocks', { resource: c2.id, start: utc('2027-01-11T11:00', TZ), end: utc('2027-01-11T12:00', TZ) });
    const res = await search(api, { ...DAY, segments: [{ type: 'coach', duration_minutes: 60 }], slot_interval_minutes: 60 });
    expect(starts(res.slots, TZ)).toEqual(hours(9, 10, 12, 13, 14, 15, 16));
    expect(res.slots.map((s) => s.segments[0].resource)).toEqual([c1.id, c2.id, c1.id, c1.id, c1.id, c1.id, c1.id]);
    expect(res.slots.some((s) => [archived.id, room.id].includes(s.segments[0].resource))).toBe(false);
    const none = await search(api, { ...DAY, segments: [{ type: 'nobody', duration_minutes: 60 }] });
    expect(none).toMatchObject({ slots: [], has_more: false, next_from: null });
  });

  it('offers nothing for an archived resource named directly', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    await api.post(`/v1/resources/${r.id}/archive`);
    expect((await search(api, { ...DAY, segments: [{ resource: r.id, duration_minutes: 60 }] })).slots).toEqual([]);
  });

  it('sequences segments one after another by default, or at offset_minutes from the slot start', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const wash = await openResource(api, { name: 'Wash' });
    const cut = await openResource(api, { name: 'Cut' });
    await insertHold(t.db.kysely, api.accountId, { resource: cut.id, start: utc('2027-01-11T10:30', TZ), end: utc('2027-01-11T11:30', TZ) });
    const seq = await search(api, { ...DAY, segments: [{ resource: wash.id, duration_minutes: 30 }, { resource: cut.id, duration_minutes: 60 }], slot_interval_minutes: 60 });
    expect(starts(seq.slots, TZ)).toEqual(hours(9, 11, 12, 13, 14, 15));
    expect(seq.slots[0]).toMatchObject({
      start: utc('2027-01-11T09:00', TZ),
      end: utc('2027-01-11T10:30', TZ),
      segments: [
        { resource: wash.id, start: utc('2027-01-11T09:00', TZ), end: utc('2027-01-11T09:30', TZ) },
        { resource: cut.id, start: utc('2027-01-11T09:30', TZ), end: utc('2027-01-11T10:30', TZ) },
      ],
    });
    const parallel = await search(api, { ...DAY, segments: [{ resource: wash.id, duration_minutes: 30 }, { resource: cut.id, duration_minutes: 60, offset_minutes: 0 }], slot_interval_minutes: 60 });
    expect(starts(parallel.slots, TZ)).toEqual(hours(9, 12, 13, 14, 15, 16));
    expect(parallel.slots[0].end).toBe(utc('2027-01-11T10:00', TZ));
    const later = await search(api, { ...DAY, segments: [{ resource: wash.id, duration_minutes: 30 }, { resource: cut.id, duration_minutes: 60, offset_minutes: 120 }], slot_interval_minutes: 60 });
    expect(starts(later.slots, TZ)).toEqual(hours(10, 11, 12, 13, 14));
    expect(later.slots[0].segments[1].start).toBe(utc('2027-01-11T12:00', TZ));
  });

  it("holds buffers inside working hours and clear of other bookings' held time, with per-segment overrides", async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api, { buffer_after_minutes: 15 });
    const q = (seg: Record<string, unknown> = {}) => search(api, { ...DAY, segments: [{ resource: r.id, duration_minutes: 60, ...seg }], slot_interval_minutes: 15 });
    const plain = starts((await q()).slots, TZ);
    expect(plain[0]).toBe('2027-01-11T09:00');
    expect(plain[plain.length - 1]).toBe('2027-01-11T15:45');
    expect(starts((await q({ buffer_after_minutes: 0 })).slots, TZ).at(-1)).toBe('2027-01-11T16:00');
    expect(starts((await q({ buffer_before_minutes: 30 })).slots, TZ)[0]).toBe('2027-01-11T09:30');
    await insertHold(t.db.kysely, api.accountId, { resource: r.id, start: utc('2027-01-11T12:00', TZ), end: utc('2027-01-11T13:00', TZ), bufferAfter: 15 });
    const around = starts((await q()).slots, TZ).filter((s) => s >= '2027-01-11T10:30' && s <= '2027-01-11T13:30');
    // New held time [t, t+75) must miss the other booking's [12:00, 13:15).
    expect(around).toEqual(['2027-01-11T10:30', '2027-01-11T10:45', '2027-01-11T13:15', '2027-01-11T13:30']);
  });

  it('pages with limit, has_more and next_from without gaps or repeats', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    const body = { from: DAY.from, to: '2027-01-13T00:00:00+01:00', segments: [{ resource: r.id, duration_minutes: 60 }], slot_interval_minutes: 60 };
    const all = await search(api, body);
    expect(all.slots).toHaveLength(16);
    const seen: string[] = [];
    let from = body.from;
    for (let page = 0; page < 10; page++) {
      const res = await search(api, { ...body, from, limit: 5 });
      seen.push(...res.slots.map((s) => s.start));
      if (!res.has_more) {
        expect(res.next_from).toBeNull();
        break;
      }
      expect(res.slots).toHaveLength(5);
      expect(res.next_from).toBe(all.slots[seen.length].start);
      from = res.next_from!;
    }
    expect(seen).toEqual(all.slots.map((s) => s.start));
  });

  it('never offers a slot that starts before now', async () => {
    const api = await t.newAccount({ timezone: 'UTC' });
    const r = await openResource(api, {}, { start: '00:00', end: '24:00' });
    const now = Date.now();
    const res = await search(api, {
      from: new Date(now - 6 * 3600_000).toISOString(),
      to: new Date(now + 6 * 3600_000).toISOString(),
      segments: [{ resource: r.id, duration_minutes: 30 }],
      slot_interval_minutes: 30,
    });
    expect(res.slots.length).toBeGreaterThan(0);
    expect(res.slots.every((s) => Date.parse(s.start) >= now)).toBe(true);
    expect(Date.parse(res.slots[0].start) - now).toBeLessThanOrEqual(30 * 60_000);
  });

  it('answers 404 resource_missing naming the unknown resource or location', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const other = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    const foreign = await openResource(other);
    const seg = { duration_minutes: 60 };
    expectError(await api.post('/v1/availability', { ...DAY, segments: [{ resource: 'res_nope', ...seg }] }), 404, 'resource_missing', 'segments[0].resource');
    expectError(await api.post('/v1/availability', { ...DAY, segments: [{ resource: foreign.id, ...seg }] }), 404, 'resource_missing', 'segments[0].resource');
    expectError(
      await api.post('/v1/availability', { ...DAY, segments: [{ resource: r.id, ...seg }, { resources: [r.id, foreign.id], ...seg }] }),
      404,
      'resource_missing',
      'segments[1].resources[1]',
    );
    expectError(await api.post('/v1/availability', { ...DAY, segments: [{ resource: r.id, location: 'loc_nope', ...seg }] }), 404, 'resource_missing', 'segments[0].location');
  });

  it('lets a restricted key with read access to availability search, and no one without it', async () => {
    const api = await t.newAccount({ timezone: TZ });
    const r = await openResource(api);
    const body = { ...DAY, segments: [{ resource: r.id, duration_minutes: 60 }] };
    const reader = await t.restrictedKey({ permissions: { availability: 'read' }, account: api.accountId });
    expect((await api.withKey(reader).post('/v1/availability', body)).status).toBe(200);
    expect((await api.withKey(reader).get('/v1/availability/calendar', { resource: r.id, from: DAY.from, to: DAY.to })).status).toBe(200);
    const outsider = await t.restrictedKey({ permissions: { resources: 'write', bookings: 'write' }, account: api.accountId });
    expectError(await api.withKey(outsider).post('/v1/availability', body), 403, 'permission_denied');
  });
});
