/**
 * `npm run bench` runs every benchmark in order; `npm run bench -- availability` runs only
 * the named ones. A benchmark is a file `bench/<name>.bench.ts` whose default export is an
 * async function that prints its results; add new ones to BENCHES below.
 */
const BENCHES: { name: string; load: () => Promise<{ default: () => Promise<void> }> }[] = [
  { name: 'availability', load: () => import('./availability.bench.js') },
  { name: 'bookings', load: () => import('./bookings.bench.js') },
  { name: 'series', load: () => import('./series.bench.js') },
  { name: 'fairness', load: () => import('./fairness.bench.js') },
  { name: 'start', load: () => import('./start.bench.js') },
  { name: 'calendar-feeds', load: () => import('./calendar-feeds.bench.js') },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

console.log(`node ${process.version}, ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'in-memory PGlite'}\n`);
for (const bench of BENCHES) {
  if (wanted.length && !wanted.includes(bench.name)) continue;
  console.log(`## ${bench.name}\n`);
  const mod = await bench.load();
  await mod.default();
  console.log('');
}
