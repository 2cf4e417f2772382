/**
 * `npm run bench` runs every benchmark in order; `npm run bench -- http` runs only the named
 * ones, and `--quick` asks for shorter runs (a couple of minutes for `http`). A benchmark is a
 * file `bench/<name>.bench.ts` whose default export is an async function that prints its
 * results; add new ones to BENCHES below.
 *
 * `http` measures the service as users run it (server processes over real HTTP, against the
 * engine's own floor); the others measure parts of it in process, on an in-memory PGlite.
 */
export interface BenchOptions {
  quick: boolean;
}

const BENCHES: { name: string; load: () => Promise<{ default: (options: BenchOptions) => Promise<void> }> }[] = [
  { name: 'http', load: () => import('./http.bench.js') },
  { name: 'availability', load: () => import('./availability.bench.js') },
  { name: 'bookings', load: () => import('./bookings.bench.js') },
  { name: 'series', load: () => import('./series.bench.js') },
  { name: 'fairness', load: () => import('./fairness.bench.js') },
  { name: 'start', load: () => import('./start.bench.js') },
  { name: 'calendar-feeds', load: () => import('./calendar-feeds.bench.js') },
];

const args = process.argv.slice(2);
const options: BenchOptions = { quick: args.includes('--quick') };
const unknownFlags = args.filter((a) => a.startsWith('--') && a !== '--quick');
if (unknownFlags.length) {
  console.error(`Unknown option(s): ${unknownFlags.join(', ')}. Known: --quick`);
  process.exit(2);
}
const wanted = args.filter((a) => !a.startsWith('--'));
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

console.log(`node ${process.version}; in process: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'in-memory PGlite'}; http: file-backed PGlite${process.env.DATABASE_URL ? ' and PostgreSQL' : ''}\n`);
for (const bench of BENCHES) {
  if (wanted.length && !wanted.includes(bench.name)) continue;
  console.log(`## ${bench.name}\n`);
  const mod = await bench.load();
  await mod.default(options);
  console.log('');
}
