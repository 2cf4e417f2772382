import { Kysely, PGliteAdapter, PGliteDialect, PostgresDialect, type DialectAdapter, type Driver, type DatabaseConnection } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './schema.js';
import { lockDataDir } from './pglite-lock.js';
import { PreviewableDriver } from './preview.js';
import { DelegatingDriver } from './delegating-driver.js';

export interface Db {
  kysely: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Kysely's PGlite driver hands out its single connection to every caller at once, so two
 * concurrent transactions would interleave on it (a lost write). This driver makes callers
 * wait for the connection: one transaction or query at a time, which is also what makes
 * booking creation race-free on PGlite.
 */
class SerializedDriver extends DelegatingDriver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;
  override async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }
  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = null;
    release?.();
  }
}

/** PGlite's adapter makes Kysely add its own connection mutex; our driver already serializes. */
class SerializedPGliteAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    // Kysely's mutex is not re-entrant, and a conflict preview (db/preview.ts) runs whole
    // requests on the connection it holds; SerializedDriver does the queueing instead.
    return true;
  }
}

class SerializedPGliteDialect extends PGliteDialect {
  override createAdapter(): DialectAdapter {
    return new SerializedPGliteAdapter();
  }
  override createDriver(): Driver {
    return new PreviewableDriver(new SerializedDriver(super.createDriver()));
  }
}

class PreviewablePostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new PreviewableDriver(super.createDriver());
  }
}

export interface ConnectOptions {
  databaseUrl: string | null;
  /** A folder for PGlite, or null for an in-memory database (tests). */
  dataDir: string | null;
  poolSize?: number;
}

export async function connect(options: ConnectOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // An unreachable server must fail a request (and /readyz) rather than hang it.
      connectionTimeoutMillis: 10_000,
      types: {
        getTypeParser: ((oid: number, format: unknown) => {
          if (oid === DATE_OID) return (v: string) => v;
          if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
          return pg.types.getTypeParser(oid, format as 'text');
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const kysely = new Kysely<Database>({ dialect: new PreviewablePostgresDialect({ pool }) });
    return { kysely, kind: 'postgres', close: () => kysely.destroy() };
  }
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    // One options object: PGlite ignores the second argument when the first is not a
    // string, so `new PGlite(undefined, {parsers})` (in-memory) silently lost the parsers.
    const pglite = new PGlite({
      dataDir: options.dataDir ?? undefined,
      parsers: { [DATE_OID]: (v: string) => v },
    });
    await pglite.waitReady;
    const kysely = new Kysely<Database>({ dialect: new SerializedPGliteDialect({ pglite }) });
    return {
      kysely,
      kind: 'pglite',
      close: async () => {
        await kysely.destroy();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
