import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { citusStatements, createdTable, distributeTable, isCitus, planFunctionsAfresh, prepareCitusMigration } from './distribution.js';

/** An arbitrary constant: the advisory lock that makes concurrent start-ups migrate one at a time. */
const MIGRATION_LOCK_ID = 7_240_301;

/**
 * The migrations: numbered SQL files beside this module (`001-foundation.sql`, …), run in
 * the order of their names, each once. A migration's name (the file name without `.sql`)
 * is recorded in schema_migrations; once released, a migration is never edited: add one.
 */
export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** The migrations' names, in order (`001-foundation`, …). */
function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}-[a-z0-9-]+\.sql$/.test(file))
    .sort()
    .map((file) => file.slice(0, -'.sql'.length));
}

export function listMigrations(): { name: string; sql: string }[] {
  return migrationNames().map((name) => ({ name, sql: fs.readFileSync(new URL(`${name}.sql`, MIGRATIONS_DIR), 'utf8') }));
}

/**
 * Whether every migration is recorded, in one plain select: the usual start, on a database
 * that is up to date, costs that one statement (docs/performance.md, "Start-up"). False when
 * one is missing or the table does not exist yet; `migrate` then takes the lock and decides.
 */
async function upToDate(db: Kysely<Database>, names: string[]): Promise<boolean> {
  try {
    const done = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
    const applied = new Set(done.rows.map((r) => r.name));
    return names.every((name) => applied.has(name));
  } catch {
    return false;
  }
}

/**
 * Applies pending migrations in one transaction under an advisory lock, so several processes
 * starting at once on one PostgreSQL never run a migration twice. Returns the names applied.
 * `through` stops after the named migration: a database as an earlier version left it, which
 * is how a migration's handling of existing rows is tested.
 */
export async function migrate(db: Kysely<Database>, options: { through?: string } = {}): Promise<string[]> {
  const wanted = (name: string) => options.through === undefined || name <= options.through;
  // Migrations are only ever added, so a database holding every name has nothing to do.
  if (await upToDate(db, migrationNames().filter(wanted))) return [];
  const migrations = listMigrations().filter((m) => wanted(m.name));
  return db.transaction().execute(async (trx) => {
    // DATABASE_STATEMENT_TIMEOUT_MS bounds a request's statements, not the schema's: an index
    // built over a large table takes as long as the table needs, and so may the wait for the
    // lock while another process builds it (docs/configuration.md).
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(trx);
    const done = await sql<{ name: string }>`select name from schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.name));
    const ran: string[] = [];
    const citus = await isCitus(trx);
    if (citus) await prepareCitusMigration(trx);
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      // One statement at a time: the extended query protocol takes a single statement.
      for (const statement of splitStatements(migration.sql)) {
        if (!citus) {
          await sql.raw(statement).execute(trx);
          continue;
        }
        for (const part of citusStatements(statement)) await sql.raw(part).execute(trx);
        const table = createdTable(statement);
        if (table) await distributeTable(trx, migration.name, table);
      }
      await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx);
      ran.push(migration.name);
    }
    if (citus && ran.length > 0) await planFunctionsAfresh(trx);
    return ran;
  });
}

/**
 * Migrations are plain DDL with no semicolons inside statements, so splitting on `;` is
 * exact once the `--` comment lines are gone.
 */
export function splitStatements(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
