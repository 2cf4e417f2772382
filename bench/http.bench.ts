/**
 * The service as users run it (docs/performance.md, "Against the floor"): `node
 * bin/scheduling.js serve` processes (what `npm start` runs: compiled code, logs at the
 * default level) driven over real HTTP with undici, on a new file-backed PGlite data folder,
 * on a scratch database of the PostgreSQL server named by DATABASE_URL when it is set, and on
 * one of the Citus cluster whose coordinator CITUS_DATABASE_URL names (docs/scaling.md).
 *
 * Beside each figure, the floor of the same engine in the same run, through the same driver
 * (kysely over PGlite or pg, opened by the service's own `connect`) with no HTTP: a
 * primary-key select, and a small write transaction (`select … for update`, `update`,
 * `commit`), one at a time and 8 in parallel. One table of ratios comes out, next to the
 * targets of the issue that asked for it.
 *
 * Steps per engine: first start on an empty folder/database (timed); resources and schedules
 * made over HTTP; stop; the bookings of the availability workload written with SQL and
 * bookings timed in process (the PGlite folder belongs to one process at a time);
 * the floor's database opened beside the server (on PGlite, a copy of the folder); restart on
 * the existing data (timed); warm-ups; then rounds, each timing the floor's calls, the
 * availability work in this process, the answer floor and the HTTP requests in turn, so that
 * each ratio and bound is taken within a round (`bench/rounds.ts`); resident memory; stop.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { buildIfStale } from '../scripts/build.mjs';
import type { Db } from '../src/db/connect.js';
import { withTransaction } from '../src/db/transaction.js';
import type { AccountScope } from '../src/tenancy/index.js';
import type { SearchRequest } from '../src/features/availability/index.js';
import type { CalendarRequest } from '../src/features/availability/calendar.service.js';
import { compiledService, type CompiledService } from './compiled.js';
import { openAnswerFloor, type AnswerFloor } from './answer-floor.js';
import { client, openResource, type Client } from './http-client.js';
import { cpuMs, databaseCpuMeter, enginesToRun, newDataPlace, startServe, testKeyOf, type Engine, type ServerProcess } from './processes.js';
import { inRounds, latency, median, run, thisProcessCpu, type CpuMeter, type Run } from './rounds.js';
import { FIRST_DAY, TZ, addDays, coachHoldsOf, everyDay, insertBookings, iso, localMs, soloHoldsOf } from './workload.js';

export interface HttpBenchOptions {
  quick: boolean;
  /** Only these of the configured engines (`--engine`); absent or empty: all. */
  engines?: Engine[];
}

const PARALLEL = 8;
const HOUR = 3_600_000;
/** Where the in-process bookings start: past every hour the HTTP bookings take. */
const IN_PROCESS_HOURS = 5_000;
// Bookings lie in the future: a day 30 days ahead, then one hour after another.
const DAY0 = Date.parse(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00Z');
const isoZ = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

interface Sizes {
  pk: number;
  tx: number;
  get: number;
  getSequential: number;
  bookSequential: number;
  bookParallel: number;
  pool: number;
  search: number;
  restarts: number;
  /** Rounds the measurements take turns in (`inRounds`): the calls above are shared among them. */
  rounds: number;
  /** Calls made before measuring, so that V8 has optimised the code paths being timed. */
  warm: number;
  /**
   * The same for each kind of availability request. Its code path is long, and settles late:
   * a 30-day search in process took 2.9–4.3 ms a call over its first thousand calls and 2.4 ms
   * after (PostgreSQL, batches of 200), so a figure taken after a hundred calls was not the
   * running server's.
   */
  warmSearch: number;
}
const FULL: Sizes = { pk: 4000, tx: 1000, get: 4000, getSequential: 400, bookSequential: 300, bookParallel: 600, pool: 600, search: 200, restarts: 3, rounds: 5, warm: 2000, warmSearch: 1000 };
const QUICK: Sizes = { pk: 1000, tx: 300, get: 1000, getSequential: 150, bookSequential: 100, bookParallel: 200, pool: 200, search: 50, restarts: 1, rounds: 3, warm: 1000, warmSearch: 300 };

/**
 * The CPU a server's backends spend on one database, as a running total (`databaseCpuMeter`
 * counts what each backend spent since its last call); null where they cannot be read (a
 * server elsewhere) or on a PGlite folder, whose engine runs inside the process that opened it.
 */
function engineCpuOf(databaseName: string | undefined): CpuMeter | null {
  if (!databaseName) return null;
  const spentSince = databaseCpuMeter(databaseName);
  let total = 0;
  return () => {
    const spent = spentSince();
    if (spent === null) return null;
    total += spent;
    return total;
  };
}

interface Floors {
  pkSequential: Run;
  pkParallel: Run;
  txSequential: Run;
  txParallel: Run;
}

/** The availability requests of the workload, asked over HTTP and in process alike. */
interface AvailabilityWork {
  search30: SearchRequest;
  search50: SearchRequest;
  calendar62: CalendarRequest;
}

/**
 * The same requests run by the service's own code in this process: their work without HTTP.
 * The availability requests are timed in the rounds, beside the server (`workCalls`); the
 * bookings before it starts, as they write.
 */
interface InProcess {
  search30: Run;
  search50: Run;
  calendar62: Run;
  /** Bookings on distinct resources, one at a time, at hours the HTTP bookings never reach. */
  bookSequential: Run;
}

async function scopeOf(service: CompiledService, db: Db, accountId: string): Promise<AccountScope> {
  const scope = await service.scopeOfAccount(db.kysely, accountId);
  if (!scope) throw new Error(`no account ${accountId}`);
  return scope;
}

async function bookingsInProcess(service: CompiledService, db: Db, accountId: string, desks: string[], n: Sizes): Promise<Run> {
  const scope = await scopeOf(service, db, accountId);
  const bookings = new service.BookingsService(db.kysely, service.systemClock);
  let next = 0;
  const book = () => {
    const i = next++;
    const start = DAY0 + (IN_PROCESS_HOURS + Math.floor(i / desks.length)) * HOUR;
    return bookings.create(scope, { segments: [{ resource: desks[i % desks.length], start: isoZ(start), end: isoZ(start + HOUR) }] });
  };
  // Warmed as the server's bookings are (below): as many as the other kinds, not a tenth.
  return latency(n.bookSequential, book, n.warm);
}

/**
 * The availability requests run by the service's code in this process, on the floor's database
 * (on PGlite, its copy of the folder, which holds the same data): timed in the rounds, so that
 * their bound compares figures of the same minutes.
 */
async function workCalls(service: CompiledService, db: Db, accountId: string, work: AvailabilityWork): Promise<Record<keyof AvailabilityWork, () => Promise<unknown>>> {
  const scope = await scopeOf(service, db, accountId);
  return {
    search30: () => service.searchAvailability(db.kysely, scope, work.search30, Date.now()),
    search50: () => service.searchAvailability(db.kysely, scope, work.search50, Date.now()),
    calendar62: () => service.availabilityCalendarFor(db.kysely, scope, work.calendar62, Date.now()),
  };
}

/**
 * The floor's two calls: a primary-key select of a resource, and a small write transaction on
 * one; and, on a PGlite copy (whose engine runs in this process), its engine's busy time.
 */
function floorCalls(db: Db, accountId: string, rows: string[]) {
  const k = db.kysely;
  return {
    pk: (i: number) => sql`select * from resources where account_id = ${accountId} and id = ${rows[i % rows.length]}`.execute(k),
    tx: (i: number) =>
      withTransaction(k, async (trx) => {
        const id = rows[i % rows.length];
        await sql`select id from resources where account_id = ${accountId} and id = ${id} for update`.execute(trx);
        await sql`update resources set updated_at = now() where account_id = ${accountId} and id = ${id}`.execute(trx);
      }),
    engineBusyMs: db.engineBusyMs,
  };
}

/** Each ratio of the table, one figure a round (see `inRounds`). */
interface RoundRatios {
  getPk: number[];
  bookSequential: number[];
  bookParallel: number[];
  pool: number[];
  search30: number[];
  search50: number[];
  calendar62: number[];
}

export interface EngineResult {
  engine: string;
  /** PGlite: the engine runs in the server's thread, its CPU part of the server's. */
  engineInServer: boolean;
  floors: Floors;
  ratios: RoundRatios;
  inProcess: InProcess;
  /** GET /healthz: no key, no database; what the service's HTTP path costs by itself. */
  healthSequential: Run;
  healthParallel: Run;
  getSequential: Run;
  getParallel: Run;
  bookSequential: Run;
  bookParallel: Run;
  pool: Run;
  search30: Run;
  search50: Run;
  calendar62: Run;
  slots: { solo: number; coaches: number; days: number };
  /**
   * The answer floor (bench/answer-floor.ts): the same answers from a bare server, read by the
   * same client; and their sizes in bytes.
   */
  answers: Record<AnswerKind, Run>;
  answerBytes: Record<AnswerKind, number>;
  firstStartMs: number;
  restartMs: number[];
  restartCpuMs: number[];
  firstCpuMs: number | null;
  rssReadyMb: number | null;
  rssAfterMb: number | null;
}

/** The answers the answer floor serves again: /healthz's, and each availability request's. */
const ANSWER_KINDS = ['health', 'search30', 'search50', 'calendar62'] as const;
type AnswerKind = (typeof ANSWER_KINDS)[number];

/** What `serving` measures: every HTTP figure, and the floor's, timed in rounds with them. */
type Serving = Pick<
  EngineResult,
  'floors' | 'ratios' | 'healthSequential' | 'healthParallel' | 'getSequential' | 'getParallel' | 'bookSequential' | 'bookParallel' | 'pool' | 'search30' | 'search50' | 'calendar62' | 'slots' | 'answers' | 'answerBytes'
> & { workInRounds: Pick<InProcess, keyof AvailabilityWork> };

/**
 * A warmed server measured in rounds (`inRounds`): each round times the floor's calls, then the
 * requests they are the floor of, so each ratio is taken within a round, not across minutes of
 * a machine whose speed moves. Warm-ups run once, before the first round.
 */
async function serving(
  live: ServerProcess,
  key: string,
  accountId: string,
  objects: { solo: string; distinct: string[]; pool: string; work: AvailabilityWork },
  floor: ReturnType<typeof floorCalls>,
  inProcessWork: Awaited<ReturnType<typeof workCalls>>,
  databaseName: string | undefined,
  n: Sizes,
): Promise<Serving> {
  const { solo, distinct, pool, work } = objects;
  const one = client(live.url, key, () => accountId, 1);
  const eight = client(live.url, key, () => accountId, PARALLEL);
  let answerFloor: AnswerFloor<AnswerKind> | null = null;
  try {
    const health = (c: Client) => c.call('GET', '/healthz');
    const get = (c: Client) => c.call('GET', `/v1/resources/${solo}`);
    const slots = { solo: 0, coaches: 0, days: 0 };
    const calendarQuery = `resource=${work.calendar62.resource}&from=${encodeURIComponent(work.calendar62.from)}&to=${encodeURIComponent(work.calendar62.to)}`;
    const calendarUrl = `/v1/availability/calendar?${calendarQuery}`;
    const availability = {
      search30: async () => {
        slots.solo = (await one.call('POST', '/v1/availability', work.search30)).slots.length;
      },
      search50: async () => {
        slots.coaches = (await one.call('POST', '/v1/availability', work.search50)).slots.length;
      },
      calendar62: async () => {
        slots.days = (await one.call('GET', calendarUrl)).days.length;
      },
    };
    // Bookings: the i-th free hour of a resource, so every request succeeds.
    const hour = new Map<string, number>();
    const book = (c: Client, resource: string) => {
      const i = hour.get(resource) ?? 0;
      hour.set(resource, i + 1);
      return c.call('POST', '/v1/bookings', { segments: [{ resource, start: isoZ(DAY0 + i * HOUR), end: isoZ(DAY0 + (i + 1) * HOUR) }] });
    };

    // A server that has run for a while: V8 optimises the request path after some thousand calls.
    await run(n.warm, 1, floor.pk);
    await run(n.warm / 4, 1, floor.tx);
    await run(n.warm, PARALLEL, () => health(eight));
    await run(n.warm, PARALLEL, () => get(eight));
    for (const ask of Object.values(availability)) await run(n.warmSearch, 1, ask);
    for (const ask of Object.values(inProcessWork)) await run(n.warmSearch, 1, ask);
    // A booking's path settles in V8 later than a GET's: bookings 200 to 300 of a new server took
    // 1.2–1.4 times as long as bookings 2,000 to 2,300 (docs/performance.md, "Against the floor").
    for (let i = 0; i < n.warm; i++) await book(one, distinct[i % distinct.length]);

    // The answer floor: the same answers again from a bare server, read by the same client.
    const bare = await openAnswerFloor<AnswerKind>({
      health: await health(one),
      search30: await one.call('POST', '/v1/availability', work.search30),
      search50: await one.call('POST', '/v1/availability', work.search50),
      calendar62: await one.call('GET', calendarUrl),
    });
    answerFloor = bare;
    for (const kind of ANSWER_KINDS) await run(n.warmSearch, 1, () => bare.ask(kind));

    const share = (total: number) => Math.max(PARALLEL, Math.round(total / n.rounds));
    const serverCpu: CpuMeter = () => cpuMs(live.child.pid!);
    // The engine's CPU: a server's backends on this database; on PGlite, each process's own
    // engine (the floor's copy here, the server's folder in the server: its /metrics).
    const databaseCpu = engineCpuOf(databaseName);
    const floorEngine = databaseCpu ?? floor.engineBusyMs;
    const serverEngine = databaseCpu ?? (() => live.engineBusyMs());
    const { all, each } = await inRounds(n.rounds, {
      pkSequential: () => run(share(n.pk), 1, floor.pk),
      healthSequential: () => run(share(n.getSequential), 1, () => health(one)),
      getSequential: () => run(share(n.getSequential), 1, () => get(one)),
      pkParallel: () => run(share(n.pk), PARALLEL, floor.pk, { client: thisProcessCpu }),
      healthParallel: () => run(share(n.get), PARALLEL, () => health(eight), { server: serverCpu }),
      getParallel: () => run(share(n.get), PARALLEL, () => get(eight), { server: serverCpu }),
      search30: () => run(share(n.search), 1, availability.search30),
      search50: () => run(share(n.search), 1, availability.search50),
      calendar62: () => run(share(n.search), 1, availability.calendar62),
      workSearch30: () => run(share(n.search), 1, inProcessWork.search30),
      workSearch50: () => run(share(n.search), 1, inProcessWork.search50),
      workCalendar62: () => run(share(n.search), 1, inProcessWork.calendar62),
      answerHealth: () => run(share(n.search), 1, () => bare.ask('health')),
      answerSearch30: () => run(share(n.search), 1, () => bare.ask('search30')),
      answerSearch50: () => run(share(n.search), 1, () => bare.ask('search50')),
      answerCalendar62: () => run(share(n.search), 1, () => bare.ask('calendar62')),
      txSequential: () => run(share(n.tx), 1, floor.tx, { engine: floorEngine }),
      bookSequential: () => run(share(n.bookSequential), 1, (i) => book(one, distinct[i % distinct.length]), { engine: serverEngine }),
      // On a PGlite folder the floor's engine runs in this process: its CPU is part of the client's.
      txParallel: () => run(share(n.tx), PARALLEL, floor.tx, { client: thisProcessCpu, engine: floorEngine }),
      bookParallel: () =>
        run(share(n.bookParallel), PARALLEL, (i) => book(eight, distinct[i % distinct.length]), { server: serverCpu, engine: serverEngine, client: thisProcessCpu }),
      pool: () => run(share(n.pool), PARALLEL, () => eight.call('POST', '/v1/bookings', { segments: [{ resource: pool, start: isoZ(DAY0), end: isoZ(DAY0 + HOUR) }] })),
    });
    const ratios: RoundRatios = {
      getPk: each.map((r) => r.getParallel.perSecond / r.pkParallel.perSecond),
      bookSequential: each.map((r) => r.bookSequential.perSecond / r.txSequential.perSecond),
      bookParallel: each.map((r) => r.bookParallel.perSecond / r.txParallel.perSecond),
      pool: each.map((r) => r.pool.perSecond / r.txParallel.perSecond),
      search30: each.map((r) => r.search30.p50 / r.getSequential.p50),
      search50: each.map((r) => r.search50.p50 / r.getSequential.p50),
      calendar62: each.map((r) => r.calendar62.p50 / r.getSequential.p50),
    };
    const { pkSequential, pkParallel, txSequential, txParallel, answerHealth, answerSearch30, answerSearch50, answerCalendar62, workSearch30, workSearch50, workCalendar62, ...requests } =
      all;
    const answers = { health: answerHealth, search30: answerSearch30, search50: answerSearch50, calendar62: answerCalendar62 };
    const workInRounds = { search30: workSearch30, search50: workSearch50, calendar62: workCalendar62 };
    return { floors: { pkSequential, pkParallel, txSequential, txParallel }, ratios, ...requests, slots, answers, answerBytes: bare.bytes, workInRounds };
  } finally {
    await one.close();
    await eight.close();
    await answerFloor?.close();
  }
}

async function engine(name: Engine, n: Sizes, service: CompiledService): Promise<EngineResult> {
  const { env, openDb, openBeside, cleanup, databaseName } = await newDataPlace(name);
  let server: ServerProcess | null = null;
  try {
    server = await startServe(env);
    const firstStartMs = server.readyMs;
    const firstCpuMs = server.readyCpuMs;
    const key = testKeyOf(server);

    // The objects, made through the API.
    let accountId: string | null = null;
    const setup = client(server.url, key, () => accountId, 1);
    accountId = (await setup.call('POST', '/v1/accounts', { name: 'Bench', timezone: TZ })).id;
    const make = (body: Record<string, unknown>, week: Record<string, unknown>) => openResource(setup, body, week);
    const solo = await make({ name: 'Solo', type: 'solo' }, everyDay('08:00', '20:00'));
    const coaches: string[] = [];
    for (let i = 0; i < 50; i++) coaches.push(await make({ name: `Coach ${i}`, type: 'coach' }, everyDay('09:00', '18:00')));
    const distinct: string[] = [];
    for (let i = 0; i < 16; i++) distinct.push(await make({ name: `Desk ${i}`, type: 'desk' }, everyDay('00:00', '24:00')));
    const pool = await make({ name: 'Pool', type: 'pool', capacity: 10_000 }, everyDay('00:00', '24:00'));
    await setup.close();
    await server.stop();
    server = null;

    const from = iso(localMs(FIRST_DAY, 0));
    const to = (days: number) => iso(localMs(addDays(FIRST_DAY, days), 0));
    const work: AvailabilityWork = {
      search30: { from, to: to(30), segments: [{ resource: solo, duration_minutes: 60 }], limit: 1000 },
      search50: { from, to: to(7), segments: [{ type: 'coach', duration_minutes: 60 }], limit: 1000 },
      calendar62: { resource: solo, from, to: to(62) },
    };

    // Without the server: the bookings of the workload, statistics, and bookings made by the
    // service's code in this process (its availability work is timed in the rounds, beside the server).
    const db = await openDb(service.connect);
    let bookingsAlone: Run;
    try {
      await insertBookings(db.kysely, accountId!, [...soloHoldsOf(solo), ...coachHoldsOf(coaches)]);
      await sql`analyze`.execute(db.kysely);
      bookingsAlone = await bookingsInProcess(service, db, accountId!, distinct, n);
    } finally {
      await db.close();
    }
    // The floor runs in this process beside the server, in rounds with it (a PGlite folder's copy).
    const floorDb = await openBeside(service.connect);
    try {
      // Restarts on the existing data; the last one stays up for the measurements.
      const restartMs: number[] = [];
      const restartCpuMs: number[] = [];
      for (let i = 0; i < n.restarts; i++) {
        if (server) await (server as ServerProcess).stop();
        server = await startServe(env);
        restartMs.push(server.readyMs);
        if (server.readyCpuMs !== null) restartCpuMs.push(server.readyCpuMs);
      }
      const live = server!;
      const rssReadyMb = live.rssMb();
      const inProcessWork = await workCalls(service, floorDb, accountId!, work);
      const { workInRounds, ...measured } = await serving(live, key, accountId!, { solo, distinct, pool, work }, floorCalls(floorDb, accountId!, distinct), inProcessWork, databaseName, n);
      const inProcess: InProcess = { ...workInRounds, bookSequential: bookingsAlone };
      return { engine: name, engineInServer: !databaseName, inProcess, ...measured, firstStartMs, firstCpuMs, restartMs, restartCpuMs, rssReadyMb, rssAfterMb: live.rssMb() };
    } finally {
      await floorDb.close();
    }
  } finally {
    if (server) await server.stop();
    await cleanup();
  }
}

interface Row {
  what: string;
  target: string;
  value: (r: EngineResult) => string;
  meets: (r: EngineResult) => boolean | null;
  /**
   * The best this ratio could be on this machine if the service's request cost no more than
   * the service's `GET /healthz` (HTTP, hooks, logs; no key, no database) plus the work
   * itself: for GET and bookings, the engine's floor; for availability, the service's own code
   * run in process and what its answer's bytes cost beyond `/healthz`'s (the answer floor),
   * against this run's GET. Where the bound misses the target, no faster HTTP path reaches it:
   * only cheaper work or a smaller answer would (docs/performance.md, "Where the floor is").
   */
  bound?: (r: EngineResult) => number;
}

/** h and w as rates: the rate of doing both, one after the other, as a fraction of w's. */
const serialShare = (h: number, w: number) => h / (h + w);
/**
 * An availability request's latency ÷ this run's GET's, if the request cost the service's
 * `/healthz`, its work in process, and what its answer's bytes cost beyond `/healthz`'s on a
 * bare server (the answer floor). Against this run's GET, as the target is: a GET at its own
 * bound would make every availability ratio larger.
 */
const availabilityBound = (r: EngineResult, kind: Exclude<AnswerKind, 'health'>) =>
  (r.healthSequential.p50 + r.inProcess[kind].p50 + (r.answers[kind].p50 - r.answers.health.p50)) / r.getSequential.p50;

const f2 = (x: number) => x.toFixed(2);
const f1 = (x: number) => x.toFixed(1);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * What this machine's CPUs allow the 8-parallel bookings ratio to reach: the booking rate if
 * every CPU did nothing but bookings at the CPU a booking took in the run (server, engine and
 * the caller together), and the same if the server and the caller cost nothing, the engine's
 * share alone. On a PGlite folder the engine's CPU is part of the server's, and it runs in the
 * server's main thread: one CPU at most, whatever the machine has. Where the second misses the
 * target, no cut in the
 * service's own code reaches it: only less work in the engine, or more CPUs (docs/performance.md,
 * "What the CPUs allow").
 */
function cpuAllows(r: EngineResult): string {
  const cpu = r.bookParallel.cpu;
  if (cpu?.server === undefined || cpu.client === undefined) return '?';
  const cpus = os.cpus().length;
  const ratio = (perSecond: number) => perSecond / r.floors.txParallel.perSecond;
  const everything = (cpus * 1_000_000) / (cpu.server + (r.engineInServer ? 0 : (cpu.engine ?? 0)) + cpu.client);
  const engineAlone = cpu.engine === undefined ? null : ((r.engineInServer ? 1 : cpus) * 1_000_000) / cpu.engine;
  return `${f2(ratio(everything))}; ${engineAlone === null ? '—' : f2(ratio(engineAlone))}`;
}

/** One at a time, a booking cannot be faster than its engine's time: the ratio if nothing else took any. */
function sequentialEngineAllows(r: EngineResult): string {
  const engineUs = r.bookSequential.cpu?.engine;
  return engineUs === undefined ? '—' : f2(1_000_000 / engineUs / r.floors.txSequential.perSecond);
}

/**
 * A ratio taken in each round: its median over the rounds (the figure the target is held to),
 * and in brackets the lowest and highest round, how far the machine moved it.
 */
function roundsRow(what: string, target: string, ratios: (r: EngineResult) => number[], ok: (ratio: number) => boolean, bound?: Row['bound']): Row {
  const digits = target.startsWith('≤') ? f1 : f2;
  return {
    what,
    target,
    value: (r) => {
      const xs = ratios(r);
      return `${digits(median(xs))} (${digits(Math.min(...xs))}–${digits(Math.max(...xs))})`;
    },
    meets: (r) => ok(median(ratios(r))),
    bound,
  };
}

/** A figure shown beside the targets, held to none. */
const reportRow = (what: string, value: Row['value']): Row => ({ what, target: 'report', value, meets: () => null });

const ROWS: Row[] = [
  roundsRow('GET /v1/resources/{id}, 8 connections ÷ PK select, 8 parallel', '≥ 0.50', (r) => r.ratios.getPk, (x) => x >= 0.5, (r) =>
    serialShare(r.healthParallel.perSecond, r.floors.pkParallel.perSecond),
  ),
  roundsRow('POST /v1/bookings, distinct resources, sequential ÷ write tx, sequential', '≥ 0.40', (r) => r.ratios.bookSequential, (x) => x >= 0.4, (r) =>
    serialShare(r.healthSequential.perSecond, r.floors.txSequential.perSecond),
  ),
  reportRow("… the engine's share alone: a booking's engine time, nothing else", sequentialEngineAllows),
  roundsRow('POST /v1/bookings, distinct resources, 8 parallel ÷ write tx, 8 parallel', '≥ 0.40', (r) => r.ratios.bookParallel, (x) => x >= 0.4, (r) =>
    serialShare(r.healthParallel.perSecond, r.floors.txParallel.perSecond),
  ),
  reportRow("… the most the CPUs allow: every CPU busy with bookings; the engine's share alone", cpuAllows),
  roundsRow('POST /v1/bookings, one pool, 8 clients ÷ write tx, 8 parallel', '≥ 0.25', (r) => r.ratios.pool, (x) => x >= 0.25, (r) =>
    serialShare(r.healthParallel.perSecond, r.floors.txParallel.perSecond),
  ),
  {
    what: '… its p99 ÷ p50',
    target: '≤ 10',
    value: (r) => f1(r.pool.p99 / r.pool.p50),
    meets: (r) => r.pool.p99 / r.pool.p50 <= 10,
  },
  roundsRow('search, 1 resource × 30 days ÷ GET (median latency, 1 connection)', '≤ 3', (r) => r.ratios.search30, (x) => x <= 3, (r) => availabilityBound(r, 'search30')),
  roundsRow('search, 50 candidates × 7 days ÷ GET', '≤ 8', (r) => r.ratios.search50, (x) => x <= 8, (r) => availabilityBound(r, 'search50')),
  roundsRow('calendar, 62 days ÷ GET', '≤ 3', (r) => r.ratios.calendar62, (x) => x <= 3, (r) => availabilityBound(r, 'calendar62')),
  {
    what: 'start to ready, existing data (median)',
    target: '≤ 3 s',
    value: (r) => s(median(r.restartMs)),
    meets: (r) => median(r.restartMs) <= 3000,
  },
  {
    what: 'start to ready, first run',
    target: '≤ 8 s',
    value: (r) => s(r.firstStartMs),
    meets: (r) => r.firstStartMs <= 8000,
  },
  reportRow('resident memory, ready / after the run', (r) => `${r.rssReadyMb?.toFixed(0) ?? '?'} / ${r.rssAfterMb?.toFixed(0) ?? '?'} MB`),
];

function ratioTable(results: EngineResult[]): string {
  const mark = (m: boolean | null) => (m === null ? '' : m ? ' ✓' : ' ✗');
  const bound = (row: Row, r: EngineResult) => (row.bound ? (row.target.startsWith('≤') ? f1 : f2)(row.bound(r)) : '');
  const lines = [
    `| | ${results.map((r) => `${r.engine} | bound`).join(' | ')} | target |`,
    `|---|${results.map(() => '---:|---:').join('|')}|---|`,
  ];
  for (const row of ROWS) lines.push(`| ${row.what} | ${results.map((r) => `${row.value(r)}${mark(row.meets(r))} | ${bound(row, r)}`).join(' | ')} | ${row.target} |`);
  return lines.join('\n');
}

function rawTable(results: EngineResult[]): string {
  // One party metered: its CPU beside the rate; several: a row of their own (cpuSplit).
  const single = (x: Run) => (x.cpu && Object.keys(x.cpu).length === 1 ? Object.entries(x.cpu)[0] : undefined);
  const cpu = (x: Run) => (single(x) === undefined ? '' : `, ${single(x)![0]} CPU ${single(x)![1]!.toFixed(0)} µs a call`);
  const rate = (x: Run) => `${x.perSecond.toFixed(0)}/s (p50 ${f2(x.p50)}, p99 ${f2(x.p99)} ms${cpu(x)})`;
  const beyondHealth = (r: EngineResult) =>
    r.getParallel.cpu?.server === undefined || r.healthParallel.cpu?.server === undefined || r.floors.pkParallel.cpu?.client === undefined
      ? '?'
      : `${(r.getParallel.cpu.server - r.healthParallel.cpu.server).toFixed(0)} µs; ${((r.getParallel.cpu.server - r.healthParallel.cpu.server) / r.floors.pkParallel.cpu.client).toFixed(1)} × the floor's select`;
  const lat = (x: Run) => `${f2(x.p50)} ms (p99 ${f2(x.p99)})`;
  const cpuSplit = (x: Run) => (x.cpu ? Object.entries(x.cpu).map(([party, us]) => `${party} ${us.toFixed(0)} µs`).join(', ') : '?');
  const rows: [string, (r: EngineResult) => string][] = [
    ['floor: PK select, sequential', (r) => rate(r.floors.pkSequential)],
    ['floor: PK select, 8 parallel', (r) => rate(r.floors.pkParallel)],
    ['floor: write tx, sequential', (r) => rate(r.floors.txSequential)],
    ['floor: write tx, 8 parallel', (r) => rate(r.floors.txParallel)],
    ['GET /healthz (no key, no database), 1 connection', (r) => rate(r.healthSequential)],
    ['GET /healthz, 8 connections', (r) => rate(r.healthParallel)],
    ['GET /v1/resources/{id}, 1 connection', (r) => rate(r.getSequential)],
    ['GET /v1/resources/{id}, 8 connections', (r) => rate(r.getParallel)],
    ["GET's server CPU beyond /healthz's (8 connections)", beyondHealth],
    ['POST /v1/bookings, distinct, sequential', (r) => rate(r.bookSequential)],
    ['POST /v1/bookings, distinct, 8 parallel', (r) => rate(r.bookParallel)],
    ['POST /v1/bookings, one pool, 8 parallel', (r) => rate(r.pool)],
    ["CPU a call, 8 parallel: the floor's write tx", (r) => cpuSplit(r.floors.txParallel)],
    ['CPU a call, 8 parallel: a booking over HTTP', (r) => cpuSplit(r.bookParallel)],
    ['search 1 × 30 days', (r) => `${lat(r.search30)}, ${r.slots.solo} slots`],
    ['search 50 × 7 days', (r) => `${lat(r.search50)}, ${r.slots.coaches} slots`],
    ['calendar 62 days', (r) => `${lat(r.calendar62)}, ${r.slots.days} days`],
    ['in process, no HTTP: search 1 × 30 days', (r) => lat(r.inProcess.search30)],
    ["answer floor (the same answer from a bare server): /healthz's", (r) => `${lat(r.answers.health)}, ${r.answerBytes.health} B`],
    ['answer floor: search 1 × 30 days', (r) => `${lat(r.answers.search30)}, ${r.answerBytes.search30} B`],
    ['answer floor: search 50 × 7 days', (r) => `${lat(r.answers.search50)}, ${r.answerBytes.search50} B`],
    ['answer floor: calendar 62 days', (r) => `${lat(r.answers.calendar62)}, ${r.answerBytes.calendar62} B`],
    ['in process: search 50 × 7 days', (r) => lat(r.inProcess.search50)],
    ['in process: calendar 62 days', (r) => lat(r.inProcess.calendar62)],
    ['in process: booking, distinct, sequential', (r) => rate(r.inProcess.bookSequential)],
    ['start, first run (wall / CPU)', (r) => `${s(r.firstStartMs)} / ${r.firstCpuMs === null ? '?' : s(r.firstCpuMs)}`],
    ['start, existing (wall / CPU, medians)', (r) => `${s(median(r.restartMs))} / ${r.restartCpuMs.length ? s(median(r.restartCpuMs)) : '?'}`],
  ];
  const lines = [`| | ${results.map((r) => r.engine).join(' | ')} |`, `|---|${results.map(() => '---:').join('|')}|`];
  for (const [what, value] of rows) lines.push(`| ${what} | ${results.map(value).join(' | ')} |`);
  return lines.join('\n');
}

export default async function httpBench(options: HttpBenchOptions = { quick: false }): Promise<void> {
  if (!buildIfStale()) throw new Error('the build failed');
  const n = options.quick ? QUICK : FULL;
  const load = os.loadavg()[0];
  const results: EngineResult[] = [];
  const service = await compiledService();
  for (const name of enginesToRun(options.engines)) results.push(await engine(name, n, service));
  console.log(`${options.quick ? 'quick run' : 'full run'}; load average ${load.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs\n`);
  console.log(ratioTable(results));
  console.log(`\nratios: the median of ${n.rounds} rounds, each timing the floor and the service in turn (lowest–highest round).`);
  console.log("bound: the ratio if a request cost only GET /healthz plus its work (the engine floor; for availability, the service code in process and its answer's bytes on a bare server, against this run's GET).");
  console.log('');
  console.log(rawTable(results));
}
