/**
 * Booking creation throughput (docs/performance.md, "Bookings"), through the whole HTTP
 * pipeline, next to the database's raw small-transaction rate measured in the same run:
 *
 * - raw: transactions of one `select … for update` + one `update` on a resource row, the
 *   skeleton of every booking write (one at a time, and 8 in parallel on distinct rows);
 * - bookings on distinct resources (no lock contention), one at a time and 8 in parallel;
 * - bookings on one contended pool (every request takes the same resource lock), first and
 *   once 2,400 bookings hold the same hour;
 * - imports, and the re-check of 1,000 future bookings when their pool is archived.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { withTransaction } from '../src/db/transaction.js';
import { benchApp, measure, ok, type BenchApp } from './support.js';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const MIN = 60_000;
const PARALLEL = 8;
// A day far enough ahead that every booking lies in the future.
const DAY0 = Date.parse(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

interface Rate {
  name: string;
  count: number;
  perSecond: number;
  note?: string;
}

/** Runs `count` calls of `fn(i)`, `parallel` at a time; returns calls per second. */
async function rate(name: string, count: number, parallel: number, fn: (i: number) => Promise<unknown>, note?: string): Promise<Rate> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < count; i = next++) await fn(i);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { name, count, perSecond: count / seconds, note };
}

async function resources(b: BenchApp, n: number, capacity = 1): Promise<string[]> {
  const ids: string[] = [];
  const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '00:00', end: '24:00' }]]));
  for (let i = 0; i < n; i++) {
    const r = await ok(b.request('POST', '/v1/resources', { name: `R${i}`, type: 'bench', capacity }));
    await ok(b.request('POST', '/v1/schedules', { resource: r.id, effective_from: '2020-01-06', weeks: [week] }));
    ids.push(r.id);
  }
  return ids;
}

/** The i-th free hour of a resource: bookings never collide, so every request succeeds. */
const slot = (resource: string, i: number) => ({
  segments: [{ resource, start: iso(DAY0 + i * 60 * MIN), end: iso(DAY0 + (i + 1) * 60 * MIN) }],
});

export default async function bookingsBench(): Promise<void> {
  const b = await benchApp();
  try {
    const db = b.db.kysely;
    const distinct = await resources(b, 16);
    const [pool] = await resources(b, 1, 10_000);
    const counters = new Map<string, number>();
    const nextIndex = (r: string) => {
      const i = counters.get(r) ?? 0;
      counters.set(r, i + 1);
      return i;
    };

    const rawTx = (id: string) =>
      withTransaction(db, async (trx) => {
        await sql`select id from resources where account_id = ${b.accountId} and id = ${id} for update`.execute(trx);
        await sql`update resources set updated_at = now() where account_id = ${b.accountId} and id = ${id}`.execute(trx);
      });
    const book = async (body: unknown) => ok(b.request('POST', '/v1/bookings', body));

    const rates: Rate[] = [];
    rates.push(await rate('raw transaction (lock + update one row), sequential', 500, 1, (i) => rawTx(distinct[i % distinct.length])));
    rates.push(await rate(`raw transaction, ${PARALLEL} in parallel on distinct rows`, 1000, PARALLEL, (i) => rawTx(distinct[i % distinct.length])));
    rates.push(await rate('POST /v1/bookings, distinct resources, sequential', 300, 1, (i) => {
      const r = distinct[i % distinct.length];
      return book(slot(r, nextIndex(r)));
    }));
    rates.push(await rate(`POST /v1/bookings, distinct resources, ${PARALLEL} in parallel`, 600, PARALLEL, (i) => {
      const r = distinct[i % distinct.length];
      return book(slot(r, nextIndex(r)));
    }));
    rates.push(
      await rate(`POST /v1/bookings, one contended pool, ${PARALLEL} in parallel`, 600, PARALLEL, () => book(slot(pool, 0)), 'same hour each time; the pool grows to 600 overlapping holds'),
    );
    // A pool's booking plans by its held time summed per time, not one row a booking, so it
    // costs the same with 3,000 bookings in its hour as with none (docs/performance.md, "A full pool").
    await rate('the pool filled to 2,400 bookings of that hour', 1800, PARALLEL, () => book(slot(pool, 0)));
    rates.push(
      await rate(`POST /v1/bookings, the same pool, bookings 2,401 to 3,000 of its hour`, 600, PARALLEL, () => book(slot(pool, 0)), 'flat: within the noise of the row above'),
    );
    const latency = await measure('POST /v1/bookings latency (distinct resources)', () => {
      const r = distinct[0];
      return book(slot(r, nextIndex(r)));
    }, { iterations: 100, warmup: 5 });

    // Re-checks: a pool with 1,000 future bookings is archived (all flagged) and unarchived.
    const [busy] = await resources(b, 1, 10_000);
    const t0 = performance.now();
    for (let k = 0; k < 10; k++) {
      const bookings = Array.from({ length: 100 }, (_, i) => slot(busy, k * 100 + i));
      await ok(b.request('POST', '/v1/bookings/import', { bookings }));
    }
    const importMs = performance.now() - t0;
    const timed = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      await fn();
      return performance.now() - start;
    };
    const archiveMs = await timed(() => ok(b.request('POST', `/v1/resources/${busy}/archive`)));
    const unarchiveMs = await timed(() => ok(b.request('POST', `/v1/resources/${busy}/unarchive`)));
    const previewMs = await timed(() => ok(b.request('POST', '/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${busy}/archive` })));

    const raw = rates[0].perSecond;
    const lines = ['| Workload | calls | per second | × raw sequential tx | notes |', '|---|---:|---:|---:|---|'];
    for (const r of rates) {
      lines.push(`| ${r.name} | ${r.count} | ${r.perSecond.toFixed(0)} | ${(r.perSecond / raw).toFixed(2)} | ${r.note ?? ''} |`);
    }
    console.log(lines.join('\n'));
    console.log(`\nBooking creation latency, one at a time: median ${latency.medianMs.toFixed(2)} ms, p95 ${latency.p95Ms.toFixed(2)} ms.`);
    console.log(
      `Import of 1,000 bookings in 10 calls: ${(importMs / 1000).toFixed(1)} ms per booking. ` +
        `Re-check of a pool with 1,000 future bookings: archive (all flagged) ${archiveMs.toFixed(0)} ms, ` +
        `unarchive (all resolved) ${unarchiveMs.toFixed(0)} ms, conflict preview of the archive ${previewMs.toFixed(0)} ms.`,
    );
  } finally {
    await b.close();
  }
}
