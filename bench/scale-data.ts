/**
 * The large data set of the `scale` benchmark (docs/performance.md, "Scale"), written in SQL
 * while no server holds the data (a PGlite folder belongs to one process): insert … select
 * over generate_series, a few statements per table, so ten million bookings take minutes and
 * not hours. It keeps the service's invariants:
 *
 * - every resource has capacity 1 and its bookings are one-segment slots one after another,
 *   so held segments never overlap;
 * - every segment carries its booking's status and expires_at (migration 011), as
 *   src/capacity/writer.ts writes them; one booking in 20 is cancelled;
 * - every booking made in the last EVENT_DAYS days has its `booking.created` event (and a
 *   cancelled one its `booking.cancelled`), with the object in the API shape of
 *   src/capacity/bookings.serializer.ts. Older events are not written: a running service keeps
 *   events 30 days by default (docs/privacy.md#retention), and a year of them would have the
 *   retention worker deleting through the measurement (it did: on PostgreSQL, a million
 *   events past their days kept an idle server at 11 % of a core and every request 1.4–1.6×
 *   slower, the GET included);
 * - ids have the shape of src/lib/ids.ts: prefix, 10 Crockford base32 digits of the creation
 *   millisecond, 16 more digits. Those 16 are not random: a scramble of the row's ordinal, then
 *   the ordinal, so that a resource's row can name its account's id without a lookup, and
 *   ids stay unique;
 * - usage counters: `bookings_created` per account and month of creation, and every account
 *   and resource active in the current month (what the month's opening writes). Earlier months
 *   have no active objects marked: no statement of them is read by the benchmark.
 *
 * Time: bookings lie over two years, the past one and the next. An account is made 30 days
 * before that; a booking is created halfway between the first day and its start, at least 7
 * days before it and never after now. Ordinary resources have one-hour slots, spread over the
 * week by resource; the probe has 10-minute slots back to back, all in the past, and so has the
 * archive room, all before its calendar feed's window (created, by the same rule, before the
 * account was: nothing measured reads that). Blocks are all in the past: 10 of an hour a
 * resource over the past year, the probe's 20,000 half hours (one an hour, over the past two
 * years and more), and the bench account's 2,000 days of an hour.
 */
import { sql, type Kysely } from 'kysely';
import { isCitus } from '../src/db/distribution.js';
import type { Database } from '../src/db/schema.js';
import { markPeriodActive } from '../src/metering/counters.repository.js';

export interface ScaleSize {
  bookings: number;
  accounts: number;
  resources: number;
  /** Bookings of each ordinary resource (those of the bench account too). */
  perResource: number;
  /** Bookings of the probe resource, all in the past. */
  probeBookings: number;
  /** Past blocks of each ordinary resource. */
  blocksPerResource: number;
  /** Past blocks of the probe resource, and of the bench account as a whole. */
  probeBlocks: number;
  accountWideBlocks: number;
}

/**
 * 10 resources an account, 100 bookings and 10 blocks a resource, and the probe's 50,000
 * bookings and 20,000 blocks on top, with 2,000 blocks of the bench account as a whole.
 */
export function sizeFor(bookings: number): ScaleSize {
  const resources = Math.max(10, Math.round(bookings / 100));
  return { bookings, accounts: Math.max(1, Math.round(resources / 10)), resources, perResource: Math.max(1, Math.round(bookings / resources)), probeBookings: 50_000, blocksPerResource: 10, probeBlocks: 20_000, accountWideBlocks: 2_000 };
}

/** What the builder needs of the objects made through the API before it. */
export interface Measured {
  platformId: string;
  accountId: string;
  probe: string;
  /** A room whose bookings all lie before its calendar feed's window (ARCHIVE_BOOKINGS). */
  archive: string;
}

const DAY = 86_400_000;
/**
 * The archive room's 10-minute bookings, back to back, the last ending ARCHIVE_DAYS_AGO: all
 * before its calendar feed's window (183 days back), which shows none of them.
 */
const ARCHIVE_BOOKINGS = 50_000;
const ARCHIVE_DAYS_AGO = 200;
/** The events kept: those of the default retention (docs/privacy.md#retention). */
const EVENT_DAYS = 30;
/** The tables the builder writes, vacuumed and analysed by name at the end. */
const WRITTEN_TABLES = ['accounts', 'resources', 'schedules', 'blocks', 'bookings', 'booking_segments', 'events', 'usage_counters'] as const;
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** `width` Crockford base32 digits of the bigint SQL expression `x`, most significant first. */
function base32(x: string, width: number): string {
  return Array.from({ length: width }, (_, i) => `substr('${ALPHABET}', (((${x}) >> ${5 * (width - 1 - i)}) & 31)::int + 1, 1)`).join(' || ');
}
const msOf = (t: string) => `(extract(epoch from ${t}) * 1000)::bigint`;
/** An id of src/lib/ids.ts's shape, made at `createdAt`, unique by the ordinal `n` (< 2^40). */
function idSql(prefix: string, createdAt: string, n: string): string {
  // bigint before any arithmetic: an int4 ordinal would overflow the scramble, and shift by 32 or more wraps.
  const big = `(${n})::bigint`;
  return `'${prefix}_' || ${base32(msOf(createdAt), 10)} || ${base32(`((${big} * 48271) % 2147483647) * 512 + (${big} % 512)`, 8)} || ${base32(big, 8)}`;
}
/** An event id for the booking `b` at `at`: the booking's own 16 digits after the time. */
const eventIdSql = (at: string) => `'evt_' || ${base32(msOf(at), 10)} || substr(b.id, 14)`;
const isoSql = (t: string) => `to_char(${t} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The booking as serializeBooking shows it, from `b` (bookings) and `s` (its one segment). */
function bookingJson(status: string, updatedAt: string, cancelledAt: string): string {
  const segment = `json_build_object('resource', s.resource_id, 'location', null, 'start', ${isoSql('s.start_at')}, 'end', ${isoSql('s.end_at')}, 'quantity', 1, 'buffer_before_minutes', 0, 'buffer_after_minutes', 0)`;
  return `json_build_object('id', b.id, 'object', 'booking', 'livemode', false, 'status', '${status}', 'expires_at', null,
    'start', ${isoSql('b.start_at')}, 'end', ${isoSql('b.end_at')}, 'segments', json_build_array(${segment}),
    'seats', null, 'seats_taken', null, 'conflict_policy', 'reject', 'conflicted', false, 'conflicts', null,
    'series', null, 'occurrence_key', null, 'replaces', null, 'replaced_by', null, 'waitlist_limit', 0, 'waitlist_hold_minutes', 0,
    'cancellation_reason', null, 'confirmed_at', ${isoSql('b.confirmed_at')}, 'cancelled_at', ${cancelledAt},
    'metadata', '{}'::json, 'created_at', ${isoSql('b.created_at')}, 'updated_at', ${isoSql(updatedAt)})`;
}

interface Slots {
  /** Which resources (a condition on `resources`). */
  where: string;
  per: number;
  /** Ordinal of the first booking (ids stay unique across calls). */
  base: number;
  firstStart: Date;
  stepMinutes: number;
  durationMinutes: number;
  /** Resource k's slots are shifted by (k mod spread) hours. */
  spread: number;
}

/** One row per booking to write: account, resource, id, start, created (c), cancelled. */
function slotsSql(s: Slots, firstDay: Date, resources: { from: number; to: number }): string {
  const day0 = `'${firstDay.toISOString()}'::timestamptz`;
  return `
    select r.account_id, r.id as resource_id, ${idSql('bk', 'c.c', 'n.n')} as id, t.s, t.s + interval '${s.durationMinutes} minutes' as e, c.c, n.n % 20 = 19 as cancelled
    from (select account_id, id, row_number() over (order by account_id, id) - 1 as k from resources where ${s.where}) r
    cross join generate_series(0, ${s.per - 1}) as i
    cross join lateral (select ${s.base}::bigint + r.k * ${s.per} + i as n) n
    cross join lateral (select '${s.firstStart.toISOString()}'::timestamptz + make_interval(mins => (i * ${s.stepMinutes} + (r.k % ${s.spread}) * 60)::int) as s) t
    cross join lateral (select ${day0} - interval '7 days' + (t.s - ${day0}) / 2 as c) c
    where r.k >= ${resources.from} and r.k < ${resources.to}`;
}

/**
 * Bookings a statement writes at most: the triggers of a segment's insert (its foreign key, the
 * reminder queue's) queue an event a row until the statement ends, and on Citus they run on
 * the workers. Ten million in one statement took a worker's backend to 22 GB and the
 * out-of-memory killer, a leak since mended (docs/scaling.md, "How the migrations
 * distribute"); in slices a build stays small whatever the engine keeps per row.
 */
const BOOKINGS_PER_STATEMENT = 250_000;

async function writeBookings(db: Kysely<Database>, s: Slots, firstDay: Date): Promise<void> {
  const { count } = (await sql<{ count: string }>`select count(*) from resources where ${sql.raw(s.where)}`.execute(db)).rows[0];
  const perStatement = Math.max(1, Math.floor(BOOKINGS_PER_STATEMENT / s.per));
  for (let first = 0; first < Number(count); first += perStatement) {
    await writeBookingsOf(db, slotsSql(s, firstDay, { from: first, to: first + perStatement }));
  }
}

/** The bookings of `from` (slotsSql's rows), then their segments. */
async function writeBookingsOf(db: Kysely<Database>, from: string): Promise<void> {
  await sql`
    insert into bookings (account_id, id, livemode, status, expires_at, start_at, end_at, seats, conflict_policy, conflicted, conflicts, metadata,
                          confirmed_at, cancelled_at, created_at, updated_at)
    select account_id, id, false, case when cancelled then 'cancelled' else 'confirmed' end, null, s, e, null, 'reject', false, null, '{}',
           c, case when cancelled then c + interval '1 day' end, c, case when cancelled then c + interval '1 day' else c end
    from (${sql.raw(from)}) x`.execute(db);
  await sql`
    insert into booking_segments (account_id, booking_id, position, resource_id, location_id, location_requested, start_at, end_at, held_start, held_end,
                                  quantity, buffer_before_minutes, buffer_after_minutes, booking_status, booking_expires_at)
    select account_id, id, 0, resource_id, null, false, s, e, s, e, 1, 0, 0, case when cancelled then 'cancelled' else 'confirmed' end, null
    from (${sql.raw(from)}) x`.execute(db);
}

/**
 * Blocks of the past, one every `every.hours` going back from two days before today, each
 * `every.minutes` long, `per` a resource of `where`: what a resource's closures, breaks and
 * maintenance leave behind (a re-check looks only at future bookings, so blocks over past
 * bookings change nothing the service keeps). Ids by ordinal from `base`, made when they begin.
 */
async function writeBlocks(db: Kysely<Database>, where: string, per: number, base: number, every: { hours: number; minutes: number }, today: Date): Promise<void> {
  await sql`
    insert into blocks (account_id, id, livemode, resource_id, location_id, account_wide, start_at, end_at, reason, metadata, created_at, updated_at)
    select r.account_id, ${sql.raw(idSql('blk', 't.s', `${base}::bigint + r.k * ${per} + i`))}, false, r.id, null, false,
           t.s, t.s + interval '${sql.raw(String(every.minutes))} minutes', null, '{}', t.s, t.s
    from (select account_id, id, row_number() over (order by account_id, id) - 1 as k from resources where ${sql.raw(where)}) r
    cross join generate_series(1, ${sql.lit(per)}) as i
    cross join lateral (select ${today}::timestamptz - interval '2 days' - make_interval(hours => (i * ${sql.lit(every.hours)} + r.k % 24)::int) as s) t`.execute(db);
}

/** The bench account's own closures of the past, one a day for `count` days before yesterday. */
async function writeAccountWideBlocks(db: Kysely<Database>, accountId: string, count: number, base: number, today: Date): Promise<void> {
  await sql`
    insert into blocks (account_id, id, livemode, resource_id, location_id, account_wide, start_at, end_at, reason, metadata, created_at, updated_at)
    select ${accountId}::text, ${sql.raw(idSql('blk', 't.s', `${base}::bigint + i`))}, false, null, null, true,
           t.s, t.s + interval '1 hour', null, '{}', t.s, t.s
    from generate_series(1, ${sql.lit(count)}) as i
    cross join lateral (select ${today}::timestamptz - interval '1 day' - make_interval(days => i) + interval '12 hours' as s) t`.execute(db);
}

/** Secondary indexes of the big tables, dropped while they are filled and made again after. */
async function secondaryIndexes(db: Kysely<Database>): Promise<{ name: string; definition: string }[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename in ('bookings', 'booking_segments', 'events')
      and indexname not in (select conname from pg_constraint)`.execute(db);
  return rows;
}

/**
 * Writes the data set beside the bench account made through the API (whose resources get
 * their ordinary bookings too). Reports each step's time through `log`.
 */
export async function buildScaleData(kysely: Kysely<Database>, size: ScaleSize, m: Measured, log: (line: string) => void): Promise<void> {
  const today = new Date(Math.floor(Date.now() / DAY) * DAY);
  const firstDay = new Date(today.getTime() - 365 * DAY);
  const accountMade = (n: string) => `'${new Date(firstDay.getTime() - 30 * DAY).toISOString()}'::timestamptz + make_interval(secs => ${n})`;
  const perAccount = Math.ceil(size.resources / size.accounts);
  const resourceMade = (k: string) => `${accountMade(`${k} / ${perAccount} + 1`)} + make_interval(mins => ${k} % ${perAccount} + 1)`;
  const period = today.toISOString().slice(0, 8) + '01';
  // One connection for every statement: the session settings below hold for all of them.
  await kysely.connection().execute(async (db) => {
    const step = async (what: string, fn: () => Promise<unknown>) => {
      const t0 = Date.now();
      await fn();
      log(`  ${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    };
    await sql`set statement_timeout = 0`.execute(db);
    await sql`set synchronous_commit = off`.execute(db);
    // Index builds of ten million rows sort in memory instead of in temporary files.
    await sql`set maintenance_work_mem = '1GB'`.execute(db);
    const indexes = await secondaryIndexes(db);
    for (const i of indexes) await sql`drop index ${sql.id(i.name)}`.execute(db);

    await step(`${size.accounts} accounts`, () =>
      sql`
        insert into accounts (id, platform_id, livemode, name, timezone, metadata, created_at, updated_at)
        select ${sql.raw(idSql('acct', accountMade('n'), 'n'))}, ${m.platformId}::text, false, 'Account ' || n, 'UTC', '{}', t, t
        from generate_series(1, ${sql.lit(size.accounts)}) as n cross join lateral (select ${sql.raw(accountMade('n'))} as t) t`.execute(db),
    );
    await step(`${size.resources} resources and their schedules`, async () => {
      await sql`
        insert into resources (account_id, id, livemode, name, type, capacity, timezone, default_location, status, buffer_before_minutes, buffer_after_minutes, metadata, created_at, updated_at)
        select ${sql.raw(idSql('acct', accountMade(`k / ${perAccount} + 1`), `k / ${perAccount} + 1`))}, ${sql.raw(idSql('res', 't.t', 'k'))},
               false, 'Room ' || k, 'room', 1, 'UTC', null, 'active', 0, 0, '{}', t.t, t.t
        from generate_series(0, ${sql.lit(size.resources - 1)}) as k cross join lateral (select ${sql.raw(resourceMade('k'))} as t) t`.execute(db);
      const week = JSON.stringify([Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start: '00:00', end: '24:00', location: null }]]))]);
      await sql`
        insert into schedules (account_id, id, livemode, resource_id, effective_from, weeks, metadata, created_at, updated_at)
        select r.account_id, 'sch_' || substr(r.id, 5), false, r.id, ${firstDay.toISOString().slice(0, 10)}::date - 30, ${week}::jsonb, '{}', r.created_at, r.created_at
        from resources r where not exists (select 1 from schedules s where s.account_id = r.account_id and s.resource_id = r.id)`.execute(db);
    });
    await step(`bookings with their segments, ${size.perResource} a resource`, () =>
      writeBookings(db, {
        where: `id not in ('${m.probe}', '${m.archive}')`,
        per: size.perResource,
        base: 1,
        firstStart: firstDay,
        stepMinutes: Math.floor((730 * 1440) / size.perResource),
        durationMinutes: 60,
        spread: 168,
      }, firstDay),
    );
    await step(`the probe's ${size.probeBookings} bookings`, () =>
      writeBookings(db, {
        where: `id = '${m.probe}'`,
        per: size.probeBookings,
        base: 2 ** 39,
        firstStart: new Date(today.getTime() - DAY - size.probeBookings * 10 * 60_000),
        stepMinutes: 10,
        durationMinutes: 10,
        spread: 1,
      }, firstDay),
    );
    await step(`the archive room's ${ARCHIVE_BOOKINGS} bookings`, () =>
      writeBookings(db, {
        where: `id = '${m.archive}'`,
        per: ARCHIVE_BOOKINGS,
        base: 2 ** 39 + 2 ** 20,
        firstStart: new Date(today.getTime() - ARCHIVE_DAYS_AGO * DAY - ARCHIVE_BOOKINGS * 10 * 60_000),
        stepMinutes: 10,
        durationMinutes: 10,
        spread: 1,
      }, firstDay),
    );
    await step(`blocks: ${size.blocksPerResource} a resource, the probe's ${size.probeBlocks}, ${size.accountWideBlocks} of the bench account`, async () => {
      await writeBlocks(db, `id <> '${m.probe}'`, size.blocksPerResource, 1, { hours: 24 * 36, minutes: 60 }, today);
      await writeBlocks(db, `id = '${m.probe}'`, size.probeBlocks, 2 ** 39, { hours: 1, minutes: 30 }, today);
      await writeAccountWideBlocks(db, m.accountId, size.accountWideBlocks, 2 ** 39 + size.probeBlocks, today);
    });
    const eventsSince = new Date(Date.now() - EVENT_DAYS * DAY);
    await step(`their events of the last ${EVENT_DAYS} days`, async () => {
      await sql`
        insert into events (platform_id, id, livemode, account_id, type, object, previous_attributes, created_at, details)
        select ${m.platformId}::text, ${sql.raw(eventIdSql('b.created_at'))}, false, b.account_id, 'booking.created',
               ${sql.raw(bookingJson('confirmed', 'b.created_at', 'null'))}, null, b.created_at, null
        from bookings b join booking_segments s on s.account_id = b.account_id and s.booking_id = b.id
        where b.created_at >= ${eventsSince}`.execute(db);
      await sql`
        insert into events (platform_id, id, livemode, account_id, type, object, previous_attributes, created_at, details)
        select ${m.platformId}::text, ${sql.raw(eventIdSql('b.cancelled_at'))}, false, b.account_id, 'booking.cancelled',
               ${sql.raw(bookingJson('cancelled', 'b.updated_at', isoSql('b.cancelled_at')))}, '{"status":"confirmed","cancelled_at":null}', b.cancelled_at, null
        from bookings b join booking_segments s on s.account_id = b.account_id and s.booking_id = b.id
        where b.status = 'cancelled' and b.cancelled_at >= ${eventsSince}`.execute(db);
    });
    await step('usage counters', async () => {
      await sql`
        insert into usage_counters (account_id, period, platform_id, livemode, bookings_created)
        select account_id, date_trunc('month', created_at at time zone 'UTC')::date, ${m.platformId}::text, false, count(*) from bookings group by 1, 2
        on conflict (account_id, period, slot) do update set bookings_created = usage_counters.bookings_created + excluded.bookings_created`.execute(db);
      // What the month's opening writes (markPeriodActive, src/metering/counters.repository.ts),
      // whether or not the running server has opened it yet: marked once, counted once.
      await db.transaction().execute((trx) => markPeriodActive(trx, period));
    });
    await step(`${indexes.length} secondary indexes made again`, async () => {
      for (const i of indexes) await sql.raw(i.definition).execute(db);
    });
    // Each written table by name: on a Citus coordinator a bare VACUUM reaches only its own
    // tables, while a named distributed table is vacuumed on every shard.
    await step('vacuum analyze', async () => {
      for (const table of WRITTEN_TABLES) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
      await sql`analyze`.execute(db);
    });
    // The build dirtied gigabytes that the checkpointer would otherwise write out during the
    // measurement: a database that grew over a year has no such backlog. On Citus each node
    // checkpoints its own shards.
    await step('checkpoint', async () => {
      await sql`checkpoint`.execute(db);
      if (await isCitus(db)) await sql`select run_command_on_workers('checkpoint')`.execute(db);
    });
  });
}

/** The rows the data set holds, for the report. */
export async function countRows(db: Kysely<Database>): Promise<Record<'accounts' | 'resources' | 'bookings' | 'events', number>> {
  return (await sql<Record<'accounts' | 'resources' | 'bookings' | 'events', number>>`
    select (select count(*) from accounts)::int as accounts, (select count(*) from resources)::int as resources,
           (select count(*) from bookings)::int as bookings, (select count(*) from events)::int as events`.execute(db)).rows[0];
}
