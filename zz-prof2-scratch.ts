import { performance } from 'node:perf_hooks';
import { benchApp, ok } from './bench/support.js';
import { loadResourceFacts } from './src/features/availability/facts.repository.js';
const b = await benchApp('Europe/Paris');
const solo = await ok(b.request('POST', '/v1/resources', { name: 'Solo', type: 'solo' }));
const week = Object.fromEntries(['monday','tuesday','wednesday','thursday','friday','saturday','sunday'].map(d => [d, [{start:'08:00', end:'20:00'}]]));
await ok(b.request('POST', '/v1/schedules', { resource: solo.id, effective_from: '2027-01-04', weeks: [week] }));
const scope = { platformId: 'x', livemode: false, accountId: b.accountId };
for (let i = 0; i < 5; i++) {
  let t0 = performance.now();
  await loadResourceFacts(b.db.kysely, scope, [solo.id], { start: Date.UTC(2027,1,28), end: Date.UTC(2027,3,1) }, new Date());
  let t1 = performance.now();
  await ok(b.request('POST', '/v1/availability', { from: '2027-03-01T00:00:00Z', to: '2027-03-31T00:00:00Z', segments: [{ resource: solo.id, duration_minutes: 60 }] }));
  let t2 = performance.now();
  await ok(b.request('GET', `/v1/resources/${solo.id}`));
  let t3 = performance.now();
  console.log('facts', (t1-t0).toFixed(1), 'search', (t2-t1).toFixed(1), 'get', (t3-t2).toFixed(1));
}
await b.close();
