/**
 * Blocks are read bounded at both ends and by resource (migration 036,
 * src/capacity/block-facts.repository.ts): blocks that start at most a day before the range,
 * and the longer ones by their end. These tests put blocks on each side of every bound and of
 * every scope, and check that the facts still hold exactly the blocks overlapping the range, once
 * each; that the API refuses and offers by them; and that the plan made once, without values,
 * does not read an account's past.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { runWithKeptPlan } from '../support/prepared-text.js';
import { loadResourceFacts } from '../../src/capacity/index.js';
import { blockRange, blocksOverlapping, LONG_BLOCK_MS } from '../../src/capacity/block-facts.repository.js';
import { listMigrations } from '../../src/db/migrate.js';
import { at, book, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const MIN = 60_000;
const DAY = 86_400_000;

interface BlockFixture {
  accountId: string;
  resourceId?: string;
  locationId?: string;
  start: number;
  end: number;
}

/** A block written in SQL, anywhere in time (the API's checks are not under test here). */
async function insertBlock(b: BlockFixture): Promise<string> {
  const id = `blk_${randomUUID().replaceAll('-', '').slice(0, 26)}`;
  const now = new Date();
  await t.db.kysely
    .insertInto('blocks')
    .values({
      account_id: b.accountId,
      id,
      livemode: false,
      resource_id: b.resourceId ?? null,
      location_id: b.locationId ?? null,
      account_wide: !b.resourceId && !b.locationId,
      start_at: new Date(b.start),
      end_at: new Date(b.end),
      reason: null,
      metadata: '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Many short blocks one after another, written in one statement. */
async function insertPastBlocks(accountId: string, resourceId: string | null, count: number, before: number): Promise<void> {
  await sql`
    insert into blocks (account_id, id, livemode, resource_id, location_id, account_wide, start_at, end_at, reason, metadata, created_at, updated_at)
    select ${accountId}, 'blk_' || md5(random()::text || n), false, ${resourceId}, null, ${resourceId === null},
           ${new Date(before)}::timestamptz - make_interval(hours => n + 1), ${new Date(before)}::timestamptz - make_interval(hours => n) - interval '30 minutes',
           null, '{}', now(), now()
    from generate_series(0, ${count - 1}) as n`.execute(t.db.kysely);
}

/** The buffers (hit and read) of the first node of a plan, as `explain (analyze, buffers, format json)` gives it. */
function buffersRead(plan: string): number {
  const counts = /"Shared Hit Blocks":(\d+)[^}]*?"Shared Read Blocks":(\d+)/.exec(plan)!;
  return Number(counts[1]) + Number(counts[2]);
}

const isCitus = async () => (await sql`select 1 from pg_extension where extname = 'citus'`.execute(t.db.kysely)).rows.length > 0;

describe('blocks bounded at both ends', () => {
  it('finds every block overlapping the range once, however long, of the resource, the account and a location, and none that only touches it or is another resource\'s', async () => {
    const api = await t.newAccount();
    const other = await t.newAccount();
    const r = await openResource(api, {}, null);
    const neighbour = await openResource(api, {}, null);
    const hall = (await api.post('/v1/locations', { name: 'Hall' })).body.id as string;
    const start = Date.parse(`${futureDay(20)}T10:00:00Z`);
    const end = start + 2 * 3600_000;
    const own = (from: number, to: number) => ({ accountId: api.accountId, resourceId: r.id, start: from, end: to });
    const blocks: Record<string, BlockFixture> = {
      longOverlapping: own(start - 30 * DAY, start + MIN),
      longCovering: own(start - 3 * DAY, end + 3 * DAY),
      longStartingJustBeforeTheBound: own(start - LONG_BLOCK_MS - MIN, start + MIN),
      startingAtTheBound: own(start - LONG_BLOCK_MS, start + MIN),
      dayLongEndingJustInside: own(start - LONG_BLOCK_MS + MIN, start + MIN),
      inside: own(start + 30 * MIN, start + 60 * MIN),
      endingAtTheEnd: own(end - MIN, end),
      accountWideLongCovering: { accountId: api.accountId, start: start - 10 * DAY, end: end + DAY },
      accountWideInside: { accountId: api.accountId, start: start + MIN, end: start + 2 * MIN },
      locationLongOverlapping: { accountId: api.accountId, locationId: hall, start: start - 5 * DAY, end: start + MIN },
      // None of these overlap the range, or they are not this resource's or account's.
      longEndingAtTheStart: own(start - 5 * DAY, start),
      endingAtTheStart: own(start - 60 * MIN, start),
      startingAtTheEnd: own(end, end + 60 * MIN),
      longStartingAtTheEnd: own(end, end + 5 * DAY),
      longBefore: own(start - 40 * DAY, start - 10 * DAY),
      accountWideLongBefore: { accountId: api.accountId, start: start - 40 * DAY, end: start - 10 * DAY },
      neighboursLongCovering: { accountId: api.accountId, resourceId: neighbour.id, start: start - 3 * DAY, end: end + DAY },
      anotherAccountsLongCovering: { accountId: other.accountId, start: start - 3 * DAY, end: end + DAY },
    };
    const names = new Map<string, string>();
    for (const [name, block] of Object.entries(blocks)) names.set(await insertBlock(block), name);

    const scope = { platformId: '', livemode: false, accountId: api.accountId };
    const facts = await loadResourceFacts(t.db.kysely, scope, [r.id], { start, end }, new Date());
    expect(facts.get(r.id)!.blocks.map((b) => names.get(b.id)).sort()).toEqual(
      [
        'longOverlapping', 'longCovering', 'longStartingJustBeforeTheBound', 'startingAtTheBound', 'dayLongEndingJustInside', 'inside', 'endingAtTheEnd',
        'accountWideLongCovering', 'accountWideInside', 'locationLongOverlapping',
      ].sort(),
    );
  });

  it('refuses a booking under a block that began days before it, on the resource or the account, offers none there, and books at its end', async () => {
    const api = await t.newAccount();
    const r = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const day = futureDay(15);
    // Closed for ten days until 10:00 on `day`, and the whole account from 14:00 for three days.
    const closed = await api.post('/v1/blocks', { resource: r.id, start: at(futureDay(5), '10:00'), end: at(day, '10:00'), reason: 'Works' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const holiday = await api.post('/v1/blocks', { account_wide: true, start: at(day, '14:00'), end: at(futureDay(18), '14:00') });
    expect(holiday.status, JSON.stringify(holiday.body)).toBe(200);

    expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '09:00', '10:30')] }), 409, 'booking_conflict');
    expectError(await api.post('/v1/bookings', { segments: [seg(r.id, futureDay(17), '09:00', '10:00')] }), 409, 'booking_conflict');
    const search = await api.post('/v1/availability', { from: at(day, '00:00'), to: at(futureDay(16), '00:00'), segments: [{ resource: r.id, duration_minutes: 60 }], slot_interval_minutes: 60, limit: 100 });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    expect(search.body.slots.map((slot: { start: string }) => slot.start)).toEqual([at(day, '10:00'), at(day, '11:00'), at(day, '12:00'), at(day, '13:00')]);
    const explained = await api.post('/v1/availability/explain', {
      from: at(day, '00:00'),
      to: at(futureDay(16), '00:00'),
      timezone: 'UTC',
      segments: [{ resource: r.id, duration_minutes: 60 }],
      start: at(day, '09:00'),
    });
    expect(JSON.stringify(explained.body)).toContain(closed.body.id);
    expect((await book(api, { segments: [seg(r.id, day, '10:00', '11:00')] })).status).toBe('confirmed');
  });

  it("keeps to the bounded indexes in the plan it makes once, without values: an account's past blocks are not read", async () => {
    const api = await t.newAccount();
    const room = await openResource(api, {}, null);
    const neighbour = await openResource(api, {}, null);
    const day = Date.parse(`${futureDay(3)}T00:00:00Z`);
    // 3,000 past blocks on the room, 1,000 on its neighbour and 1,000 of the whole account; one on the day asked about.
    await insertPastBlocks(api.accountId, room.id, 3000, day);
    await insertPastBlocks(api.accountId, neighbour.id, 1000, day);
    await insertPastBlocks(api.accountId, null, 1000, day - 3000 * 3600_000);
    const today = await insertBlock({ accountId: api.accountId, resourceId: room.id, start: day + 10 * 3600_000, end: day + 11 * 3600_000 });
    await sql`analyze blocks`.execute(t.db.kysely);
    // A Citus coordinator makes no distributed plan of the lookup without its values (src/db/plan-once.ts).
    if (await isCitus()) return;
    const lookup = sql`select b.id from (${blocksOverlapping(api.accountId, [room.id], blockRange({ start: day, end: day + DAY }))}) b`.compile(t.db.kysely);
    const answer = await runWithKeptPlan<{ id: string }>(t.db.kysely, lookup);
    expect(answer.rows.map((r) => r.id)).toEqual([today]);
    // Each of the four parts a range of an index, its resource (or none) and its time in the range's condition.
    const scans = [...answer.plan.matchAll(/"Index Name":"(blocks_\w+)"[^}]*?"Index Cond":"([^"]*)"/g)].map((m) => [m[1], /resource_id/.test(m[2]), /(start|end)_at/.test(m[2])]);
    expect(scans.sort()).toEqual([['blocks_by_resource', true, true], ['blocks_by_resource', true, true], ['blocks_long', true, true], ['blocks_long', true, true]]);
    expect(buffersRead(answer.plan)).toBeLessThan(40);
  });

  it("lists a resource's blocks newest first, reading its own and not the account's other blocks", async () => {
    const api = await t.newAccount();
    const room = await openResource(api, {}, null);
    const neighbour = await openResource(api, {}, null);
    const day = Date.parse(`${futureDay(3)}T00:00:00Z`);
    await insertPastBlocks(api.accountId, neighbour.id, 3000, day);
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await insertBlock({ accountId: api.accountId, resourceId: room.id, start: day - (i + 1) * DAY, end: day - i * DAY - 3600_000 }));
    await sql`analyze blocks`.execute(t.db.kysely);
    const page = await api.get('/v1/blocks', { resource: room.id, limit: 2 });
    expect(page.status).toBe(200);
    expect(page.body.data.map((b: { id: string }) => b.id)).toEqual([...mine].sort().reverse().slice(0, 2));
    expect(page.body.has_more).toBe(true);
    if (await isCitus()) return;
    const plan = JSON.stringify(
      (await sql`explain (analyze, buffers, format json) select * from blocks where account_id = ${api.accountId} and resource_id = ${room.id} order by id desc limit 21`.execute(t.db.kysely)).rows,
    );
    expect(plan).toContain('"Index Name":"blocks_by_resource"');
    expect(buffersRead(plan)).toBeLessThan(40);
  });

  it("writes blocks_long's condition word for word as the lookup asks it", () => {
    const migration = listMigrations().find((m) => m.name.startsWith('036'))!.sql;
    const asked = blocksOverlapping('acct', ['res'], blockRange({ start: 0, end: 1 })).compile(t.db.kysely).sql;
    expect(migration).toContain("where end_at - start_at > interval '24 hours';");
    expect(asked).toContain("b.end_at - b.start_at > interval '24 hours'");
  });
});
