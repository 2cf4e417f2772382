import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * How each table is laid out on a Citus cluster (docs/scaling.md, "Tables"). Every migration
 * that creates a table declares its distribution here, under the migration's name; the
 * migrator distributes the table right after creating it, so that the tables created after it
 * in the same migration may already hold foreign keys to it (Citus accepts a foreign key from
 * a new table to a distributed one inside the transaction that then distributes the new one,
 * but refuses to distribute a table that local tables already reference).
 *
 * - `reference`: copied to every node; small tables read on every request.
 * - `accounts`: the anchor of every account-owned table, distributed by its own id.
 * - `account`: distributed by `account_id`, co-located with `accounts`.
 * - `events`: the anchor of the platform-scoped tables, distributed by `platform_id`.
 * - `platform`: distributed by `platform_id`, co-located with `events`.
 *
 * On PostgreSQL without Citus and on PGlite nothing of this runs; the declarations are still
 * checked (test/db/distribution.test.ts), so a table without one fails the suite everywhere.
 */
export type Distribution = 'reference' | 'accounts' | 'account' | 'events' | 'platform';

export const TABLE_DISTRIBUTION: Record<string, Record<string, Distribution>> = {
  '001-foundation': {
    platforms: 'reference',
    api_keys: 'reference',
    accounts: 'accounts',
    locations: 'account',
    resources: 'account',
    events: 'events',
    idempotency_keys: 'platform',
  },
  '002-working-time-and-bookings': {
    schedules: 'account',
    schedule_overrides: 'account',
    blocks: 'account',
    bookings: 'account',
    booking_segments: 'account',
    attendees: 'account',
  },
  '003-webhooks': { webhook_endpoints: 'platform', webhook_deliveries: 'platform' },
  '005-series': { series: 'account', series_resources: 'account', series_skipped_occurrences: 'account' },
  '006-usage': {
    usage_counters: 'account',
    usage_platform_counters: 'platform',
    usage_active_objects: 'account',
    usage_periods: 'reference',
    usage_statements: 'platform',
  },
  '007-feed-urls': { resource_feed_urls: 'account' },
  '009-waitlists-and-calendar-feeds': { calendar_feeds: 'account', calendar_feed_busy: 'account' },
  '010-reminders': { booking_reminders: 'account', manage_links: 'account' },
  '014-reminder-queue': { reminder_queue: 'account' },
  '022-booking-sessions': { booking_sessions: 'account' },
  '023-privacy': { exports: 'account' },
  '028-delivery-queue': { webhook_delivery_queue: 'platform' },
  '035-booking-lists-bounded': { booking_metadata: 'account' },
};

/** The tables the migrator keeps local to the coordinator: its own bookkeeping. */
export const COORDINATOR_TABLES = ['schema_migrations'];

/** Every declared table with its distribution, across the migrations. */
export function declaredDistributions(): Map<string, Distribution> {
  const all = new Map<string, Distribution>();
  for (const tables of Object.values(TABLE_DISTRIBUTION)) for (const [table, how] of Object.entries(tables)) all.set(table, how);
  return all;
}

/** The table a `create table` statement creates, or null for any other statement. */
export function createdTable(statement: string): string | null {
  const match = /^\s*create\s+table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)"?/i.exec(statement);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * A statement as Citus runs it. Citus refuses `alter table … add column … check (…)` (a
 * column added with a constraint in one command), which migration 009 uses; the same change
 * is the column, then its check under the name PostgreSQL would have given it
 * (`<table>_<column>_check`), so the catalogue is the same on every database.
 */
export function citusStatements(statement: string): string[] {
  const match = /^\s*alter\s+table\s+([a-z_][a-z0-9_]*)\s+add\s+column\s+([a-z_][a-z0-9_]*)\s+(.*?)\s+check\s*(\(.*\))\s*$/is.exec(statement);
  if (!match) return [statement];
  const [, table, column, definition, check] = match;
  return [
    `alter table ${table} add column ${column} ${definition}`,
    `alter table ${table} add constraint ${table}_${column}_check check ${check}`,
  ];
}

/** The condition "this database is a Citus coordinator" (the extension exists in it), as SQL text: asked through kysely and through a bare connection alike. */
export const CITUS_INSTALLED = `exists (select 1 from pg_extension where extname = 'citus')`;

/** Whether the database is a Citus coordinator; in a transaction or not. */
export async function isCitus(db: Kysely<Database>): Promise<boolean> {
  const found = await sql<{ citus: boolean }>`select ${sql.raw(CITUS_INSTALLED)} as citus`.execute(db);
  return found.rows[0].citus;
}

/**
 * Prepares a migration's transaction on Citus: triggers on distributed tables are allowed
 * (each of ours touches only rows of its own account: docs/scaling.md), and DDL runs over one
 * connection per node, so that a table distributed in this transaction can be referenced by
 * the next one.
 */
export async function prepareCitusMigration(trx: Transaction<Database>): Promise<void> {
  await sql`set local citus.enable_unsafe_triggers = on`.execute(trx);
  await sql`set local citus.multi_shard_modify_mode = 'sequential'`.execute(trx);
}

/**
 * On Citus, every PL/pgSQL function of ours that runs a statement plans it with its values at
 * every run (`plan_cache_mode = force_custom_plan`). The trigger functions run on the workers,
 * and a kept plan made without values of a statement on a distributed table leaks memory in
 * the worker's backend at every run, until its connection closes (docs/scaling.md, "How the
 * migrations distribute"). Run after the migrations of each `migrate`, so that a function any
 * migration creates or replaces gets it too; Citus propagates it to the workers.
 */
export async function planFunctionsAfresh(trx: Transaction<Database>): Promise<void> {
  const { rows } = await sql<{ fn: string }>`
    select p.oid::regprocedure::text as fn from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.prolang = (select oid from pg_language where lanname = 'plpgsql')
      and p.prosrc ~* '\\m(select|insert|update|delete|perform)\\M'
      and not coalesce('plan_cache_mode=force_custom_plan' = any(p.proconfig), false)`.execute(trx);
  for (const { fn } of rows) await sql.raw(`alter function ${fn} set plan_cache_mode = force_custom_plan`).execute(trx);
}

/** Distributes a table just created by `migration`, as that migration declares. */
export async function distributeTable(trx: Transaction<Database>, migration: string, table: string): Promise<void> {
  const how = TABLE_DISTRIBUTION[migration]?.[table];
  if (!how) throw new Error(`Migration ${migration} creates table ${table} without declaring its distribution (src/db/distribution.ts).`);
  const name = sql.lit(table);
  if (how === 'reference') await sql`select create_reference_table(${name})`.execute(trx);
  else if (how === 'accounts') await sql`select create_distributed_table(${name}, 'id')`.execute(trx);
  else if (how === 'account') await sql`select create_distributed_table(${name}, 'account_id', colocate_with => 'accounts')`.execute(trx);
  else if (how === 'events') await sql`select create_distributed_table(${name}, 'platform_id', colocate_with => 'none')`.execute(trx);
  else await sql`select create_distributed_table(${name}, 'platform_id', colocate_with => 'events')`.execute(trx);
}
