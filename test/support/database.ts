import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Kysely, PGliteDialect, sql } from 'kysely';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { connect, type Db } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';
import { createServerDatabase, databaseUrl, dropLeftoverDatabases, dropServerDatabase } from './server-databases.js';

/**
 * A migrated database made once per test run (test/support/global-setup.ts), which every
 * test file clones instead of migrating its own:
 * - PGlite: a dump of a migrated in-memory cluster (`dumpDataDir`), loaded by each file into
 *   its own in-memory PGlite, and the same cluster as a data folder for the process tests;
 * - PostgreSQL: a database that `CREATE DATABASE … TEMPLATE` copies.
 * See "Test suite" in docs/performance.md for why (and the measurements).
 */
export type DatabaseTemplate =
  | { kind: 'pglite'; dumpFile: string; dataDir: string }
  | { kind: 'postgres'; name: string };

const unique = (prefix: string) => `${prefix}_${Date.now()}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** Makes the run's template; `drop` removes it (its name is unique to the run). */
export async function createTemplate(): Promise<{ template: DatabaseTemplate; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const leftovers = await dropLeftoverDatabases(base);
    if (leftovers.length) console.log(`dropped ${leftovers.length} databases that earlier test runs left behind`);
    const name = unique('sched_template');
    await createServerDatabase(base, name);
    const db = await connect({ databaseUrl: databaseUrl(base, name), dataDir: null, poolSize: 1 });
    try {
      await migrate(db.kysely);
    } finally {
      await db.close(); // CREATE DATABASE … TEMPLATE refuses a template with open connections
    }
    return {
      template: { kind: 'postgres', name },
      drop: () => dropServerDatabase(base, name),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sched-template-'));
  const pglite = new PGlite();
  const kysely = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  await migrate(kysely);
  const dump = await pglite.dumpDataDir('none');
  await kysely.destroy();
  const dumpFile = path.join(dir, 'migrated.tar');
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  // The same cluster as a data folder, for the process tests to copy (serve opens folders).
  const dataDir = path.join(dir, 'data');
  const onDisk = new PGlite({ dataDir, loadDataDir: dump });
  await onDisk.waitReady;
  await onDisk.close();
  return {
    template: { kind: 'pglite', dumpFile, dataDir },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Dumps read once per worker (modules are shared between the files of a worker). */
const dumps = new Map<string, Blob>();
function readDump(file: string): Blob {
  let blob = dumps.get(file);
  if (!blob) dumps.set(file, (blob = new Blob([fs.readFileSync(file)])));
  return blob;
}

/**
 * PGlite's engine compiled once per worker and shared by all its databases: V8 optimises the
 * engine's hot code as it runs, and a shared module keeps that work from file to file.
 */
let engine: Promise<WebAssembly.Module> | null = null;
function pgliteEngine(): Promise<WebAssembly.Module> {
  engine ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(fs.readFileSync(path.join(path.dirname(entry), 'pglite.wasm')));
  })();
  return engine;
}

/**
 * A database loaded from a dump starts cold, where a freshly migrated one had every table
 * just created in the same session: the first queries on each table read its catalog entries
 * from storage. Touching every table once (no rows read) makes the first requests of a test
 * as quick as they were before the template.
 */
async function warmUp(db: Db): Promise<void> {
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db.kysely);
  for (const { name } of tables.rows) await sql`select * from ${sql.table(name)} limit 0`.execute(db.kysely);
}

/** The run's template when running under vitest (null elsewhere, e.g. in the benchmarks). */
async function runTemplate(): Promise<DatabaseTemplate | null> {
  if (!process.env.VITEST) return null;
  const { inject } = await import('vitest');
  return inject('databaseTemplate') ?? null;
}

export interface FreshDatabaseOptions {
  /** false: an empty database, without the migrations. */
  migrated?: boolean;
  /** Clone this template (default: the test run's, if any); without one, migrate from scratch. */
  template?: DatabaseTemplate | null;
  /** The server to make the database on (default: DATABASE_URL's; none: in-memory PGlite). */
  server?: string;
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped by `drop`). Migrated unless
 * told otherwise: cloned from the run's template when there is one.
 */
export async function freshDatabase(options: FreshDatabaseOptions = {}): Promise<{ db: Db; url: string | null; drop: () => Promise<void> }> {
  const migrated = options.migrated ?? true;
  const template = migrated ? (options.template === undefined ? await runTemplate() : options.template) : null;
  const base = options.server ?? process.env.DATABASE_URL;
  if (!base) {
    const loadDataDir = template?.kind === 'pglite' ? readDump(template.dumpFile) : undefined;
    const db = await connect({ databaseUrl: null, dataDir: null, pglite: { loadDataDir, pgliteWasmModule: await pgliteEngine() } });
    if (migrated && !loadDataDir) await migrate(db.kysely);
    if (loadDataDir) await warmUp(db);
    return { db, url: null, drop: () => db.close() };
  }
  const name = unique('sched_test');
  const from = template?.kind === 'postgres' ? template.name : undefined;
  await createServerDatabase(base, name, from);
  const url = databaseUrl(base, name);
  const db = await connect({ databaseUrl: url, dataDir: null, poolSize: 12 });
  if (migrated && !from) await migrate(db.kysely);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      await dropServerDatabase(base, name);
    },
  };
}
