/**
 * Server processes for the benchmarks, started as users start them: `node bin/scheduling.js
 * serve` (what `npm start` runs), the compiled code in dist/, on a free port, with its logs
 * at the default level written to a pipe we drain.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect, type Db } from '../src/db/connect.js';
import { freshDatabase } from '../test/support/database.js';
import { TEST_SECRETS_KEY } from '../test/support/secrets-key.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin/scheduling.js');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Spawn to the first `GET /healthz` that answers 200, in ms. */
  readyMs: number;
  /** CPU the process used to get there (Linux; null elsewhere). */
  readyCpuMs: number | null;
  /** Everything the process printed (the first run prints its test key). */
  output(): string;
  /** Resident memory now, in MB (Linux; null elsewhere). */
  rssMb(): number | null;
  /** On a PGlite folder, the ms the server has spent inside its engine so far (its `/metrics`); null on a server's database. */
  engineBusyMs(): Promise<number | null>;
  stop(): Promise<void>;
}

/** The token of the benchmarks' servers' `/metrics` (METRICS_TOKEN). */
const METRICS_TOKEN = 'bench-metrics-token';
const ENGINE_BUSY_LINE = /^scheduling_db_engine_busy_seconds_total ([0-9.e+-]+)$/m;

/** A free port in 20000–31999 (below the ephemeral range), never the default 4000. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

function procStat(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU of a process in ms (clock ticks of 10 ms). */
export function cpuMs(pid: number): number | null {
  const f = procStat(pid);
  return f ? (Number(f[11]) + Number(f[12])) * 10 : null;
}

/**
 * The CPU spent by a PostgreSQL server on one database, in ms, counted as it is spent: each
 * backend's growth between two calls (a backend's title names its database, "postgres: 15/main:
 * user db host(port) state"). Only on a server of this machine whose processes can be read;
 * null otherwise. A backend that ends between two calls loses its last interval.
 */
export function databaseCpuMeter(database: string): () => number | null {
  const seen = new Map<number, number>();
  return () => {
    let pids: string[];
    try {
      pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return null;
    }
    let spent = 0;
    let found = false;
    for (const name of pids) {
      let title: string;
      try {
        title = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!title.startsWith('postgres:') || !title.split(' ').includes(database)) continue;
      const pid = Number(name);
      const now = cpuMs(pid);
      if (now === null) continue;
      found = true;
      spent += now - (seen.get(pid) ?? now);
      seen.set(pid, now);
    }
    return found ? spent : null;
  };
}

function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Starts `serve` with `env` (DATA_DIR or DATABASE_URL) and waits until it answers /healthz. */
export async function startServe(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // The limiter still runs on every request; its limits are set out of a benchmark's reach.
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    RATE_LIMIT_LIVE: '1000000000',
    RATE_LIMIT_TEST: '1000000000',
    METRICS_TOKEN,
    // A server on PostgreSQL refuses to start without a key for its secrets at rest
    // (docs/configuration.md#secrets-key); a PGlite folder makes its own on first run.
    ...(env.DATABASE_URL && !process.env.SECRETS_KEY ? { SECRETS_KEY: TEST_SECRETS_KEY } : {}),
    ...env,
  };
  for (const k of ['LOG_LEVEL', 'VITEST', 'REDIS_URL', 'BOOTSTRAP_API_KEY']) delete childEnv[k];
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  // Logs are read and dropped (the first lines are kept for the key a first run prints).
  let out = '';
  const keep = (d: Buffer) => {
    if (out.length < 64_000) out += d.toString();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`serve exited before it was ready:\n${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    url,
    readyMs,
    readyCpuMs: cpuMs(child.pid!),
    output: () => out,
    rssMb: () => rssMb(child.pid!),
    engineBusyMs: async () => {
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      const seconds = ENGINE_BUSY_LINE.exec(await res.text())?.[1];
      return seconds === undefined ? null : Number(seconds) * 1000;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export type Engine = 'PGlite (file)' | 'PostgreSQL' | 'Citus';

/** The names `--engine` takes, one per engine. */
export const ENGINE_NAMES: Record<string, Engine> = { pglite: 'PGlite (file)', postgres: 'PostgreSQL', citus: 'Citus' };

/**
 * The engines a run measures: a file-backed PGlite folder, PostgreSQL when DATABASE_URL is set,
 * and a Citus cluster when CITUS_DATABASE_URL names its coordinator (docs/scaling.md); of those,
 * only the ones named by `--engine` when it is given (an hour-long soak per engine, say).
 */
export const enginesToRun = (only: Engine[] = []): Engine[] =>
  [
    'PGlite (file)' as const,
    ...(process.env.DATABASE_URL ? (['PostgreSQL'] as const) : []),
    ...(process.env.CITUS_DATABASE_URL ? (['Citus'] as const) : []),
  ].filter((engine) => only.length === 0 || only.includes(engine));

/** Where a server's data lives for one run: a new PGlite folder, or a new database on the server. */
export interface DataPlace {
  /** What `startServe` needs to use it (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /**
   * The same data opened in this process (on PGlite, only while no server holds the folder);
   * by `open` when given (the compiled service's `connect`: bench/compiled.ts).
   */
  openDb(open?: typeof connect): Promise<Db>;
  /**
   * The same data opened in this process to run beside a server: on a server, the same
   * database; on a PGlite folder, which one process opens at a time, a copy of the folder as it
   * is now, so call it while no server holds the folder (removed with the folder).
   */
  openBeside(open?: typeof connect): Promise<Db>;
  /** Removes the folder or drops the database. */
  cleanup(): Promise<void>;
  /** The database's name on a PostgreSQL server (none for a PGlite folder, which runs inside the server's process). */
  databaseName?: string;
}

/**
 * A data place's cleanup: `remove`, unless BENCH_KEEP_DATA=1 keeps it to look into what a run
 * left (docs/performance.md, "Measuring"), in which case `what` is printed.
 */
function keptOrRemoved(what: string, remove: () => Promise<void>): () => Promise<void> {
  return async () => {
    if (process.env.BENCH_KEEP_DATA === '1') console.log(`kept ${what}`);
    else await remove();
  };
}

export async function newDataPlace(engine: Engine): Promise<DataPlace> {
  if (engine !== 'PGlite (file)') {
    // On a Citus coordinator the scratch database is made on every node.
    const server = engine === 'Citus' ? process.env.CITUS_DATABASE_URL : process.env.DATABASE_URL;
    const scratch = await freshDatabase({ migrated: false, template: null, server });
    await scratch.db.close();
    const open = (by = connect) => by({ databaseUrl: scratch.url!, dataDir: null, poolSize: 10 });
    return {
      env: { DATABASE_URL: scratch.url! },
      openDb: open,
      openBeside: open,
      cleanup: keptOrRemoved(`the database: ${scratch.url}`, scratch.drop),
      databaseName: new URL(scratch.url!).pathname.slice(1),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sched-bench-'));
  const dataDir = path.join(dir, 'data');
  return {
    env: { DATA_DIR: dataDir },
    openDb: (by = connect) => by({ databaseUrl: null, dataDir }),
    openBeside: (by = connect) => {
      const copy = path.join(dir, `beside-${fs.readdirSync(dir).length}`);
      fs.cpSync(dataDir, copy, { recursive: true });
      return by({ databaseUrl: null, dataDir: copy });
    },
    cleanup: keptOrRemoved(`the PGlite folder: ${dataDir}`, async () => fs.rmSync(dir, { recursive: true, force: true })),
  };
}

/** The test key a first run on empty data prints. */
export function testKeyOf(server: ServerProcess): string {
  const key = /\b(sk_test_[A-Za-z0-9]{16,})\b/.exec(server.output())?.[1];
  if (!key) throw new Error(`no test key printed on first run:\n${server.output()}`);
  return key;
}
