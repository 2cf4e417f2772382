import { performance } from 'node:perf_hooks';
import { benchApp, ok } from './support.js';
const b = await benchApp();
const week = Object.fromEntries(['monday','tuesday','wednesday','thursday','friday','saturday','sunday'].map((d) => [d, [{ start: '00:00', end: '24:00' }]]));
const r = await ok(b.request('POST', '/v1/resources', { name: 'x', type: 'x', capacity: 10000 }));
await ok(b.request('POST', '/v1/schedules', { resource: r.id, effective_from: '2020-01-06', weeks: [week] }));
const DAY0 = Date.parse('2027-01-10T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
let t0 = performance.now();
for (let k = 0; k < 20; k++) {
  await ok(b.request('POST', '/v1/bookings/import', { bookings: Array.from({ length: 100 }, (_, i) => ({ segments: [{ resource: r.id, start: iso(DAY0 + (k * 100 + i) * 1800e3), end: iso(DAY0 + (k * 100 + i) * 1800e3 + 3600e3) }] })) }));
}
console.log('import 2000 ms', performance.now() - t0);
t0 = performance.now();
await ok(b.request('POST', `/v1/resources/${r.id}/archive`));
console.log('archive (2000 conflicted) ms', performance.now() - t0);
t0 = performance.now();
await ok(b.request('POST', `/v1/resources/${r.id}/unarchive`));
console.log('unarchive ms', performance.now() - t0);
t0 = performance.now();
await ok(b.request('POST', `/v1/resources/${r.id}`, { capacity: 9999 }));
console.log('capacity change, nothing changes ms', performance.now() - t0);
t0 = performance.now();
const p = await ok(b.request('POST', '/v1/conflict_previews', { method: 'POST', path: `/v1/resources/${r.id}/archive` }));
console.log('preview archive ms', performance.now() - t0, p.would_conflict.length, p.has_more);
t0 = performance.now();
const l = await ok(b.request('GET', `/v1/bookings?resource=${r.id}&order=start&limit=100`));
console.log('list ms', performance.now() - t0, l.data.length);
await b.close();
