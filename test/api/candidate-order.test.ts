import { describe, expect, it } from 'vitest';
import { setupTestApp, type Client } from '../support/harness.js';
import { openResource } from './bookings.helpers.js';

const t = await setupTestApp();
const NOW = Date.parse('2027-03-01T08:00:00Z');
t.clock.set(NOW);

const DAY = '2027-03-10';
const at = (hhmm: string, day = DAY) => `${day}T${hhmm}:00Z`;

async function rooms(api: Client, n: number) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await openResource(api, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }])).id);
  return out;
}

async function bookBalanced(api: Client, candidates: string[], from: string, to: string, day = DAY) {
  const res = await api.post('/v1/bookings', { segments: [{ resources: candidates, start: at(from, day), end: at(to, day), candidate_order: 'balanced' }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.segments[0].resource as string;
}

function searchFirst(api: Client, candidates: string[], order?: string) {
  return api.post('/v1/availability', {
    from: at('10:00'),
    to: at('11:00'),
    timezone: 'UTC',
    segments: [{ resources: candidates, duration_minutes: 30, ...(order ? { candidate_order: order } : {}) }],
    limit: 1,
  });
}

describe('candidate_order', () => {
  it('listed (the default) books the first candidate that fits', async () => {
    const api = await t.newAccount();
    const [a, b] = await rooms(api, 2);
    for (const h of ['10', '11', '12']) {
      const res = await api.post('/v1/bookings', { segments: [{ resources: [a, b], start: at(`${h}:00`), end: at(`${h}:30`) }] });
      expect(res.body.segments[0].resource).toBe(a);
    }
  });

  it('balanced books the candidate with the fewest bookings that local day, and search names it', async () => {
    const api = await t.newAccount();
    const [a, b, c] = await rooms(api, 3);
    // a has two bookings that day, b one, c one booked on another day (it does not count).
    for (const h of ['08', '09']) await api.post('/v1/bookings', { segments: [{ resource: a, start: at(`${h}:00`), end: at(`${h}:30`) }] });
    await api.post('/v1/bookings', { segments: [{ resource: b, start: at('08:00'), end: at('08:30') }] });
    t.clock.advance(1000);
    await api.post('/v1/bookings', { segments: [{ resource: c, start: at('08:00', '2027-03-11'), end: at('08:30', '2027-03-11') }] });

    expect((await searchFirst(api, [a, b, c])).body.slots[0].segments[0].resource).toBe(a);
    const offered = await searchFirst(api, [a, b, c], 'balanced');
    // c holds nothing that day, b one, a two: c.
    expect(offered.body.slots[0].segments[0].resource).toBe(c);
    expect(await bookBalanced(api, [a, b, c], '10:00', '10:30')).toBe(c);
    // Now b and c have one each that day; c was booked just now, b earlier: b.
    expect((await searchFirst(api, [a, b, c], 'balanced')).body.slots[0].segments[0].resource).toBe(b);
    expect(await bookBalanced(api, [a, b, c], '10:00', '10:30')).toBe(b);
  });

  it('balanced falls back on the listed order when counts and last bookings tie, and skips a candidate that does not fit', async () => {
    const api = await t.newAccount();
    const [a, b] = await rooms(api, 2);
    // Nothing booked: a tie, so the listed order decides.
    expect(await bookBalanced(api, [b, a], '10:00', '11:00')).toBe(b);
    // a has fewer bookings that day.
    expect(await bookBalanced(api, [b, a], '10:30', '11:30')).toBe(a);
    // One each, booked at the same (pinned) time: listed order, a first, but a is busy until 11:30.
    expect(await bookBalanced(api, [a, b], '11:00', '11:30')).toBe(b);
    const full = await api.post('/v1/bookings', { segments: [{ resources: [b, a], start: at('10:45'), end: at('11:00'), candidate_order: 'balanced' }] });
    expect(full.status).toBe(409);
  });

  it('balanced dates a candidate by its latest booking that still holds it: one cancelled since does not count', async () => {
    const api = await t.newAccount();
    const [a, b] = await rooms(api, 2);
    const book = async (resource: string, from: string, day = DAY) => (await api.post('/v1/bookings', { segments: [{ resource, start: at(from, day), end: at(from.replace(':00', ':30'), day) }] })).body;
    // One booking each that day, b's made first; then b is booked on another day, and that cancelled.
    await book(b, '08:00');
    t.clock.advance(1000);
    await book(a, '08:00');
    t.clock.advance(1000);
    const later = await book(b, '09:00', '2027-03-12');
    t.clock.advance(1000);
    expect((await api.post(`/v1/bookings/${later.id}/cancel`, {})).status).toBe(200);
    // b's latest holding booking is older than a's: b is the least recently booked.
    expect((await searchFirst(api, [a, b], 'balanced')).body.slots[0].segments[0].resource).toBe(b);
    expect(await bookBalanced(api, [a, b], '10:00', '10:30')).toBe(b);
  });

  it('spreads series occurrences over the candidates of a template segment', async () => {
    const api = await t.newAccount();
    const [a, b] = await rooms(api, 2);
    const res = await api.post('/v1/series', {
      rrule: 'FREQ=DAILY;COUNT=4',
      start_date: DAY,
      start_time: '10:00',
      timezone: 'UTC',
      template: { segments: [{ resources: [a, b], duration_minutes: 30, candidate_order: 'balanced' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.template.segments[0].candidate_order).toBe('balanced');
    const booked = (await api.get('/v1/bookings', { limit: 100 })).body.data.reverse().map((x: any) => x.segments[0].resource);
    // Every day both are free and hold nothing: the one booked least recently (never, first) takes it, so they alternate.
    expect(booked).toEqual([a, b, a, b]);
  });

  it('refuses an unknown candidate_order', async () => {
    const api = await t.newAccount();
    const [a] = await rooms(api, 1);
    const res = await api.post('/v1/bookings', { segments: [{ resources: [a], start: at('10:00'), end: at('10:30'), candidate_order: 'random' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('segments[0].candidate_order');
  });
});

describe('balanced order under concurrency', () => {
  it('never picks by a stale count: parallel bookings spread evenly (the counts are read under the resource locks)', async () => {
    const api = await t.newAccount();
    const [a, b] = await rooms(api, 2);
    const hours = ['08', '09', '10', '11', '12', '13', '14', '15'];
    const results = await Promise.all(
      hours.map((h) => api.post('/v1/bookings', { segments: [{ resources: [a, b], start: at(`${h}:00`), end: at(`${h}:30`), candidate_order: 'balanced' }] })),
    );
    expect(results.map((r) => r.status)).toEqual(hours.map(() => 200));
    const picked = results.map((r) => r.body.segments[0].resource);
    expect(picked.filter((r) => r === a)).toHaveLength(4);
    expect(picked.filter((r) => r === b)).toHaveLength(4);
  });
});
