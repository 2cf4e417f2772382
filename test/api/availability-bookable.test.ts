/**
 * "A slot that is offered can be booked", through HTTP: random worlds (zones, pools,
 * schedules with locations, overrides, blocks of every scope, existing holds, buffers) and
 * random searches; every sampled offered slot is booked with policy reject and must
 * succeed, and sampled grid starts that were not offered must be refused.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp, type Client } from '../support/harness.js';
import { create, createResource, createSchedule, insertHold, utc, week, ALL_DAYS, pinNow } from './availability-support.js';

pinNow();
const t = await setupTestApp();

/** mulberry32: a small seeded PRNG so a failing seed can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}

const ZONES = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const DATES = ['2027-01-11', '2027-01-12', '2027-01-13'];

async function buildWorld(api: Client & { accountId: string }, r: ReturnType<typeof rng>) {
  const locations = [(await create(api, '/v1/locations', { name: 'L1' })).id, (await create(api, '/v1/locations', { name: 'L2' })).id];
  const resources: { id: string; timezone: string }[] = [];
  for (let i = r.int(1, 3); i > 0; i--) {
    const res = await createResource(api, {
      type: 'coach',
      capacity: r.pick([1, 1, 2, 3]),
      timezone: r.pick(ZONES),
      buffer_before_minutes: r.pick([0, 0, 10]),
      buffer_after_minutes: r.pick([0, 0, 15]),
      default_location: r.pick([null, locations[0]]),
    });
    resources.push(res);
    const days = ALL_DAYS.filter(() => r.chance(0.85));
    const s1 = r.int(6, 11) * 60 + r.pick([0, 30]);
    const e1 = s1 + r.int(2, 6) * 60;
    const intervals: { start: string; end: string; location: string | null }[] = [{ start: hhmm(s1), end: hhmm(e1), location: r.pick([null, locations[0], locations[1]]) }];
    if (r.chance(0.5)) {
      const s2 = e1 + r.pick([0, 30, 60]);
      intervals.push({ start: hhmm(s2), end: hhmm(Math.min(1440, s2 + r.int(1, 5) * 60)), location: r.pick([null, locations[1]]) });
    }
    await createSchedule(api, res.id, [week(intervals, days)]);
    if (r.chance(0.4)) {
      const start = r.int(8, 14) * 60;
      await create(api, '/v1/schedule_overrides', {
        resource: res.id,
        date: r.pick(DATES),
        intervals: r.chance(0.3) ? [] : [{ start: hhmm(start), end: hhmm(start + r.int(1, 4) * 60) }],
      });
    }
    for (let b = r.int(0, 2); b > 0; b--) {
      const start = utc(`${r.pick(DATES)}T${hhmm(r.int(7, 18) * 60 + r.pick([0, 15, 30]))}`, res.timezone);
      await create(api, '/v1/blocks', { resource: res.id, start, end: new Date(Date.parse(start) + r.int(1, 8) * 15 * 60_000).toISOString() });
    }
    for (let h = r.int(0, 4); h > 0; h--) {
      const start = utc(`${r.pick(DATES)}T${hhmm(r.int(8, 17) * 60 + r.pick([0, 30]))}`, res.timezone);
      await insertHold(t.db.kysely, api.accountId, {
        resource: res.id,
        start,
        end: new Date(Date.parse(start) + r.pick([30, 60, 90]) * 60_000).toISOString(),
        quantity: r.int(1, 2),
        bufferAfter: r.pick([0, 15]),
      });
    }
  }
  if (r.chance(0.3)) {
    const start = utc(`${r.pick(DATES)}T${hhmm(r.int(9, 15) * 60)}`, 'UTC');
    await create(api, '/v1/blocks', { location: locations[0], start, end: new Date(Date.parse(start) + 2 * 3600_000).toISOString() });
  }
  if (r.chance(0.2)) {
    const start = utc(`${r.pick(DATES)}T${hhmm(r.int(9, 15) * 60)}`, 'UTC');
    await create(api, '/v1/blocks', { account_wide: true, start, end: new Date(Date.parse(start) + 3600_000).toISOString() });
  }
  return { locations, resources };
}

/** The booking body for segments of a search at grid start `t` (same candidates, same options). */
function bookingSegments(searchSegments: any[], candidatesOf: (s: any) => string[], t: number) {
  let previousEnd = t;
  return searchSegments.map((s) => {
    const start = s.offset_minutes != null ? t + s.offset_minutes * 60_000 : previousEnd;
    const end = start + s.duration_minutes * 60_000;
    previousEnd = end;
    const { duration_minutes: _d, offset_minutes: _o, resource: _r, resources: _rs, type: _t, ...rest } = s;
    return { ...rest, start: new Date(start).toISOString(), end: new Date(end).toISOString(), resources: candidatesOf(s) };
  });
}

describe('every slot that search offers can be booked', () => {
  // The property must not hold vacuously: across the seeds, slots are booked and refused.
  const tally = { booked: 0, refused: 0 };
  afterAll(() => {
    expect(tally.booked).toBeGreaterThan(40);
    expect(tally.refused).toBeGreaterThan(40);
  });
  const SEEDS = Array.from({ length: 24 }, (_, i) => 1000 + i);

  it.each(SEEDS)('in random world %i, and grid starts it does not offer cannot', async (seed) => {
    const r = rng(seed);
    const api = await t.newAccount({ timezone: r.pick(ZONES) });
    const world = await buildWorld(api, r);
    const ids = world.resources.map((x) => x.id);
    const searchTz = r.pick(ZONES);
    const step = r.pick([15, 30, 60]);
    const segments: any[] = [];
    for (let i = r.int(1, 2); i > 0; i--) {
      const seg: any = { duration_minutes: r.pick([15, 30, 45, 60, 90]), quantity: r.pick([1, 1, 2]) };
      const mode = r.pick(['resource', 'resources', 'type']);
      if (mode === 'resource') seg.resource = r.pick(ids);
      else if (mode === 'resources') seg.resources = [...ids].sort(() => (r.chance(0.5) ? 1 : -1));
      else seg.type = 'coach';
      if (segments.length > 0 && r.chance(0.3)) seg.offset_minutes = r.pick([0, 30]);
      if (r.chance(0.25)) seg.buffer_before_minutes = r.pick([0, 20]);
      if (r.chance(0.25)) seg.buffer_after_minutes = r.pick([0, 20]);
      if (r.chance(0.2)) seg.location = world.locations[0];
      segments.push(seg);
    }
    const from = utc(`${DATES[0]}T00:00`, searchTz);
    const to = new Date(Date.parse(from) + 2 * 24 * 3600_000).toISOString();
    const res = await api.post('/v1/availability', { from, to, timezone: searchTz, segments, slot_interval_minutes: step, limit: 200 });
    expect(res.status).toBe(200);
    const candidatesOf = (s: any): string[] => (s.resource ? [s.resource] : s.resources ?? ids);
    const context = `seed ${seed}: ${JSON.stringify({ searchTz, step, segments })}`;

    const offered = new Set<number>(res.body.slots.map((s: any) => Date.parse(s.start)));
    const sample = res.body.slots.filter((_: unknown, i: number) => i % Math.max(1, Math.floor(res.body.slots.length / 8)) === 0).slice(0, 8);
    for (const slot of sample) {
      const body = { segments: bookingSegments(segments, candidatesOf, Date.parse(slot.start)), conflict_policy: 'reject' };
      const booked = await api.post('/v1/bookings', body);
      expect(booked.status, `${context}\nslot ${JSON.stringify(slot)}\n${JSON.stringify(booked.body)}`).toBe(200);
      expect(booked.body.conflicted).toBe(false);
      expect(booked.body.segments.map((s: any) => s.resource)).toEqual(slot.segments.map((s: any) => s.resource));
      expect((await api.post(`/v1/bookings/${booked.body.id}/cancel`)).status).toBe(200);
      tally.booked++;
    }

    // Grid starts (no offset change in these January days) that were not offered.
    const span = Math.max(
      ...bookingSegments(segments, candidatesOf, 0).map((s) => Date.parse(s.end)),
    );
    const last = res.body.has_more ? Date.parse(res.body.next_from) : Date.parse(to) - span;
    const refused: number[] = [];
    for (let g = Date.parse(from); g <= last && refused.length < 200; g += step * 60_000) if (!offered.has(g)) refused.push(g);
    for (const g of refused.filter((_, i) => i % Math.max(1, Math.floor(refused.length / 5)) === 0).slice(0, 5)) {
      const body = { segments: bookingSegments(segments, candidatesOf, g), conflict_policy: 'reject' };
      const attempt = await api.post('/v1/bookings', body);
      expect(attempt.status, `${context}\nnot offered ${new Date(g).toISOString()} but booked: ${JSON.stringify(attempt.body)}`).toBe(409);
      expect(attempt.body.error.code).toBe('booking_conflict');
      tally.refused++;
    }
  });
});
