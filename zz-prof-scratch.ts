import { performance } from 'node:perf_hooks';
import { buildResourceTimeline, timelineRangeFor } from './src/core/availability/resource-timeline.js';
import { searchSlots } from './src/core/availability/search.js';
import { availabilityCalendar } from './src/core/availability/calendar.js';
const MIN = 60000;
const TZ = 'Europe/Paris';
const from = Date.UTC(2027, 1, 28, 23), to = from + 30 * 1440 * MIN;
const week = Object.fromEntries(['monday','tuesday','wednesday','thursday','friday','saturday','sunday'].map(d => [d, [{start:'08:00', end:'20:00', location:null}]]));
const holds = [];
for (let d = 0; d < 30; d++) for (let k = 0; k < 10; k++) { const s = from + d*1440*MIN + (8*60 + ((k*7+d*3)%24)*30)*MIN; holds.push({ bookingId: 'b'+d+k, resource: 'r', start: s, end: s + 30*MIN, quantity: 1 }); }
const range = timelineRangeFor({ start: from, end: to });
for (let i = 0; i < 5; i++) {
  let t0 = performance.now();
  const tl = buildResourceTimeline({ resource: { id: 'r', capacity: 1, status: 'active', timezone: TZ, defaultLocation: null, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }, schedules: [{ id: 's', effectiveFrom: '2027-01-04', weeks: [week] }], overrides: [], blocks: [], holds, range });
  let t1 = performance.now();
  const r = searchSlots({ from, to, timeZone: TZ, slotIntervalMinutes: 15, limit: 100, segments: [{ candidates: ['r'], durationMinutes: 60, quantity: 1 }], timelines: new Map([['r', tl]]), now: 0 });
  let t2 = performance.now();
  const c = availabilityCalendar({ timeline: tl, from, to: from + 62*1440*MIN, timeZone: TZ });
  let t3 = performance.now();
  console.log('timeline', (t1-t0).toFixed(1), 'search', (t2-t1).toFixed(1), r.slots.length, 'calendar', (t3-t2).toFixed(1));
}
