import { sql, Kysely, PGliteAdapter, PGliteDialect, PostgresDialect, type DialectAdapter, type Driver, type DatabaseConnection } from 'kysely';
import type pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite, types as pgliteTypes, type PGliteOptions } from '@electric-sql/pglite';
import { registerServerHandle } from './engine.js';
import { EngineClock, PGlitePreparedDriver } from './driver/pglite-driver.js';
import type { Database } from './schema.js';
import { lockDataDir } from './driver/pglite-lock.js';
import { PreviewableDriver } from './preview.js';
import { DelegatingDriver } from './driver/delegating-driver.js';
import { statementLogPlugins } from './driver/statement-log.js';
import { withStatementDiagnostics } from './driver/statement-times.js';
import { WriteWatch, WriteWatchDriver } from './driver/write-watch.js';
import { TableWrites } from './driver/table-writes.js';
import { CommittedWrites } from './driver/committed-writes.js';
import { WriteNoticeListener } from './driver/write-notices.js';
import { StatementNames } from './driver/pg-prepared.js';
import { sendStatements } from './driver/pg-round-trips.js';
import { roundTripQueryClass } from './driver/pg-round-trip-query.js';
import { TIMESTAMPTZ_OID, timestamptzParser } from './driver/timestamps.js';

export interface Db {
  kysely: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Connections busy and callers waiting, for the metrics (PGlite: its one connection). */
  poolStats(): { inUse: number; waiting: number };
  /** PGlite: the milliseconds this process has spent inside the embedded engine (src/db/driver/pglite-driver.ts, EngineClock); null on a server, whose engine runs elsewhere. */
  engineBusyMs: (() => number) | null;
  /**
   * Changes to the tables authentication reads (keys, platforms, accounts), for the cache of
   * key lookups (src/tenancy/key-cache.ts). On PGlite every change passes through this
   * process (its data folder belongs to it), so the cache is exact; on PostgreSQL this
   * process's own changes do, and other processes' once `listenForWrites` has started.
   */
  authWrites: WriteWatch;
  /**
   * PostgreSQL: starts (once; stopped by `close`) the connection that hears of other processes'
   * changes to those tables, and of the tables their transactions wrote, which wake this
   * process's workers (src/db/driver/write-notices.ts). Null on PGlite, which needs none.
   */
  listenForWrites: (() => Promise<void>) | null;
  /** The tables this process wrote since the planner statistics last looked (src/db/driver/table-writes.ts). */
  tableWrites: TableWrites | null;
  /** The tables of every write this process commits, which wake the workers (src/db/driver/committed-writes.ts). */
  committedWrites: CommittedWrites;
}

/** The longest a statement may run on PostgreSQL unless told otherwise (`DATABASE_STATEMENT_TIMEOUT_MS`; PGlite cannot enforce one: docs/limits.md). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** How long a PostgreSQL connection may stay idle in the pool before it is closed. */
const POOL_IDLE_MS = 60_000;

/** Whether the database answers (readiness). */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite's shared buffers when `PGLITE_SHARED_BUFFERS` is not set: PostgreSQL's default on a
 * data folder, where every page the traffic touches beyond the pool is a read through Node's
 * file system on the one thread that serves every request. An hour's soak with 16MB spent a
 * fifth of the core in `read` by minute 42 and fell behind at 76 requests a second; with 128MB
 * it held 118 a second for 40 minutes (docs/performance.md, "Soak"). The pool costs its size
 * in memory from the start (zeroed at open: about 120MB more at ready) and, measured with
 * PGlite 0.5, under a tenth of a second more of CPU at open. An in-memory database (the tests)
 * reads its pages from memory, so a small pool there costs nothing.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = { dataFolder: '128MB', inMemory: '16MB' } as const;
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
  /** Whether the connection is held, and how many callers wait for it (the metrics read it). */
  readonly stats = { held: 0, waiting: 0 };
  override async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    this.stats.waiting++;
    try {
      await previous;
    } finally {
      this.stats.waiting--;
    }
    this.stats.held = 1;
    this.#release = release;
    return this.inner.acquireConnection();
  }
  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    this.stats.held = 0;
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

/** The tables authentication reads (src/tenancy/key-cache.ts): a change to one empties its cache. */
const AUTH_TABLES = ['api_keys', 'platforms', 'accounts'];
/** The channel on which a change to them is announced to every process (PostgreSQL). */
export const AUTH_WRITES_CHANNEL = 'scheduling_auth_writes';
/** The channel on which the tables a transaction wrote are announced, for the workers (PostgreSQL). */
export const WORK_WRITES_CHANNEL = 'scheduling_work_writes';

class SerializedPGliteDialect extends PGliteDialect {
  constructor(readonly pglite: PGlite) {
    super({ pglite });
  }
  override createAdapter(): DialectAdapter {
    return new SerializedPGliteAdapter();
  }
  readonly serialized: SerializedDriver[] = [];
  readonly authWrites = new WriteWatch(AUTH_TABLES);
  readonly tableWrites = new TableWrites();
  readonly committedWrites = new CommittedWrites();
  readonly engineClock = new EngineClock();
  override createDriver(): Driver {
    const driver = new SerializedDriver(withStatementDiagnostics(new PGlitePreparedDriver(this.pglite, this.engineClock)));
    this.serialized.push(driver);
    return new PreviewableDriver(new WriteWatchDriver(driver, this.authWrites, this.tableWrites, undefined, this.committedWrites));
  }
}

class PreviewablePostgresDialect extends PostgresDialect {
  readonly authWrites = new WriteWatch(AUTH_TABLES);
  readonly tableWrites = new TableWrites();
  readonly committedWrites = new CommittedWrites();
  override createDriver(): Driver {
    // Every change to the auth tables is announced on AUTH_WRITES_CHANNEL in its transaction.
    return new PreviewableDriver(
      new WriteWatchDriver(
        withStatementDiagnostics(super.createDriver()),
        this.authWrites,
        this.tableWrites,
        { auth: AUTH_WRITES_CHANNEL, work: WORK_WRITES_CHANNEL },
        this.committedWrites,
      ),
    );
  }
}

export interface ConnectOptions {
  databaseUrl: string | null;
  /** A folder for PGlite, or null for an in-memory database (tests). */
  dataDir: string | null;
  poolSize?: number;
  /**
   * PGlite only, for the tests: start from a dump of a data folder (`dumpDataDir`) instead of
   * creating an empty cluster, and reuse one compiled WebAssembly module for every database
   * of a test worker, so the engine's code, once optimised, stays optimised. Creating a
   * cluster costs seconds; loading a dump a fraction of that (docs/performance.md).
   */
  pglite?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule'>;
  /** PGlite's shared buffers, in PostgreSQL's units (`PGLITE_SHARED_BUFFERS`); null or absent: DEFAULT_PGLITE_SHARED_BUFFERS. */
  pgliteSharedBuffers?: string | null;
  /** PostgreSQL only (`DATABASE_PREPARED_STATEMENTS`): send repeated texts as named statements (src/db/driver/pg-prepared.ts); default true. */
  preparedStatements?: boolean;
  /**
   * PostgreSQL only (`DATABASE_STATEMENT_TIMEOUT_MS`): the longest a statement may run; default
   * DEFAULT_STATEMENT_TIMEOUT_MS. 0: none is sent, and the server's setting applies.
   */
  statementTimeoutMs?: number;
}

/** The database a configuration names: its PostgreSQL server, or else its PGlite folder with its pool. */
export function connectOptionsOf(
  config: { databaseUrl: string | null; dataDir: string; pgliteSharedBuffers: string | null; databasePreparedStatements: boolean; databaseStatementTimeoutMs: number },
): ConnectOptions {
  return {
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    preparedStatements: config.databasePreparedStatements,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  };
}

/**
 * A first start on an empty data folder would run PGlite's initdb: seconds of CPU. The build
 * (scripts/build.mjs) leaves a dump of a new, empty cluster at dist/pglite-initdb.tar, made by
 * the installed PGlite version; loading it is several times faster and gives the same cluster
 * (the migrations then run as on any start). Absent (running from src/) or made by another
 * PGlite version: undefined, and PGlite runs initdb as usual.
 */
function emptyClusterDump(dataDir: string): Blob | undefined {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  try {
    const made = JSON.parse(fs.readFileSync(new URL('../pglite-initdb.json', import.meta.url), 'utf8')) as { pglite?: string };
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const installed = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
    if (made.pglite !== installed.version) return undefined;
    return new Blob([fs.readFileSync(new URL('../pglite-initdb.tar', import.meta.url))]);
  } catch {
    return undefined;
  }
}

export async function connect(options: ConnectOptions): Promise<Db> {
  if (options.databaseUrl) {
    // Imported here: a process on PGlite never loads the PostgreSQL client (start-up time).
    const { default: pg } = await import('pg');
    const pgTimestamptz = timestamptzParser(pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text'));
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // An unreachable server must fail a request (and /readyz) rather than hang it.
      connectionTimeoutMillis: 10_000,
      // A connection idle this long is closed. pg's default, 10 s, closed and reopened
      // connections between a load's bursts (seen in a soak: backends a few seconds old),
      // and a new one starts with cold caches and none of the statements it had prepared.
      idleTimeoutMillis: POOL_IDLE_MS,
      // Work budgets bound every request's cost (docs/limits.md); this bounds what they do
      // not (a write's re-check of a busy pool) and anything pathological: no statement
      // holds locks for longer. It is a parameter of each connection's start, which PgBouncer
      // refuses: with 0 none is sent, and the role's or database's own setting applies
      // (docs/scaling.md).
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
      types: {
        getTypeParser: ((oid: number, format: unknown) => {
          if (oid === DATE_OID) return (v: string) => v;
          if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
          if (oid === TIMESTAMPTZ_OID) return pgTimestamptz;
          return pg.types.getTypeParser(oid, format as 'text');
        }) as pg.CustomTypesConfig['getTypeParser'],
      },
    });
    // An idle client losing its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor may a checked-out one (a transaction between two statements, a worker's claim): the
    // pool listens only while a client is idle. The statement in flight fails on its own, and
    // the broken client is discarded when it is released.
    const names = options.preparedStatements === false ? null : new StatementNames();
    const RoundTripQuery = roundTripQueryClass(pg);
    pool.on('connect', (client) => {
      client.on('error', () => {});
      // Each connection sends BEGIN and the writes that wait for COMMIT with the statement after
      // them, and the process's repeated texts as named statements, unless turned off for a
      // pooler that cannot keep them (docs/configuration.md).
      sendStatements(client, names, RoundTripQuery);
    });
    const dialect = new PreviewablePostgresDialect({ pool });
    const kysely = new Kysely<Database>({ dialect, plugins: statementLogPlugins() });
    registerServerHandle(kysely);
    let listener: WriteNoticeListener | null = null;
    const databaseUrl = options.databaseUrl;
    return {
      kysely,
      kind: 'postgres',
      authWrites: dialect.authWrites,
      listenForWrites: () => {
        const { authWrites, committedWrites } = dialect;
        listener ??= new WriteNoticeListener(pg.Client, databaseUrl, {
          [AUTH_WRITES_CHANNEL]: { notice: () => authWrites.changed(), missed: () => authWrites.changed() },
          [WORK_WRITES_CHANNEL]: { notice: (tables) => committedWrites.committed(tables.split(',')), missed: () => committedWrites.everything() },
        });
        return listener.started;
      },
      tableWrites: dialect.tableWrites,
      committedWrites: dialect.committedWrites,
      close: async () => {
        await listener?.stop();
        await kysely.destroy();
      },
      poolStats: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      engineBusyMs: null,
    };
  }
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    // One options object: PGlite ignores the second argument when the first is not a
    // string, so `new PGlite(undefined, {parsers})` (in-memory) silently lost the parsers.
    const pglite = new PGlite({
      dataDir: options.dataDir ?? undefined,
      loadDataDir: options.pglite?.loadDataDir ?? (options.dataDir ? emptyClusterDump(options.dataDir) : undefined),
      pgliteWasmModule: options.pglite?.pgliteWasmModule,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS[options.dataDir ? 'dataFolder' : 'inMemory']}`],
      parsers: { [DATE_OID]: (v: string) => v, [TIMESTAMPTZ_OID]: timestamptzParser(pgliteTypes.parsers[TIMESTAMPTZ_OID]) },
    });
    await pglite.waitReady;
    const dialect = new SerializedPGliteDialect(pglite);
    const kysely = new Kysely<Database>({ dialect, plugins: statementLogPlugins() });
    return {
      kysely,
      kind: 'pglite',
      authWrites: dialect.authWrites,
      listenForWrites: null,
      tableWrites: dialect.tableWrites,
      committedWrites: dialect.committedWrites,
      poolStats: () => {
        const stats = dialect.serialized[0]?.stats ?? { held: 0, waiting: 0 };
        return { inUse: stats.held, waiting: stats.waiting };
      },
      engineBusyMs: () => dialect.engineClock.busyMs,
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
