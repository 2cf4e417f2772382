import { performance } from 'node:perf_hooks';
import { benchApp, ok } from './bench/support.js';
import { loadResourceFacts } from './src/features/availability/facts.repository.js';
import { buildResourceTimeline, timelineRangeFor } from './src/core/availability/resource-timeline.js';
import { searchSlots } from './src/core/availability/search.js';
const b = await benchApp('Europe/Paris');
const solo = await ok(b.request('POST', '/v1/resources', { name: 'Solo', type: 'solo' }));
const week = Object.fromEntries(['monday','tuesday','wednesday','thursday','friday','saturday','sunday'].map(d => [d, [{start:'08:00', end:'20:00'}]]));
await ok(b.request('POST', '/v1/schedules', { resource: solo.id, effective_from: '2027-01-04', weeks: [week] }));
const { newId } = await import('./src/lib/ids.js');
const MIN = 60000; const from = Date.UTC(2027, 1, 28, 23);
for (let d = 0; d < 30; d++) for (let k = 0; k < 10; k++) {
  const s = from + d*1440*MIN + (8*60 + ((k*7+d*3)%24)*30)*MIN; const id = newId('bk');
  await b.db.kysely.insertInto('bookings').values({ account_id: b.accountId, id, livemode: false, status: 'confirmed', expires_at: null, start_at: new Date(s), end_at: new Date(s+30*MIN), seats: null, conflict_policy: 'reject', conflicted: false, conflicts: null, metadata: '{}', created_at: new Date(), updated_at: new Date() }).execute();
  await b.db.kysely.insertInto('booking_segments').values({ account_id: b.accountId, booking_id: id, position: 0, resource_id: solo.id, location_id: null, start_at: new Date(s), end_at: new Date(s+30*MIN), held_start: new Date(s), held_end: new Date(s+30*MIN), quantity: 1, buffer_before_minutes: 0, buffer_after_minutes: 0 }).execute();
}
const scope = { platformId: 'x', livemode: false, accountId: b.accountId };
const range = timelineRangeFor({ start: from, end: from + 30*1440*MIN });
for (let i = 0; i < 5; i++) {
  let t0 = performance.now();
  const facts = await loadResourceFacts(b.db.kysely, scope, [solo.id], range, new Date());
  let t1 = performance.now();
  const bundle = facts.get(solo.id)!;
  const tl = buildResourceTimeline({ ...bundle, range });
  let t2 = performance.now();
  const r = searchSlots({ from, to: from + 30*1440*MIN, timeZone: 'Europe/Paris', slotIntervalMinutes: 15, limit: 100, segments: [{ candidates: [solo.id], durationMinutes: 60, quantity: 1 }], timelines: new Map([[solo.id, tl]]), now: Date.now() });
  let t3 = performance.now();
  await ok(b.request('POST', '/v1/availability', { from: '2027-03-01T00:00:00Z', to: '2027-03-31T00:00:00Z', segments: [{ resource: solo.id, duration_minutes: 60 }] }));
  let t4 = performance.now();
  console.log('facts', (t1-t0).toFixed(1), bundle.holds.length, 'timeline', (t2-t1).toFixed(1), 'search', (t3-t2).toFixed(1), r.slots.length, 'http', (t4-t3).toFixed(1));
}
await b.close();
