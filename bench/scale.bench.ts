/**
 * Cost as history grows (docs/performance.md, "Scale"): the same `serve` process, over real
 * HTTP, on an empty database and on a large one, in one run, per engine (a PGlite folder;
 * PostgreSQL when DATABASE_URL is set; Citus when CITUS_DATABASE_URL is).
 *
 * For each data set: a first start, the bench account made through the API (an ordinary
 * resource, the probe resource, the archive room, 50 coaches); stop; for the large set, the data written in SQL
 * (bench/scale-data.ts) and analysed. Then both served at once, and every request kind's p50
 * and p99, on the ordinary resource and on the probe with its 50,000 bookings of history, the
 * two servers taking turns call by call; each idle server's CPU over the same 10 s with its
 * workers on; resident memory; then each background pass run in this process on the stopped
 * server's database (bench/pass-costs.ts). One table per engine: empty, large, ratio,
 * and the targets (p50 within 1.2×, idle CPU under 2% of a core, memory within 10%).
 *
 * Sizes: 10,000,000 bookings (100,000 resources, 10,000 accounts) by default, 1,000,000 with
 * `--quick`, 200,000 on PGlite; `--bookings N` sets it by hand, on every engine.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildIfStale } from '../scripts/build.mjs';
import { client, openResource, type Client } from './http-client.js';
import { cpuMs, enginesToRun, newDataPlace, startServe, testKeyOf, type DataPlace, type Engine, type ServerProcess } from './processes.js';
import { buildScaleData, countRows, sizeFor, type ScaleSize } from './scale-data.js';
import { passCosts, type PassCost } from './pass-costs.js';
import { memoryAfterCollection, type CollectedMemory } from './memory.js';

export interface ScaleBenchOptions {
  quick: boolean;
  /** Bookings of the large data set, on every engine; absent: the size of the mode and engine. */
  bookings?: number;
  /** Only these of the configured engines (`--engine`); absent or empty: all. */
  engines?: Engine[];
}

export const FULL_BOOKINGS = 10_000_000;
export const QUICK_BOOKINGS = 1_000_000;
/** One process writes a PGlite folder, in WebAssembly: the large set is kept to what it builds in a minute or two. */
export const PGLITE_BOOKINGS = 200_000;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const IDLE_MS = 10_000;
const isoZ = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const allDay = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '00:00', end: '24:00' }]]));

interface Samples {
  requests: number;
  searches: number;
}
const FULL: Samples = { requests: 300, searches: 60 };
const QUICK: Samples = { requests: 100, searches: 30 };

/** The bench account's objects, made through the API in both data sets alike. */
interface Objects {
  accountId: string;
  typical: string;
  probe: string;
  /** A room whose large-set history lies before its calendar feed's window. */
  archive: string;
  coaches: string[];
}

async function setUp(server: ServerProcess, key: string): Promise<Objects> {
  let accountId: string | null = null;
  const c = client(server.url, key, () => accountId, 1);
  try {
    const account = await c.call('POST', '/v1/accounts', { name: 'Scale', timezone: 'UTC' });
    accountId = account.id as string;
    const typical = await openResource(c, { name: 'Typical room', type: 'room', capacity: 1 }, allDay);
    const probe = await openResource(c, { name: 'Probe room', type: 'room', capacity: 1 }, allDay);
    const archive = await openResource(c, { name: 'Archive room', type: 'room', capacity: 1 }, allDay);
    const coaches: string[] = [];
    for (let i = 0; i < 50; i++) coaches.push(await openResource(c, { name: `Coach ${i}`, type: 'coach', capacity: 1 }, allDay));
    return { accountId: accountId!, typical, probe, archive, coaches };
  } finally {
    await c.close();
  }
}

interface Kind {
  name: string;
  search?: boolean;
  /** `c` acts for the bench account (Service-Account); `platform` for the whole platform. */
  call(c: Client, platform: Client): Promise<unknown>;
}

/** Every request kind measured; the same requests on both data sets. */
function kindsOf(o: Objects): Kind[] {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const from = isoZ(today + DAY);
  const to = (days: number) => isoZ(today + DAY + days * DAY);
  const now = encodeURIComponent(isoZ(Math.floor(Date.now() / 1000) * 1000));
  // The day of the bookings the runs make (below), on both data sets alike: the large set's
  // history lies before it.
  const day = isoZ(today + 400 * DAY).slice(0, 10);
  // Bookings past the data's last day, so that each one is free on both data sets: its
  // held-time lookup still reads every earlier segment of the resource.
  const hours = new Map<string, number>();
  const book = (c: Client, resource: string) => {
    const i = hours.get(resource) ?? 0;
    hours.set(resource, i + 1);
    const start = today + 400 * DAY + i * HOUR;
    return c.call('POST', '/v1/bookings', { segments: [{ resource, start: isoZ(start), end: isoZ(start + HOUR) }] });
  };
  const onEach = (label: string, id: string): Kind[] => [
    { name: `GET /v1/resources/{id}${label}`, call: (c) => c.call('GET', `/v1/resources/${id}`) },
    { name: `search 1 resource × 30 days${label}`, search: true, call: (c) => c.call('POST', '/v1/availability', { from, to: to(30), segments: [{ resource: id, duration_minutes: 60 }], limit: 1000 }) },
    { name: `calendar 62 days${label}`, search: true, call: (c) => c.call('GET', `/v1/availability/calendar?resource=${id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to(62))}`) },
    { name: `POST /v1/bookings${label}`, call: (c) => book(c, id) },
    { name: `booking list, resource${label}`, call: (c) => c.call('GET', `/v1/bookings?resource=${id}&limit=20`) },
  ];
  return [
    ...onEach('', o.typical),
    { name: 'search 50 candidates × 7 days', search: true, call: (c) => c.call('POST', '/v1/availability', { from, to: to(7), segments: [{ type: 'coach', duration_minutes: 60 }], limit: 1000 }) },
    { name: 'booking list, account', call: (c) => c.call('GET', '/v1/bookings?limit=20') },
    // The account's lists a front desk and an integration ask for most, each filtered by what
    // the large set's history is full of or has none of (docs/performance.md, "Lists at scale").
    { name: 'booking list, upcoming by start', call: (c) => c.call('GET', `/v1/bookings?from=${now}&order=start&limit=20`) },
    { name: "booking list, a day's by start", call: (c) => c.call('GET', `/v1/bookings?from_date=${day}&to_date=${day}&order=start&limit=20`) },
    { name: 'booking list, latest first by start', call: (c) => c.call('GET', '/v1/bookings?order=-start&limit=20') },
    { name: 'booking list, a status none has', call: (c) => c.call('GET', '/v1/bookings?status=requested&limit=20') },
    { name: 'booking list, conflicted', call: (c) => c.call('GET', '/v1/bookings?conflicted=true&limit=20') },
    { name: 'booking list, a customer none is', call: (c) => c.call('GET', '/v1/bookings?customer.reference=nobody&limit=20') },
    { name: 'booking list, a metadata pair none has', call: (c) => c.call('GET', '/v1/bookings?metadata%5Border%5D=none&limit=20') },
    ...onEach(', probe', o.probe),
    // The feed of a room with 50,000 bookings before its window (183 days back) on the large set,
    // none in it on either: the same empty calendar (docs/performance.md, "Feeds at scale").
    { name: 'calendar feed, history before the window', call: (c) => feed(c, o.archive) },
    // The events of the last 30 days across the platform's accounts (the large set's are its
    // bookings'), and by type: a type and a family that no recent event has, across the platform
    // and for one account (docs/performance.md, "Events at scale").
    { name: 'event list, platform', call: (_, platform) => platform.call('GET', '/v1/events?limit=20') },
    { name: 'event list, a type none has', call: (_, platform) => platform.call('GET', '/v1/events?type=booking.rescheduled&limit=20') },
    { name: 'event list, a family none has', call: (_, platform) => platform.call('GET', '/v1/events?type=series.*&limit=20') },
    { name: 'event list, account, a type none has', call: (c) => c.call('GET', '/v1/events?type=booking.rescheduled&limit=20') },
  ];
}

/** A resource's calendar feed, its iCalendar text (no If-None-Match: rendered every time). */
async function feed(c: Client, resource: string): Promise<string> {
  const { status, text } = await c.request('GET', `/v1/resources/${resource}/calendar.ics`);
  if (status !== 200) throw new Error(`GET calendar.ics: ${status} ${text}`);
  return text;
}

interface Latency {
  p50: number;
  p99: number;
}

const WARM_ROUNDS = 20;

/** A data set's server, running, with what its requests need. */
interface Serving {
  server: ServerProcess;
  client: Client;
  /** The same key without Service-Account: the platform's lists. */
  platform: Client;
  kinds: Kind[];
}

/**
 * Every kind's latency on both data sets, one call after another on one connection each. The
 * two servers run side by side and take turns call by call (the empty one first in even
 * rounds, the large one in odd), and the kinds take turns within a round (searches, dearer,
 * every few rounds): a machine whose speed moves within minutes, as this one's does, slows both
 * data sets alike, where measuring one after the other put the drift into the ratio (a GET,
 * which reads one row whatever the data, measured 1.29 × on the large set that way). Warm-up
 * rounds first, as V8 optimises a request's path only after it has run a while and PostgreSQL
 * plans a prepared statement afresh for its first five runs.
 */
async function latencies(sets: [Serving, Serving], n: Samples): Promise<[Map<string, Latency>, Map<string, Latency>]> {
  for (let r = 0; r < WARM_ROUNDS; r++) for (const set of sets) for (const kind of set.kinds) await kind.call(set.client, set.platform);
  const every = Math.max(1, Math.ceil(n.requests / n.searches));
  const samples = sets.map((set) => new Map<string, number[]>(set.kinds.map((k) => [k.name, []])));
  for (let r = 0; r < n.requests; r++) {
    const order = r % 2 === 0 ? [0, 1] : [1, 0];
    for (let k = 0; k < sets[0].kinds.length; k++) {
      if (sets[0].kinds[k].search && r % every !== 0) continue;
      for (const i of order) {
        const kind = sets[i].kinds[k];
        const t0 = performance.now();
        await kind.call(sets[i].client, sets[i].platform);
        samples[i].get(kind.name)!.push(performance.now() - t0);
      }
    }
  }
  const summary = (byKind: Map<string, number[]>) => {
    const out = new Map<string, Latency>();
    for (const [name, xs] of byKind) {
      xs.sort((a, b) => a - b);
      const at = (q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
      out.set(name, { p50: at(0.5), p99: at(0.99) });
    }
    return out;
  };
  return [summary(samples[0]), summary(samples[1])];
}

interface Figures {
  rows: Record<'accounts' | 'resources' | 'bookings' | 'events', number>;
  buildSeconds: number;
  readyMs: number;
  latency: Map<string, Latency>;
  /** CPU of the idle server with its workers, in % of one core. */
  idleCpu: number | null;
  rssReadyMb: number | null;
  rssAfterMb: number | null;
  /** After the run and a full collection (bench/memory.ts): what the server holds. */
  collected: CollectedMemory | null;
  /** Each background pass's cost, by worker (bench/pass-costs.ts). */
  passes: Map<string, PassCost>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A data set written and its server stopped: what it takes to serve it. */
interface Prepared {
  place: DataPlace;
  key: string;
  objects: Objects;
  rows: Figures['rows'];
  buildSeconds: number;
}

/** One data set on one engine, from an empty place to its data; `size` null: left empty. */
async function prepare(engine: Engine, size: ScaleSize | null, log: (line: string) => void): Promise<Prepared> {
  const place = await newDataPlace(engine);
  try {
    const first = await startServe(place.env);
    let key: string;
    let objects: Objects;
    try {
      key = testKeyOf(first);
      objects = await setUp(first, key);
    } finally {
      await first.stop();
    }
    const db = await place.openDb();
    const t0 = performance.now();
    try {
      if (size) {
        const account = await db.kysely.selectFrom('accounts').select('platform_id').where('id', '=', objects.accountId).executeTakeFirstOrThrow();
        await buildScaleData(db.kysely, size, { platformId: account.platform_id, accountId: objects.accountId, probe: objects.probe, archive: objects.archive }, log);
      } else {
        await sql`analyze`.execute(db.kysely);
      }
      return { place, key, objects, rows: await countRows(db.kysely), buildSeconds: (performance.now() - t0) / 1000 };
    } finally {
      await db.close();
    }
  } catch (err) {
    await place.cleanup();
    throw err;
  }
}

/**
 * Both data sets served at once, measured in turns (`latencies`), then each idle server's CPU
 * over the same 10 s with its workers on, its memory, and, the servers stopped, each background
 * pass run in this process on its database (bench/pass-costs.ts).
 */
async function measureBoth(prepared: [Prepared, Prepared], n: Samples): Promise<[Figures, Figures]> {
  const servers: ServerProcess[] = [];
  try {
    for (const p of prepared) servers.push(await startServe(p.place.env));
    const sets = prepared.map((p, i) => ({
      server: servers[i],
      client: client(servers[i].url, p.key, () => p.objects.accountId, 1),
      platform: client(servers[i].url, p.key, () => null, 1),
      kinds: kindsOf(p.objects),
    })) as [Serving, Serving];
    const rssReadyMb = servers.map((s) => s.rssMb());
    let measured: [Map<string, Latency>, Map<string, Latency>];
    try {
      measured = await latencies(sets, n);
    } finally {
      for (const set of sets) {
        await set.client.close();
        await set.platform.close();
      }
    }
    // The idle servers: no request, only their workers (reminders, expiry, deliveries, usage, …).
    await sleep(2000);
    const cpu0 = servers.map((s) => cpuMs(s.child.pid!));
    await sleep(IDLE_MS);
    const cpu1 = servers.map((s) => cpuMs(s.child.pid!));
    const rssAfterMb = servers.map((s) => s.rssMb());
    // One server at a time: a server's inspector, once opened, keeps the one port they would share.
    const collected: (CollectedMemory | null)[] = [];
    for (const s of [...servers]) {
      collected.push(await memoryAfterCollection(s.child.pid!, s.rssMb));
      await servers.shift()!.stop();
    }
    const figures: Figures[] = [];
    for (const [i, p] of prepared.entries()) {
      // Each pass once more in this process, on the stopped server's database (PGlite: one process a folder).
      const passDb = await p.place.openDb();
      let passes: Map<string, PassCost>;
      try {
        passes = await passCosts(passDb, p.place.env);
      } finally {
        await passDb.close();
      }
      const [before, after] = [cpu0[i], cpu1[i]];
      figures.push({
        rows: p.rows,
        buildSeconds: p.buildSeconds,
        readyMs: sets[i].server.readyMs,
        latency: measured[i],
        idleCpu: before === null || after === null ? null : ((after - before) / IDLE_MS) * 100,
        rssReadyMb: rssReadyMb[i],
        rssAfterMb: rssAfterMb[i],
        collected: collected[i],
        passes,
      });
    }
    return figures as [Figures, Figures];
  } finally {
    for (const s of servers) await s.stop();
  }
}

const f2 = (x: number) => x.toFixed(2);
const mark = (ok: boolean) => (ok ? '✓' : '✗');

function report(engine: Engine, empty: Figures, large: Figures): string {
  const lines = [
    `### ${engine}: ${large.rows.bookings.toLocaleString('en')} bookings, ${large.rows.events.toLocaleString('en')} events, ${large.rows.resources.toLocaleString('en')} resources, ${large.rows.accounts.toLocaleString('en')} accounts (built in ${large.buildSeconds.toFixed(0)} s)`,
    '',
    '| | empty p50 / p99 ms | large p50 / p99 ms | p50 ratio | target |',
    '|---|---:|---:|---:|---|',
  ];
  for (const [name, e] of empty.latency) {
    const l = large.latency.get(name)!;
    const ratio = l.p50 / e.p50;
    lines.push(`| ${name} | ${f2(e.p50)} / ${f2(e.p99)} | ${f2(l.p50)} / ${f2(l.p99)} | ${f2(ratio)} | ≤ 1.2× ${mark(ratio <= 1.2)} |`);
  }
  const cpu = (x: number | null) => (x === null ? '?' : `${x.toFixed(1)}%`);
  lines.push(`| idle CPU, workers on, ${IDLE_MS / 1000} s (% of a core) | ${cpu(empty.idleCpu)} | ${cpu(large.idleCpu)} | | < 2% ${large.idleCpu === null ? '?' : mark(large.idleCpu < 2)} |`);
  const mb = (x: number | null) => (x === null ? '?' : x.toFixed(0));
  const memRatio = empty.rssAfterMb && large.rssAfterMb ? large.rssAfterMb / empty.rssAfterMb : null;
  lines.push(`| resident memory, ready / after (MB) | ${mb(empty.rssReadyMb)} / ${mb(empty.rssAfterMb)} | ${mb(large.rssReadyMb)} / ${mb(large.rssAfterMb)} | ${memRatio === null ? '' : f2(memRatio)} | ≤ 1.1× ${memRatio === null ? '?' : mark(memRatio <= 1.1)} |`);
  const collectedRss = (f: Figures) => f.collected?.rssMb ?? null;
  const heap = (f: Figures) => f.collected?.heapUsedMb ?? null;
  const ratioOf = (e: number | null, l: number | null) => (e && l ? f2(l / e) : '');
  lines.push(`| after a full collection: resident / JS heap in use (MB) | ${mb(collectedRss(empty))} / ${mb(heap(empty))} | ${mb(collectedRss(large))} / ${mb(heap(large))} | ${ratioOf(collectedRss(empty), collectedRss(large))} / ${ratioOf(heap(empty), heap(large))} | |`);
  lines.push(`| start to ready (s) | ${(empty.readyMs / 1000).toFixed(2)} | ${(large.readyMs / 1000).toFixed(2)} | | |`);
  for (const [name, e] of empty.passes) {
    const l = large.passes.get(name);
    if (!l) continue;
    lines.push(`| pass \`${name}\`, first / median ms | ${f2(e.first)} / ${f2(e.median)} | ${f2(l.first)} / ${f2(l.median)} | ${f2(l.median / e.median)} | |`);
  }
  return lines.join('\n');
}

export default async function scaleBench(options: ScaleBenchOptions = { quick: false }): Promise<void> {
  if (!buildIfStale()) throw new Error('the build failed');
  const n = options.quick ? QUICK : FULL;
  const load = os.loadavg()[0];
  const started = performance.now();
  for (const engine of enginesToRun(options.engines)) {
    const bookings = options.bookings ?? (engine === 'PGlite (file)' ? PGLITE_BOOKINGS : options.quick ? QUICK_BOOKINGS : FULL_BOOKINGS);
    const size = sizeFor(bookings);
    console.log(`${engine}: empty data set…`);
    const emptySet = await prepare(engine, null, console.log);
    try {
      console.log(`${engine}: large data set, ${size.accounts} accounts, ${size.resources} resources, ${size.perResource} bookings a resource, probe ${size.probeBookings}…`);
      const largeSet = await prepare(engine, size, console.log);
      try {
        console.log(`${engine}: both served, measured in turns…`);
        const [empty, large] = await measureBoth([emptySet, largeSet], n);
        // Printed as each engine ends: a later engine's failure leaves the earlier figures.
        console.log(`\n${report(engine, empty, large)}\n`);
      } finally {
        await largeSet.place.cleanup();
      }
    } finally {
      await emptySet.place.cleanup();
    }
  }
  const minutes = (performance.now() - started) / 60_000;
  console.log(`${options.quick ? 'quick' : 'full'} samples; load average ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs; ${minutes.toFixed(1)} min; ${new Date().toISOString().slice(0, 10)}`);
  console.log('\nTargets are the issue\'s, for the full size; a smaller run shows the trend, not the verdict.');
}
