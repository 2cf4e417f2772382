import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { benchApp, ok } from './bench/support.js';
const b = await benchApp('Europe/Paris');
const solo = await ok(b.request('POST', '/v1/resources', { name: 'Solo', type: 'solo' }));
const { newId } = await import('./src/lib/ids.js');
const MIN = 60000; const from = Date.UTC(2027, 1, 28, 23);
const rows = [], segs = [];
for (let d = 0; d < 30; d++) for (let k = 0; k < 10; k++) {
  const s = from + d*1440*MIN + (8*60 + ((k*7+d*3)%24)*30)*MIN; const id = newId('bk');
  rows.push({ account_id: b.accountId, id, livemode: false, status: 'confirmed', expires_at: null, start_at: new Date(s), end_at: new Date(s+30*MIN), seats: null, conflict_policy: 'reject', conflicted: false, conflicts: null, metadata: '{}', created_at: new Date(), updated_at: new Date() });
  segs.push({ account_id: b.accountId, booking_id: id, position: 0, resource_id: solo.id, location_id: null, start_at: new Date(s), end_at: new Date(s+30*MIN), held_start: new Date(s), held_end: new Date(s+30*MIN), quantity: 1, buffer_before_minutes: 0, buffer_after_minutes: 0 });
}
await b.db.kysely.insertInto('bookings').values(rows as any).execute();
await b.db.kysely.insertInto('booking_segments').values(segs as any).execute();
const db = b.db.kysely;
if (process.env.ANALYZE) await sql`analyze`.execute(db);
const end = new Date(from + 31*1440*MIN), start = new Date(from - 1440*MIN);
for (let i = 0; i < 5; i++) {
  let t0 = performance.now();
  const h = await db.selectFrom('booking_segments as s').innerJoin('bookings as b', (j) => j.onRef('b.account_id', '=', 's.account_id').onRef('b.id', '=', 's.booking_id'))
      .select(['s.booking_id', 's.resource_id', 's.held_start', 's.held_end', 's.quantity'])
      .where('s.account_id', '=', b.accountId).where('s.resource_id', 'in', [solo.id]).where('s.held_start', '<', end).where('s.held_end', '>', start)
      .where('b.status', '=', 'confirmed').execute();
  let t1 = performance.now();
  const r2 = await sql`select s.held_start from booking_segments s where s.account_id = ${b.accountId}`.execute(db);
  let t2 = performance.now();
  const r3 = await sql`select s.held_start::text from booking_segments s where s.account_id = ${b.accountId}`.execute(db);
  let t3 = performance.now();
  const r4 = await sql`select 1`.execute(db);
  let t4 = performance.now();
  console.log('holds', (t1-t0).toFixed(1), h.length, 'ts only', (t2-t1).toFixed(1), 'ts text', (t3-t2).toFixed(1), 'select1', (t4-t3).toFixed(1));
}
const plan = await sql`explain analyze select s.booking_id from booking_segments s join bookings b on b.account_id = s.account_id and b.id = s.booking_id where s.account_id = ${b.accountId} and s.resource_id in (${solo.id}) and s.held_start < ${end} and s.held_end > ${start} and b.status = 'confirmed'`.execute(db);
console.log(plan.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
const plan2 = await sql`explain analyze select s.booking_id from booking_segments s join bookings b on b.account_id = ${b.accountId} and b.id = s.booking_id where s.account_id = ${b.accountId} and s.resource_id in (${solo.id}) and s.held_start < ${end} and s.held_end > ${start} and b.status = 'confirmed'`.execute(db);
console.log(plan2.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
await b.close();
