/**
 * `npm run bench` runs every benchmark in order; `npm run bench -- http` runs only the named
 * ones, and `--quick` asks for shorter runs (a couple of minutes for `http`). A benchmark is a
 * file `bench/<name>.bench.ts` whose default export is an async function that prints its
 * results; add new ones to BENCHES below.
 *
 * `http` measures the service as users run it (server processes over real HTTP, against the
 * engine's own floor); the others measure parts of it in process, on an in-memory PGlite.
 * `soak` (an hour of mixed traffic per engine) runs only when named; `--minutes N` shortens
 * it and `--rate R` sets its request rate instead of calibrating one. `--engine pglite|postgres|citus`
 * (repeatable) keeps only those of the configured engines. `scale` (empty against a
 * large data set built in SQL) also runs only when named; `--bookings N` sets that set's size.
 */
import { parseArgs } from 'node:util';
import { ENGINE_NAMES, type Engine } from './processes.js';

export interface BenchOptions {
  quick: boolean;
  /** How long a timed benchmark (soak) runs; absent: its own default. */
  minutes?: number;
  /** Requests per second for an open-loop benchmark (soak); absent: it calibrates. */
  rate?: number;
  /** Bookings of the large data set (scale); absent: its own default. */
  bookings?: number;
  /** The engines named by `--engine`; empty: every configured one. */
  engines: Engine[];
}

const BENCHES: { name: string; onlyWhenNamed?: boolean; load: () => Promise<{ default: (options: BenchOptions) => Promise<void> }> }[] = [
  { name: 'http', load: () => import('./http.bench.js') },
  { name: 'availability', load: () => import('./availability.bench.js') },
  { name: 'bookings', load: () => import('./bookings.bench.js') },
  { name: 'series', load: () => import('./series.bench.js') },
  { name: 'fairness', load: () => import('./fairness.bench.js') },
  { name: 'start', load: () => import('./start.bench.js') },
  { name: 'calendar-feeds', load: () => import('./calendar-feeds.bench.js') },
  // An hour by default: never part of a plain `npm run bench`.
  { name: 'soak', onlyWhenNamed: true, load: () => import('./soak.bench.js') },
  // Builds millions of rows per engine: only when named.
  { name: 'scale', onlyWhenNamed: true, load: () => import('./scale.bench.js') },
];

const USAGE = 'npm run bench -- [name ...] [--quick] [--minutes N] [--rate R] [--bookings N] [--engine pglite|postgres|citus ...]';

function fail(message: string): never {
  console.error(`${message}\nUsage: ${USAGE}`);
  process.exit(2);
}

/** A positive number given to `--name`, or undefined when the flag is absent. */
function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) fail(`--${name} takes a positive number, not '${value}'.`);
  return n;
}

function parseBenchArgs() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      strict: true,
      options: { quick: { type: 'boolean', default: false }, minutes: { type: 'string' }, rate: { type: 'string' }, bookings: { type: 'string' }, engine: { type: 'string', multiple: true } },
    });
  } catch (err) {
    fail((err as Error).message); // an unknown option, or a value missing
  }
}
const parsed = parseBenchArgs();
const options: BenchOptions = {
  quick: parsed.values.quick === true,
  minutes: positive('minutes', parsed.values.minutes),
  rate: positive('rate', parsed.values.rate),
  bookings: positive('bookings', parsed.values.bookings),
  engines: (parsed.values.engine ?? []).map((name) => ENGINE_NAMES[name] ?? fail(`--engine takes pglite, postgres or citus, not '${name}'.`)),
};
const wanted = parsed.positionals;
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

console.log(`node ${process.version}; in process: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'in-memory PGlite'}; http: file-backed PGlite${process.env.DATABASE_URL ? ', PostgreSQL' : ''}${process.env.CITUS_DATABASE_URL ? ', Citus (CITUS_DATABASE_URL)' : ''}\n`);
for (const bench of BENCHES) {
  if (wanted.length ? !wanted.includes(bench.name) : bench.onlyWhenNamed) continue;
  console.log(`## ${bench.name}\n`);
  const mod = await bench.load();
  await mod.default(options);
  console.log('');
}
