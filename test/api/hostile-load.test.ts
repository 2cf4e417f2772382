import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp, type Client } from '../support/harness.js';
import { fingerprintQuery } from '../support/fingerprint.js';
import { newId, ID_PREFIX } from '../../src/lib/ids.js';
import { MAX_CANDIDATES, MAX_SEARCH_UNITS } from '../../src/features/availability/cost.js';
import { MAX_IMPORT_UNITS } from '../../src/features/bookings/bookings.import.js';
import { MAX_PREVIEW_UNITS } from '../../src/features/conflict-previews/conflict-previews.service.js';
import { DAYS, futureDay } from './bookings.helpers.js';
import { latenciesDuring, p99 } from '../support/latency-probes.js';

/**
 * Every request has a bounded cost, decided before the work starts, and the heaviest allowed
 * request does not stall other tenants (issue "Fair under hostile load", lists 1 and 2).
 *
 * The latency bound here is generous on purpose (a loaded 2-core CI machine runs this suite
 * on several databases; this file runs after the others, alone): LATENCY_BOUND_MS, or a tenth of the heavy request's own time when
 * the machine is so loaded that the heavy request itself takes many seconds. Either is far
 * below what a probe waits without slicing: the whole heavy request. The real figure, 50 ms
 * p99 on an idle machine, is measured by `npm run bench -- fairness` (docs/limits.md).
 */
const LATENCY_BOUND_MS = 500;
const boundFor = (workMs: number) => Math.max(LATENCY_BOUND_MS, workMs / 10);
const HEAVY = 300_000;

const t = await setupTestApp();
const heavy = await t.newAccount({ name: 'Heavy' });
const light = await t.newAccount({ name: 'Light' });
const lightLocation = (await light.post('/v1/locations', { name: 'Quiet room' })).body;

const FIRST = futureDay(3);

/** `count` pool resources of one type, open all day every day. */
async function pool(api: Client, type: string, count: number, capacity = 10000): Promise<string[]> {
  const ids: string[] = [];
  const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '00:00', end: '24:00' }]]));
  for (let i = 0; i < count; i++) {
    const r = await api.post('/v1/resources', { name: `${type} ${i}`, type, capacity });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = await api.post('/v1/schedules', { resource: r.body.id, effective_from: '2020-01-06', weeks: [week] });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    ids.push(r.body.id);
  }
  return ids;
}

/** One long 1-unit booking per resource (written with SQL: this measures reading, not writing). */
async function holdOneUnit(accountId: string, resources: string[], start: Date, end: Date) {
  const now = new Date();
  for (const resource of resources) {
    const id = newId(ID_PREFIX.booking);
    await t.db.kysely
      .insertInto('bookings')
      .values({ account_id: accountId, id, livemode: false, status: 'confirmed', expires_at: null, start_at: start, end_at: end, seats: null, conflict_policy: 'allow', conflicted: false, conflicts: null, metadata: '{}', created_at: now, updated_at: now } as never)
      .execute();
    await t.db.kysely
      .insertInto('booking_segments')
      .values({ account_id: accountId, booking_id: id, position: 0, resource_id: resource, location_id: null, location_requested: false, start_at: start, end_at: end, held_start: start, held_end: end, quantity: 1, buffer_before_minutes: 0, buffer_after_minutes: 0, booking_status: 'confirmed' } as never)
      .execute();
  }
}

/** `count` future bookings of `segments` one-hour segments each on one resource, written with SQL. */
async function busyResource(accountId: string, resource: string, count: number, segments: number) {
  const now = new Date();
  const base = Date.parse(`${FIRST}T00:00:00Z`);
  const HOUR = 3600_000;
  for (let b = 0; b < count; b += 50) {
    const chunk = Array.from({ length: Math.min(50, count - b) }, (_, k) => {
      const start = base + (b + k) * segments * HOUR;
      return { id: newId(ID_PREFIX.booking), start, end: start + segments * HOUR };
    });
    await t.db.kysely
      .insertInto('bookings')
      .values(chunk.map((c) => ({ account_id: accountId, id: c.id, livemode: false, status: 'confirmed', expires_at: null, start_at: new Date(c.start), end_at: new Date(c.end), seats: null, conflict_policy: 'allow', conflicted: false, conflicts: null, metadata: '{}', created_at: now, updated_at: now })) as never)
      .execute();
    await t.db.kysely
      .insertInto('booking_segments')
      .values(
        chunk.flatMap((c) =>
          Array.from({ length: segments }, (_, position) => {
            const start = new Date(c.start + position * HOUR);
            const end = new Date(c.start + (position + 1) * HOUR);
            return { account_id: accountId, booking_id: c.id, position, resource_id: resource, location_id: null, location_requested: false, start_at: start, end_at: end, held_start: start, held_end: end, quantity: 1, buffer_before_minutes: 0, buffer_after_minutes: 0, booking_status: 'confirmed' as const };
          }),
        ),
      )
      .execute();
  }
}


const probes = {
  healthz: async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
  },
  otherTenant: async () => {
    const r = await light.get(`/v1/locations/${lightLocation.id}`);
    expect(r.status).toBe(200);
  },
};

/**
 * Runs `work` once, timing every probe meanwhile, and checks each probe's latency. /healthz never waits for the
 * database. Another tenant's GET does on PGlite: one connection serves every transaction in
 * turn, so there it may wait for the heavy request's one transaction, and no longer
 * (docs/limits.md); on PostgreSQL it must stay fast.
 */
async function expectFairDuring(what: string, work: () => Promise<unknown>) {
  const { samples: all, workMs } = await latenciesDuring(work, probes);
  for (const [name, samples] of Object.entries(all)) {
    const worst = p99(samples);
    console.log(`${what} ${workMs.toFixed(0)} ms; ${name}: ${samples.length} samples, p99 ${worst.toFixed(1)} ms`);
    const waitsForTransaction = name === 'otherTenant' && t.db.kind === 'pglite';
    const bound = waitsForTransaction ? workMs + LATENCY_BOUND_MS : boundFor(workMs);
    if (!waitsForTransaction) expect(samples.length, `${name}: the probe never ran while the ${what} did`).toBeGreaterThan(2);
    expect(worst, `${name} p99 while the ${what} ran ${workMs.toFixed(0)} ms`).toBeLessThan(bound);
  }
}

describe('search cost', () => {
  it(`a type's candidates count against the cap of ${MAX_CANDIDATES}, with a 400 that says what to do`, async () => {
    await pool(heavy, 'crowd', MAX_CANDIDATES + 1, 1);
    const res = await heavy.post('/v1/availability', {
      from: `${FIRST}T00:00:00Z`,
      to: `${futureDay(4)}T00:00:00Z`,
      segments: [{ type: 'crowd', duration_minutes: 30 }],
    });
    const error = expectError(res, 400, 'parameter_invalid', 'segments[0].type');
    expect(error.message).toContain(String(MAX_CANDIDATES));
    expect(error.message).toMatch(/resources/);
  });

  it('a search over budget is 400 before any work, saying how to narrow it (the 16-second search of the issue)', async () => {
    const before = await (await fingerprintQuery(t.db))();
    const started = performance.now();
    const res = await heavy.post('/v1/availability', {
      from: `${FIRST}T00:00:00Z`,
      to: `${futureDay(3 + 62)}T00:00:00Z`,
      slot_interval_minutes: 1,
      segments: Array.from({ length: 20 }, () => ({ resources: Array.from({ length: 50 }, (_, i) => `res_${i}`), duration_minutes: 10, quantity: 10000 })),
    });
    const error = expectError(res, 400, 'parameter_invalid', null);
    expect(error.message).toMatch(/work units/);
    expect(error.message).toMatch(/range|slot_interval_minutes|candidates/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await (await fingerprintQuery(t.db))()).toBe(before);
  });
});

describe('the heaviest allowed requests do not stall other tenants', () => {
  it('the worst allowed search runs while /healthz and another tenant’s GET stay fast', async () => {
    const ids = await pool(heavy, 'pool', MAX_CANDIDATES);
    // Every candidate but the last holds one unit all along: a quantity of the whole
    // capacity fits only on the last one, so each start tries all 50 of each segment.
    await holdOneUnit(heavy.accountId, ids.slice(0, -1), new Date(`${FIRST}T00:00:00Z`), new Date(`${futureDay(3 + 62)}T00:00:00Z`));
    const segments = 20;
    const interval = 15;
    const days = Math.floor(MAX_SEARCH_UNITS / (segments * MAX_CANDIDATES * (1440 / interval)));
    const body = {
      from: `${FIRST}T00:00:00Z`,
      to: `${futureDay(3 + days)}T00:00:00Z`,
      slot_interval_minutes: interval,
      limit: 1000,
      segments: Array.from({ length: segments }, () => ({ type: 'pool', duration_minutes: 10, quantity: 10000 })),
    };
    // A search reads its facts first and then only computes: nobody waits for it, on either database.
    const { samples: all, workMs } = await latenciesDuring(async () => {
      const res = await heavy.post('/v1/availability', body);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    }, probes);
    for (const [name, samples] of Object.entries(all)) {
      const worst = p99(samples);
      console.log(`search ${workMs.toFixed(0)} ms; ${name}: ${samples.length} samples, p99 ${worst.toFixed(1)} ms; slowest at ${samples.map((x, i) => [x, i]).sort((a, b) => b[0] - a[0]).slice(0, 3).map(([x, i]) => `#${i}:${x.toFixed(0)}`).join(" ")}`);
      expect(samples.length, `${name}: the probe never ran while the search did`).toBeGreaterThan(3);
      expect(worst, `${name} p99 while the search ran ${workMs.toFixed(0)} ms`).toBeLessThan(boundFor(workMs));
    }
  }, HEAVY);

  it('the largest allowed import runs while another tenant’s GET waits at most for its one transaction', async () => {
    const room = (await heavy.post('/v1/resources', { name: 'Import room', type: 'import', capacity: 10000 })).body;
    const perBooking = MAX_IMPORT_UNITS / 100; // the most bookings an import takes, each as large as the budget allows
    const base = Date.parse(`${FIRST}T00:00:00Z`);
    const bookings = Array.from({ length: MAX_IMPORT_UNITS / perBooking }, (_, b) => ({
      segments: Array.from({ length: perBooking }, (_, k) => {
        const start = base + (b * perBooking + k) * 3600_000;
        return { resource: room.id, start: new Date(start).toISOString(), end: new Date(start + 3600_000).toISOString() };
      }),
    }));
    await expectFairDuring('import', async () => {
      const res = await heavy.post('/v1/bookings/import', { bookings });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    });

    const extra = { ...bookings[0].segments[0], start: `${futureDay(90)}T10:00:00Z`, end: `${futureDay(90)}T11:00:00Z` };
    const over = await heavy.post('/v1/bookings/import', { bookings: [...bookings.slice(1), { segments: [...bookings[0].segments, extra] }] });
    const error = expectError(over, 400, 'parameter_invalid', 'bookings');
    expect(error.message).toMatch(/Split it/);
  }, HEAVY);

  it('the largest allowed conflict preview runs while another tenant’s GET waits at most for its one transaction', async () => {
    const room = (await heavy.post('/v1/resources', { name: 'Busy room', type: 'busy', capacity: 1 })).body;
    const segments = 20;
    await busyResource(heavy.accountId, room.id, MAX_PREVIEW_UNITS / segments, segments);
    await expectFairDuring('preview', async () => {
      const res = await heavy.post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${room.id}/archive` });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      expect(res.body.would_conflict.length).toBeGreaterThan(0);
    });

    // One booking more is over budget: refused before anything is planned, and nothing is kept.
    await busyResource(heavy.accountId, room.id, 1, segments);
    const before = await (await fingerprintQuery(t.db))();
    const over = await heavy.post('/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${room.id}/archive` });
    const error = expectError(over, 400, 'parameter_invalid', null);
    expect(error.message).toMatch(/re-check of \d+ future bookings/);
    expect(error.message).toMatch(/narrower/);
    expect(await (await fingerprintQuery(t.db))()).toBe(before);
    // The write itself is not refused for its size.
    expect((await heavy.post(`/v1/resources/${room.id}/archive`)).status).toBe(200);
  }, HEAVY);
});
