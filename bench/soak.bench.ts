/**
 * Soak (docs/performance.md, "Soak"): does a server keep its latency and its memory under
 * load held for an hour? A `node bin/scheduling.js serve` process (what `npm start` runs) on
 * a new file-backed PGlite folder, and on a scratch PostgreSQL database when DATABASE_URL is
 * set, gets the mixed traffic of soak-traffic.ts over real HTTP.
 *
 * The rate: `--rate R` requests per second, or 70% of a calibrated maximum: the same mix,
 * closed loop over 8 connections (as the http benchmark measures its rates), 10 s to warm up
 * then three rounds of 20 s measured, each divided by its 20 s plus the time its webhook
 * deliveries took to drain (what the server can keep up with, delivery included), and the
 * slowest round taken. The soak itself is open loop: requests start at the rate whether or not
 * earlier ones have been answered (at most MAX_IN_FLIGHT at once; beyond, they are counted as
 * dropped), over 32 connections.
 *
 * Per minute: requests, p50 and p99 latency, 4xx (all unexpected: every request is built to
 * succeed), 5xx, failures (no answer, or a 200 reporting a failure inside), webhook deliveries
 * received, the server's resident memory (VmRSS, the largest of a sample every 5 s), and the
 * longest pause of this process's own event loop. Verdict: PASS when no request got a 5xx or
 * no answer, and the p99 and memory (the median of the samples: memoryOf) of the last window
 * are within 20% above those of the first window after warm-up. Then, with the server
 * stopped, how many webhook deliveries were delivered and how many still wait.
 */
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildIfStale } from '../scripts/build.mjs';
import type { BenchOptions } from './run.js';
import { cpuMs, databaseCpuMeter, enginesToRun, newDataPlace, startServe, testKeyOf, type DataPlace, type Engine, type ServerProcess } from './processes.js';
import { startTraffic, type Outcome, type Traffic } from './soak-traffic.js';

const DEFAULT_MINUTES = 60;
const QUICK_MINUTES = 5;
const SHARE = 0.7;
const CALIBRATION_PARALLEL = 8;
const WARM_SECONDS = 10;
const CALIBRATION_SECONDS = 20;
/**
 * One round of CALIBRATION_SECONDS measured anywhere from 76 to 110 requests/s on the same
 * machine (docs/performance.md, "Soak"): a soak at 70 % of a lucky round ran near saturation.
 * The slowest of three rounds is what the server keeps up with over its worse stretches.
 */
const CALIBRATION_ROUNDS = 3;
const CONNECTIONS = 32;
const MAX_IN_FLIGHT = 256;
const SAMPLE_MS = 5_000;
/** Deliveries have drained when none arrived for this long (the worker's poll is 1 s). */
const DRAIN_QUIET_MS = 3_000;
const DRAIN_MAX_MS = 300_000;
const TOLERANCE = 1.2;

interface Tally {
  latencies: number[];
  n4xx: number;
  n5xx: number;
  /** No answer, or a 200 that reports a failure. */
  failed: number;
  /** Not sent: MAX_IN_FLIGHT requests were already waiting. */
  dropped: number;
  webhooks: number;
  /** The largest of the server's resident memory samples (every SAMPLE_MS) in this minute. */
  rssMb: number | null;
  /** All those samples: a window's memory is their median (see memoryOf). */
  rssSamples: number[];
  /**
   * The longest the benchmark's own event loop was held in this minute, in ms: a request's
   * latency is timed here, so a slow minute with a long pause here is the client's, not the
   * server's.
   */
  clientPauseMs: number;
  /** The server's CPU (user + system) in the samples of this minute, in ms: a minute near 60,000 is a saturated core. */
  cpuMs: number;
  /** The PostgreSQL server's CPU on the soak's database in this minute, in ms (null: not measured; PGlite's is the server's own). */
  databaseCpuMs: number | null;
  /** The latencies again, by kind of request: which kind grew dearer between two windows. */
  byKind: Map<string, number[]>;
}
const tally = (): Tally => ({ latencies: [], n4xx: 0, n5xx: 0, failed: 0, dropped: 0, webhooks: 0, rssMb: null, rssSamples: [], clientPauseMs: 0, cpuMs: 0, databaseCpuMs: null, byKind: new Map() });

/** Failures seen, by kind and status, with the first message of each. */
type Failures = Map<string, { count: number; first: string }>;

function record(t: Tally, kinds: Map<string, Tally>, failures: Failures, o: Outcome, ms: number) {
  const k = kinds.get(o.kind) ?? kinds.set(o.kind, tally()).get(o.kind)!;
  (t.byKind.get(o.kind) ?? t.byKind.set(o.kind, []).get(o.kind)!).push(ms);
  for (const into of [t, k]) {
    into.latencies.push(ms);
    if (o.status >= 500) into.n5xx++;
    else if (o.status !== 200 && o.status !== 0) into.n4xx++;
    else if (o.failure) into.failed++;
  }
  if (o.failure) {
    const key = `${o.kind} ${o.status || 'no answer'}`;
    const f = failures.get(key) ?? failures.set(key, { count: 0, first: o.failure }).get(key)!;
    f.count++;
  }
}

const quantile = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** The same mix, `parallel` requests at a time for `seconds`: requests per second. */
async function closedLoop(traffic: Traffic, seconds: number, into: (o: Outcome, ms: number) => void): Promise<number> {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CALIBRATION_PARALLEL }, async () => {
      while (performance.now() < end) {
        const s = performance.now();
        into(await traffic.next(), performance.now() - s);
        done++;
      }
    }),
  );
  return done / seconds;
}

/**
 * Seconds from now until the webhook deliveries stop arriving (none for DRAIN_QUIET_MS): the
 * work the calibration's requests left behind. A closed loop measures how fast requests are
 * answered, and delivery runs behind them; counting only the answers took a rate that the
 * server could not keep with its deliveries (on PGlite, where both share one connection, the
 * pending deliveries grew all through a soak at 70 % of it).
 */
async function drainSeconds(traffic: Traffic): Promise<number> {
  const start = performance.now();
  let last = start;
  while (performance.now() - last < DRAIN_QUIET_MS && performance.now() - start < DRAIN_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (traffic.takeDeliveries() > 0) last = performance.now();
  }
  return (last - start) / 1000;
}

/** `rate` requests per second for `minutes`, open loop; one tally per minute (by start time). */
async function openLoop(traffic: Traffic, server: ServerProcess, databaseCpu: (() => number | null) | null, rate: number, minutes: number, kinds: Map<string, Tally>, failures: Failures): Promise<Tally[]> {
  const perMinute = Array.from({ length: minutes }, tally);
  const t0 = performance.now();
  const minuteAt = (t: number) => Math.min(minutes - 1, Math.floor((t - t0) / 60_000));
  let cpuBefore = cpuMs(server.child.pid!);
  const pauses = monitorEventLoopDelay({ resolution: 10 });
  pauses.enable();
  const sample = () => {
    const m = perMinute[minuteAt(performance.now())];
    const rss = server.rssMb();
    if (rss !== null) {
      m.rssMb = Math.max(m.rssMb ?? 0, rss);
      m.rssSamples.push(rss);
    }
    m.clientPauseMs = Math.max(m.clientPauseMs, pauses.max / 1e6);
    pauses.reset();
    const cpu = cpuMs(server.child.pid!);
    if (cpu !== null && cpuBefore !== null) m.cpuMs += cpu - cpuBefore;
    cpuBefore = cpu;
    const engine = databaseCpu?.() ?? null;
    if (engine !== null) m.databaseCpuMs = (m.databaseCpuMs ?? 0) + engine;
    m.webhooks += traffic.takeDeliveries();
  };
  let reported = 0;
  const progress = () => {
    // A minute's line once the next one has begun: on stderr, the tables come at the end.
    for (; reported < minuteAt(performance.now()); reported++) {
      const m = perMinute[reported];
      console.error(`  minute ${reported + 1}/${minutes}: ${m.latencies.length} requests, p99 ${quantile(m.latencies, 0.99).toFixed(0)} ms, 5xx ${m.n5xx}, RSS ${m.rssMb?.toFixed(0) ?? '?'} MB, server CPU ${cpuShare(m)}${m.databaseCpuMs === null ? '' : `, database CPU ${share(m.databaseCpuMs)}`}, webhooks ${m.webhooks}, client pause ${m.clientPauseMs.toFixed(0)} ms`);
    }
  };
  const sampler = setInterval(() => {
    sample();
    progress();
  }, SAMPLE_MS);
  sample();
  const pending = new Set<Promise<void>>();
  let launched = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      if (now - t0 >= minutes * 60_000) {
        clearInterval(tick);
        resolve();
        return;
      }
      const m = perMinute[minuteAt(now)];
      for (const due = Math.floor(((now - t0) / 1000) * rate); launched < due; launched++) {
        if (pending.size >= MAX_IN_FLIGHT) {
          m.dropped++;
          continue;
        }
        const s = performance.now();
        const p: Promise<void> = traffic.next().then((o) => {
          record(m, kinds, failures, o, performance.now() - s);
          pending.delete(p);
        });
        pending.add(p);
      }
    }, 5);
  });
  await Promise.all(pending);
  clearInterval(sampler);
  sample();
  pauses.disable();
  return perMinute;
}

/**
 * A window's memory: the median of the server's resident memory samples in it. Not the
 * largest: on a server whose retained heap stays flat, the resident memory follows the size
 * the garbage collector gives the heap between collections, which moves by a hundred MB and
 * more from one sample to the next (docs/performance.md, "Soak"); the largest sample of a
 * window measures when the collector last grew the heap. A leak moves the median.
 */
function memoryOf(minutes: Tally[]): number {
  return quantile(minutes.flatMap((m) => m.rssSamples), 0.5);
}

/** Warm-up, first and last windows, as 0-based [from, to) minute ranges. */
function windowsFor(minutes: number) {
  if (minutes >= 25) return { warmUp: 5, first: [5, 15] as const, last: [minutes - 10, minutes] as const };
  const third = Math.max(1, Math.floor((minutes - 1) / 3));
  return { warmUp: 1, first: [1, 1 + third] as const, last: [minutes - third, minutes] as const };
}
const label = ([a, b]: readonly [number, number]) => (b - a === 1 ? `minute ${a + 1}` : `minutes ${a + 1}–${b}`);

/** CPU spent in a minute, as a share of one core. */
const share = (cpuMs: number | null) => (cpuMs === null ? '–' : `${((cpuMs / 60_000) * 100).toFixed(0)}%`);
const cpuShare = (m: Tally) => share(m.cpuMs);
const ms = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(x < 10 ? 1 : 0));
const row = (name: string, t: Tally, extra: string[] = []) =>
  `| ${[name, t.latencies.length, ms(quantile(t.latencies, 0.5)), ms(quantile(t.latencies, 0.99)), t.n4xx, t.n5xx, t.failed, ...extra].join(' | ')} |`;

/**
 * Whether webhook delivery kept up: the deliveries by status, read from the data once the
 * server has stopped (a PGlite folder serves one process at a time).
 */
async function deliveriesByStatus(place: DataPlace): Promise<string> {
  const db = await place.openDb();
  try {
    const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n from webhook_deliveries group by status order by status`.execute(db.kysely);
    return rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none';
  } finally {
    await db.close();
  }
}

async function soak(engine: Engine, minutes: number, fixedRate: number | undefined): Promise<boolean> {
  const place = await newDataPlace(engine);
  let server: ServerProcess | null = null;
  let traffic: Traffic | null = null;
  try {
    server = await startServe(place.env);
    traffic = await startTraffic(server.url, testKeyOf(server), CONNECTIONS);
    const load0 = os.loadavg()[0];
    const kinds = new Map<string, Tally>();
    const failures: Failures = new Map();
    const calibration = tally();
    const into = (o: Outcome, took: number) => record(calibration, kinds, failures, o, took);
    let rate: number;
    let how: string;
    if (fixedRate) {
      rate = fixedRate;
      how = `from --rate: ${rate} requests/s`;
    } else {
      await closedLoop(traffic, WARM_SECONDS, into);
      const rounds: { served: number; drain: number; max: number }[] = [];
      for (let i = 0; i < CALIBRATION_ROUNDS; i++) {
        const served = Math.round((await closedLoop(traffic, CALIBRATION_SECONDS, into)) * CALIBRATION_SECONDS);
        const drain = await drainSeconds(traffic);
        rounds.push({ served, drain, max: served / (CALIBRATION_SECONDS + drain) });
      }
      const max = Math.min(...rounds.map((r) => r.max));
      rate = SHARE * max;
      const told = rounds.map((r) => `${r.served} requests whose webhook deliveries ended ${r.drain.toFixed(1)} s later: ${r.max.toFixed(1)} requests/s`).join('; ');
      how = `calibrated: the mix closed loop over ${CALIBRATION_PARALLEL} connections, ${WARM_SECONDS} s warm-up then ${CALIBRATION_ROUNDS} rounds of ${CALIBRATION_SECONDS} s (${told}); the slowest round ${max.toFixed(1)} requests/s; soak at ${SHARE * 100}%: ${rate.toFixed(1)} requests/s`;
    }
    console.log(`### ${engine}\n\nrate ${how}; open loop over ${CONNECTIONS} connections for ${minutes} min`);
    console.error(`${engine}: ${how}`);
    const databaseCpu = place.databaseName ? databaseCpuMeter(place.databaseName) : null;
    databaseCpu?.();
    const perMinute = await openLoop(traffic, server, databaseCpu, rate, minutes, kinds, failures);
    console.log(`load average ${load0.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs\n`);

    console.log('| minute | requests | p50 ms | p99 ms | 4xx | 5xx | failed | dropped | webhooks received | server RSS MB | server CPU | database CPU | client pause ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(row('calibration', calibration, ['', '', '', '', '', '']));
    perMinute.forEach((m, i) => console.log(row(String(i + 1), m, [String(m.dropped), String(m.webhooks), m.rssMb?.toFixed(0) ?? '?', cpuShare(m), share(m.databaseCpuMs), m.clientPauseMs.toFixed(0)])));
    console.log('\n| request | count | p50 ms | p99 ms | 4xx | 5xx | failed |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [kind, t] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) console.log(row(kind, t));
    for (const [what, f] of failures) console.log(`\n${what}: ${f.count}×, first: ${f.first}`);

    const w = windowsFor(minutes);
    const of = ([a, b]: readonly [number, number]) => {
      const slice = perMinute.slice(a, b);
      return { p99: quantile(slice.flatMap((m) => m.latencies), 0.99), rss: memoryOf(slice), largestRss: Math.max(...slice.map((m) => m.rssMb ?? NaN)) };
    };
    const first = of(w.first);
    const last = of(w.last);
    const kindsIn = ([a, b]: readonly [number, number], kind: string) => perMinute.slice(a, b).flatMap((m) => m.byKind.get(kind) ?? []);
    console.log(`\n| request | p50 ms, ${label(w.first)} → ${label(w.last)} | p99 ms |`);
    console.log('|---|---:|---:|');
    for (const kind of [...kinds.keys()].sort()) {
      const [f, l] = [kindsIn(w.first, kind), kindsIn(w.last, kind)];
      console.log(`| ${kind} | ${ms(quantile(f, 0.5))} → ${ms(quantile(l, 0.5))} | ${ms(quantile(f, 0.99))} → ${ms(quantile(l, 0.99))} |`);
    }
    const serverErrors = [calibration, ...perMinute].reduce((n, m) => n + m.n5xx, 0) + (kinds.get('no answer')?.latencies.length ?? 0);
    const change = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(0)}%`;
    const checks: [string, boolean][] = [
      [`5xx or no answer: ${serverErrors}`, serverErrors === 0],
      [`p99 ${ms(first.p99)} → ${ms(last.p99)} ms (${change(first.p99, last.p99)})`, last.p99 <= TOLERANCE * first.p99],
      [`RSS (median) ${first.rss.toFixed(0)} → ${last.rss.toFixed(0)} MB (${change(first.rss, last.rss)}; the largest ${first.largestRss.toFixed(0)} → ${last.largestRss.toFixed(0)} MB)`, last.rss <= TOLERANCE * first.rss],
    ];
    const pass = checks.every(([, ok]) => ok);
    console.log(`\nwindows: warm-up ${label([0, w.warmUp])}; first ${label(w.first)}; last ${label(w.last)} (the last within ${Math.round((TOLERANCE - 1) * 100)}% above the first)`);
    console.log(`${checks.map(([what, ok]) => `${what} ${ok ? '✓' : '✗'}`).join('; ')}`);
    console.log(`verdict: ${pass ? 'PASS' : 'FAIL'}`);
    await server.stop();
    server = null;
    console.log(`\nwebhook deliveries at the end, by status: ${await deliveriesByStatus(place)}\n`);
    return pass;
  } finally {
    await traffic?.close();
    await server?.stop();
    await place.cleanup();
  }
}

export default async function soakBench(options: BenchOptions): Promise<void> {
  const minutes = Math.round(options.minutes ?? (options.quick ? QUICK_MINUTES : DEFAULT_MINUTES));
  if (minutes < 3) throw new Error('soak: --minutes must be at least 3 (a warm-up minute, a first and a last window)');
  if (!buildIfStale()) throw new Error('the build failed');
  const verdicts: string[] = [];
  for (const engine of enginesToRun(options.engines)) verdicts.push(`${engine}: ${(await soak(engine, minutes, options.rate)) ? 'PASS' : 'FAIL'}`);
  console.log(`soak verdicts: ${verdicts.join('; ')}`);
}
