import { describe, expect, it } from 'vitest';
import { setupTestApp, type Client, expectOk as ok } from '../support/harness.js';
import { openResource } from './bookings.helpers.js';
import { TWO_APPS, withTwoApps } from '../support/two-apps.js';

const t = await setupTestApp();
t.clock.set(Date.parse('2027-02-01T08:00:00Z'));

/**
 * POST /v1/bookings, sent again after a `503 database_unavailable` as the API asks (nothing was
 * written; docs/api-conventions.md#errors). Fifty bookings that take turns on the same five
 * locks each hold a pooled connection while they wait, and on a loaded cluster the last of an
 * app's pool waiters can wait out the pool's 10 s for a connection.
 */
async function bookAsAClientWould(api: Client, body: Record<string, unknown>) {
  for (let attempt = 0; ; attempt++) {
    const res = await api.post('/v1/bookings', body);
    if (res.status !== 503 || attempt === 4) return res;
    expect(res.body.error.code).toBe('database_unavailable');
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 2) * 1000));
  }
}

/** A UTC resource open all day, every day. */
const room = (api: Client, body: Record<string, unknown> = {}) => openResource(api, { timezone: 'UTC', capacity: 100, ...body }, [{ start: '00:00', end: '24:00' }]);

const hour = (day: string, h: number) => `${day}T${String(h).padStart(2, '0')}:00:00Z`;

/** The candidate search offers at `start` (a one-hour slot), and the one a booking there gets. */
async function offeredThenBooked(api: Client, candidates: string[], start: string, extra: Record<string, unknown> = {}) {
  const end = new Date(Date.parse(start) + 3_600_000).toISOString().replace('.000Z', 'Z');
  const search = await ok(
    api.post('/v1/availability', { from: start, to: end, timezone: 'UTC', segments: [{ resources: candidates, duration_minutes: 60, candidate_order: 'weighted', ...extra }] }),
  );
  const offered = search.slots[0]?.segments[0].resource ?? null;
  const booking = await ok(api.post('/v1/bookings', { segments: [{ resources: candidates, start, end, candidate_order: 'weighted', ...extra }] }));
  return { offered, booked: booking.segments[0].resource as string };
}

describe('assignment_weight and assignment_priority on resources', () => {
  it('default to weight 1 and priority 0, take 1–100 and 0–9, and refuse anything else naming the field', async () => {
    const api = await t.newAccount();
    const r = await ok(api.post('/v1/resources', { name: 'Anna', type: 'stylist' }));
    expect(r).toMatchObject({ assignment_weight: 1, assignment_priority: 0 });
    expect(await ok(api.post(`/v1/resources/${r.id}`, { assignment_weight: 100, assignment_priority: 9 }))).toMatchObject({ assignment_weight: 100, assignment_priority: 9 });
    for (const [body, param] of [
      [{ assignment_weight: 0 }, 'assignment_weight'],
      [{ assignment_weight: 101 }, 'assignment_weight'],
      [{ assignment_weight: 1.5 }, 'assignment_weight'],
      [{ assignment_priority: -1 }, 'assignment_priority'],
      [{ assignment_priority: 10 }, 'assignment_priority'],
    ] as const) {
      const res = await api.post(`/v1/resources/${r.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.param).toBe(param);
    }
    const old = await api.get(`/v1/resources/${r.id}`, undefined, { version: '2027-01-10' });
    expect(old.body).not.toHaveProperty('assignment_weight');
    expect(old.body).not.toHaveProperty('assignment_priority');
  });
});

describe('candidate_order weighted', () => {
  it('gives Anna (weight 2) twice as many bookings as Ben (weight 1), and search names the candidate each booking then gets', async () => {
    const api = await t.newAccount();
    const anna = await room(api, { assignment_weight: 2 });
    const ben = await room(api);
    const got: string[] = [];
    for (let i = 0; i < 9; i++) {
      const { offered, booked } = await offeredThenBooked(api, [ben.id, anna.id], hour('2027-02-02', 8 + i));
      expect(booked).toBe(offered);
      got.push(booked === anna.id ? 'A' : 'B');
    }
    // Furthest below its share each time: the heavier first, and never more than one off its share.
    expect(got.join('')).toBe('ABAABAABA');
  });

  it('uses the senior stylists only when the juniors are full (lower priority first), whatever the weights', async () => {
    const api = await t.newAccount();
    const junior1 = await room(api, { capacity: 1, assignment_priority: 0 });
    const junior2 = await room(api, { capacity: 1, assignment_priority: 0 });
    const senior = await room(api, { capacity: 1, assignment_priority: 1, assignment_weight: 100 });
    const candidates = [senior.id, junior1.id, junior2.id];
    const start = hour('2027-02-03', 10);
    const booked = [];
    for (let i = 0; i < 3; i++) booked.push((await offeredThenBooked(api, candidates, start)).booked);
    expect(booked.slice(0, 2).sort()).toEqual([junior1.id, junior2.id].sort());
    expect(booked[2]).toBe(senior.id);
  });

  it("applies weights and priorities to the candidates of a search segment's type, and a booking gets the candidate search named", async () => {
    const api = await t.newAccount();
    // Created Ben, senior, Anna: the type's listed order would start with Ben.
    const ben = await room(api, { type: 'stylist', capacity: 1 });
    const senior = await room(api, { type: 'stylist', capacity: 1, assignment_priority: 1, assignment_weight: 100 });
    const anna = await room(api, { type: 'stylist', capacity: 1, assignment_weight: 2 });
    await room(api, { type: 'colourist', capacity: 1, assignment_weight: 100 });
    const stylists = [ben.id, senior.id, anna.id];
    const name = (id: string) => (id === anna.id ? 'A' : id === ben.id ? 'B' : id === senior.id ? 'S' : id);
    const offeredByType = async (start: string) => {
      const end = new Date(Date.parse(start) + 3_600_000).toISOString().replace('.000Z', 'Z');
      const body = await ok(api.post('/v1/availability', { from: start, to: end, timezone: 'UTC', segments: [{ type: 'stylist', duration_minutes: 60, candidate_order: 'weighted' }] }));
      return body.slots[0]?.segments[0].resource ?? null;
    };
    const bookNamed = async (start: string) => {
      const end = new Date(Date.parse(start) + 3_600_000).toISOString().replace('.000Z', 'Z');
      const booking = await ok(api.post('/v1/bookings', { segments: [{ resources: stylists, start, end, candidate_order: 'weighted' }] }));
      return booking.segments[0].resource as string;
    };

    const got: string[] = [];
    for (let i = 0; i < 9; i++) {
      const start = hour('2027-02-02', 8 + i);
      const offered = await offeredByType(start);
      expect(await bookNamed(start)).toBe(offered);
      got.push(name(offered));
    }
    // The senior (priority 1) is never offered while a junior is free, whatever its weight.
    expect(got.join('')).toBe('ABAABAABA');

    // At one hour, the juniors fill up first; only then is the senior offered.
    const start = hour('2027-02-03', 10);
    const fill: string[] = [];
    for (let i = 0; i < 3; i++) {
      const offered = await offeredByType(start);
      expect(await bookNamed(start)).toBe(offered);
      fill.push(name(offered));
    }
    expect(fill.slice(0, 2).sort()).toEqual(['A', 'B']);
    expect(fill[2]).toBe('S');
    expect(await offeredByType(start)).toBeNull();
  });

  it("counts each candidate's bookings over the fairness period: the local day, the ISO week (default) or the calendar month", async () => {
    const api = await t.newAccount();
    const a = await room(api);
    const b = await room(api);
    const direct = (r: string, start: string) =>
      ok(api.post('/v1/bookings', { segments: [{ resource: r, start, end: new Date(Date.parse(start) + 3_600_000).toISOString() }] }));
    // a: 3 bookings on Monday 1 March and 1 on Tuesday 9 March; b: 2 on Monday 8 March.
    for (let i = 0; i < 3; i++) await direct(a.id, hour('2027-03-01', 9 + i));
    await direct(a.id, hour('2027-03-09', 9));
    for (let i = 0; i < 2; i++) await direct(b.id, hour('2027-03-08', 9 + i));

    const at = hour('2027-03-09', 12);
    const end = hour('2027-03-09', 13);
    const offered = async (period?: string) => {
      const body = await ok(
        api.post('/v1/availability', {
          from: at,
          to: end,
          timezone: 'UTC',
          segments: [{ resources: [a.id, b.id], duration_minutes: 60, candidate_order: 'weighted', ...(period ? { fairness_period: period } : {}) }],
        }),
      );
      return body.slots[0].segments[0].resource;
    };
    expect(await offered('day')).toBe(b.id); // that Tuesday: a 1, b 0
    expect(await offered('week')).toBe(a.id); // that week: a 1, b 2
    expect(await offered()).toBe(a.id);
    expect(await offered('month')).toBe(b.id); // March: a 4, b 2
    const booking = await ok(api.post('/v1/bookings', { segments: [{ resources: [a.id, b.id], start: at, end, candidate_order: 'weighted', fairness_period: 'month' }] }));
    expect(booking.segments[0].resource).toBe(b.id);
  });

  it("counts the fairness period in the candidate's own zone: Auckland's day, week and month, not UTC's", async () => {
    const api = await t.newAccount();
    const tz = 'Pacific/Auckland'; // UTC+13 (daylight time) throughout these dates
    const pair = async () => [await openResource(api, { timezone: tz, capacity: 100 }, [{ start: '00:00', end: '24:00' }]), await openResource(api, { timezone: tz, capacity: 100 }, [{ start: '00:00', end: '24:00' }])];
    const direct = (r: string, start: string) =>
      ok(api.post('/v1/bookings', { segments: [{ resource: r, start, end: new Date(Date.parse(start) + 3_600_000).toISOString() }] }));
    // Each case: `a` has two bookings inside the local period but outside the UTC one, `b` one booking inside the UTC period
    // but outside the local one. Counted locally (a 2, b 0) `b` is furthest below its share; counted in UTC (a 0, b 1) `a` would be.
    const cases = [
      // Wednesday 10 March 11:00 in Auckland (still Tuesday 9 March in UTC).
      { period: 'day', at: '2027-03-09T22:00:00Z', a: ['2027-03-10T01:00:00Z', '2027-03-10T02:00:00Z'], b: ['2027-03-09T05:00:00Z'] },
      // The ISO week of Monday 8 March runs from 2027-03-07T11:00Z to 2027-03-14T11:00Z in Auckland.
      { period: 'week', at: '2027-03-09T22:00:00Z', a: ['2027-03-07T12:00:00Z', '2027-03-07T13:00:00Z'], b: ['2027-03-14T12:00:00Z'] },
      // March runs from 2027-02-28T11:00Z to 2027-03-31T11:00Z in Auckland.
      { period: 'month', at: '2027-03-15T22:00:00Z', a: ['2027-02-28T12:00:00Z', '2027-02-28T13:00:00Z'], b: ['2027-03-31T12:00:00Z'] },
    ];
    for (const c of cases) {
      const [a, b] = await pair();
      for (const start of c.a) await direct(a.id, start);
      for (const start of c.b) await direct(b.id, start);
      const { offered, booked } = await offeredThenBooked(api, [a.id, b.id], c.at, { fairness_period: c.period });
      expect(offered, c.period).toBe(b.id);
      expect(booked, c.period).toBe(b.id);
    }
  });

  it('refuses an unknown order or period naming the field', async () => {
    const api = await t.newAccount();
    const a = await room(api);
    const res = await api.post('/v1/bookings', { segments: [{ resources: [a.id], start: hour('2027-02-04', 9), end: hour('2027-02-04', 10), candidate_order: 'weighted', fairness_period: 'year' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('segments[0].fairness_period');
  });

  it('keeps weighted order and its fairness period on series template segments; older versions read it as balanced', async () => {
    const api = await t.newAccount();
    const a = await room(api, { assignment_weight: 3 });
    const b = await room(api);
    const series = await ok(
      api.post('/v1/series', {
        rrule: 'FREQ=DAILY;COUNT=4',
        start_date: '2027-02-08',
        start_time: '10:00',
        horizon_days: 14,
        template: { segments: [{ resources: [b.id, a.id], duration_minutes: 60, candidate_order: 'weighted', fairness_period: 'month' }] },
      }),
    );
    expect(series.template.segments[0]).toMatchObject({ candidate_order: 'weighted', fairness_period: 'month' });
    const bookings = await ok(api.get('/v1/bookings', { series: series.id, order: 'start', limit: 10 }));
    expect(bookings.data.map((x: any) => (x.segments[0].resource === a.id ? 'A' : 'B')).join('')).toBe('ABAA');
    const old = await api.get(`/v1/series/${series.id}`, undefined, { version: '2027-01-10' });
    expect(old.body.template.segments[0].candidate_order).toBe('balanced');
    expect(old.body.template.segments[0]).not.toHaveProperty('fairness_period');
  });
});

describe('weighted order under concurrency', () => {
  it('50 parallel bookings over 5 weighted candidates end within one booking of each weighted share', async () => {
    const api = await t.newAccount();
    const weights = [1, 2, 3, 4, 5];
    const rooms = [];
    for (const w of weights) rooms.push(await room(api, { assignment_weight: w }));
    const ids = rooms.map((r) => r.id);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.post('/v1/bookings', { segments: [{ resources: ids, start: hour('2027-02-10', 10), end: hour('2027-02-10', 11), candidate_order: 'weighted' }] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const counts = ids.map((id) => results.filter((r) => r.body.segments[0].resource === id).length);
    const total = weights.reduce((x, y) => x + y, 0);
    counts.forEach((c, i) => expect(Math.abs(c - (50 * weights[i]) / total), `counts ${counts.join(',')}`).toBeLessThanOrEqual(1));
  });

  it(`two apps on one database (${TWO_APPS}): 50 weighted bookings split between them end within one booking of each weighted share`, async () => {
    await withTwoApps(
      async (api1, api2) => {
        const weights = [1, 2, 3, 4, 5];
        const ids: string[] = [];
        for (const w of weights) ids.push((await room(api1, { assignment_weight: w })).id);
        const body = { segments: [{ resources: ids, start: hour('2027-02-10', 10), end: hour('2027-02-10', 11), candidate_order: 'weighted' }] };
        const results = await Promise.all(Array.from({ length: 50 }, (_, i) => bookAsAClientWould(i % 2 ? api1 : api2, body)));
        expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
        const counts = ids.map((id) => results.filter((r) => r.body.segments[0].resource === id).length);
        const total = weights.reduce((x, y) => x + y, 0);
        counts.forEach((c, i) => expect(Math.abs(c - (50 * weights[i]) / total), `counts ${counts.join(',')}`).toBeLessThanOrEqual(1));
      },
      { clock: t.clock },
    );
  });
});
