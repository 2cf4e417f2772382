/**
 * Timed runs of calls, and rounds that take turns (docs/performance.md, "Against the floor").
 *
 * This machine's speed moves by half within the hour, so a service figure divided by a floor
 * timed minutes earlier measures the machine as much as the service. In rounds, each round
 * times every kind once, one after the other, and a ratio is taken within each round: its
 * median over the rounds is the figure, its spread says how far to trust it.
 */
import { performance } from 'node:perf_hooks';

/** Who spends a call's CPU: the HTTP server, the database engine, the caller (this process). */
export type Party = 'server' | 'engine' | 'client';

/** CPU used so far, in ms, by one party; null where it cannot be read. */
export type CpuMeter = () => number | null | Promise<number | null>;

export const thisProcessCpu: CpuMeter = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** A rate and the latency of each call (for p50/p99). */
export interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  /** CPU per call in µs of each party the run metered (server, engine, client). */
  cpu?: Partial<Record<Party, number>>;
  /** What a merge of several runs needs: their time, and each call's latency (sorted). */
  seconds: number;
  samples: number[];
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function summary(samples: number[], seconds: number, cpu?: Partial<Record<Party, number>>): Run {
  samples.sort((a, b) => a - b);
  return { perSecond: samples.length / seconds, p50: quantile(samples, 0.5), p99: quantile(samples, 0.99), cpu, seconds, samples };
}

/** `count` calls of `fn(i)`, `parallel` at a time; `cpu` meters the CPU of each party named (a null meter: not measurable here). */
export async function run(count: number, parallel: number, fn: (i: number) => Promise<unknown>, cpu: Partial<Record<Party, CpuMeter | null>> = {}): Promise<Run> {
  const samples: number[] = [];
  let next = 0;
  const meters = Object.entries(cpu).filter((e): e is [Party, CpuMeter] => e[1] !== null);
  const readAll = () => Promise.all(meters.map(([, meter]) => meter()));
  const before = await readAll();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < count; i = next++) {
        const s = performance.now();
        await fn(i);
        samples.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const after = await readAll();
  const cpuUs: Partial<Record<Party, number>> = {};
  meters.forEach(([party], i) => {
    if (before[i] !== null && after[i] !== null) cpuUs[party] = ((after[i]! - before[i]!) * 1000) / count;
  });
  return summary(samples, seconds, meters.length ? cpuUs : undefined);
}

/**
 * Warm-up, then `count` timed calls one after another. The benchmark measures the settled
 * state a running server is in: at least ten warm-up calls, as a prepared statement is planned
 * afresh for its first five runs before PostgreSQL settles on a plan (docs/performance.md,
 * "Prepared statements on PGlite"), and V8 optimises code only once it has run for a while.
 */
export async function latency(count: number, fn: () => Promise<unknown>, warm = Math.max(10, Math.floor(count / 2))): Promise<Run> {
  for (let i = 0; i < warm; i++) await fn();
  return run(count, 1, fn);
}

/** Several runs of one kind as one: their calls and time summed, CPU a call weighted by calls. */
export function merged(runs: Run[]): Run {
  const count = runs.reduce((sum, r) => sum + r.samples.length, 0);
  const parties = new Set(runs.flatMap((r) => Object.keys(r.cpu ?? {}) as Party[]));
  const cpu: Partial<Record<Party, number>> = {};
  for (const party of parties) {
    // A party counts only where every round metered it.
    if (runs.every((r) => r.cpu?.[party] !== undefined)) cpu[party] = runs.reduce((sum, r) => sum + r.cpu![party]! * r.samples.length, 0) / count;
  }
  return summary(
    runs.flatMap((r) => r.samples),
    runs.reduce((sum, r) => sum + r.seconds, 0),
    parties.size ? cpu : undefined,
  );
}

/**
 * `rounds` rounds, each running every kind once in the order given (`kinds[k](round)` runs
 * that round's share); every kind's runs merged, and each round's runs kept for its ratios.
 */
export async function inRounds<K extends string>(rounds: number, kinds: Record<K, (round: number) => Promise<Run>>): Promise<{ all: Record<K, Run>; each: Record<K, Run>[] }> {
  const each: Record<K, Run>[] = [];
  for (let round = 0; round < rounds; round++) {
    const runs = {} as Record<K, Run>;
    for (const kind of Object.keys(kinds) as K[]) runs[kind] = await kinds[kind](round);
    each.push(runs);
  }
  const all = {} as Record<K, Run>;
  for (const kind of Object.keys(kinds) as K[]) all[kind] = merged(each.map((r) => r[kind]));
  return { all, each };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
