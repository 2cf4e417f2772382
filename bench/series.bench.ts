/**
 * Series creation (docs/performance.md, "Series"): POST /v1/series books every occurrence up
 * to the horizon in one transaction, through the whole HTTP pipeline.
 *
 * - a daily series over 730 days on one resource (730 bookings and their events);
 * - a weekly series of a 20-segment template for a year (52 bookings of 20 segments).
 *
 * Each is created several times on fresh resources; the table gives the time per series and
 * per occurrence (the target: a few milliseconds per occurrence).
 */
import { performance } from 'node:perf_hooks';
import { benchApp, ok, type BenchApp } from './support.js';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const RUNS = 3;

async function openResource(b: BenchApp, name: string): Promise<string> {
  const week = Object.fromEntries(DAYS.map((d) => [d, [{ start: '06:00', end: '22:00' }]]));
  const r = await ok(b.request('POST', '/v1/resources', { name, type: 'bench' }));
  await ok(b.request('POST', '/v1/schedules', { resource: r.id, effective_from: '2020-01-06', weeks: [week] }));
  return r.id;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

interface Row {
  name: string;
  occurrences: number;
  ms: number[];
}

export default async function seriesBench(): Promise<void> {
  const b = await benchApp();
  try {
    const rows: Row[] = [];
    const daily: Row = { name: 'daily, 730 days, one resource', occurrences: 0, ms: [] };
    const weekly: Row = { name: 'weekly, one year, 20-segment template', occurrences: 0, ms: [] };
    for (let run = 0; run < RUNS; run++) {
      const room = await openResource(b, `Room ${run}`);
      let t0 = performance.now();
      const s1 = await ok(
        b.request('POST', '/v1/series', {
          rrule: 'FREQ=DAILY',
          start_date: tomorrow(),
          start_time: '09:00',
          horizon_days: 730,
          template: { segments: [{ resource: room, duration_minutes: 60 }] },
        }),
      );
      daily.ms.push(performance.now() - t0);
      const booked1 = await ok(b.request('GET', `/v1/bookings?series=${s1.id}&limit=1`));
      if (booked1.data.length !== 1) throw new Error('daily series booked nothing');
      daily.occurrences = 730;

      const rooms: string[] = [];
      for (let i = 0; i < 20; i++) rooms.push(await openResource(b, `Station ${run}.${i}`));
      t0 = performance.now();
      await ok(
        b.request('POST', '/v1/series', {
          rrule: 'FREQ=WEEKLY;BYDAY=TU',
          start_date: tomorrow(),
          start_time: '08:00',
          horizon_days: 365,
          template: { segments: rooms.map((r) => ({ resource: r, duration_minutes: 30 })) },
        }),
      );
      weekly.ms.push(performance.now() - t0);
      weekly.occurrences = 52;
    }
    rows.push(daily, weekly);
    const lines = ['| Series | occurrences | median ms per series | ms per occurrence |', '|---|---:|---:|---:|'];
    for (const r of rows) {
      const median = [...r.ms].sort((x, y) => x - y)[Math.floor(r.ms.length / 2)];
      lines.push(`| ${r.name} | ${r.occurrences} | ${median.toFixed(0)} | ${(median / r.occurrences).toFixed(2)} |`);
    }
    console.log(lines.join('\n'));
  } finally {
    await b.close();
  }
}
