/**
 * Real processes for the tests of start-up, shutdown, the PGlite lock and the command-line
 * tool: `node bin/scheduling.js …` exactly as operators run it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServerDatabase, dropServerDatabase } from '../support/server-databases.js';
import { afterAll, inject } from 'vitest';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A run of the suite on a database server (DATABASE_URL: the PostgreSQL and Citus runs of
 * `.ci/run`). The tests of the embedded database's own processes (its data folder, its lock,
 * its first run, the command-line tool on a folder) and of start-up checks that name no
 * database run in the PGlite run only: on a server run they would test the same thing again,
 * about five minutes of processes started on a loaded machine (docs/development.md, "Tests").
 */
export const SERVER_RUN = Boolean(process.env.DATABASE_URL);
const BIN = path.join(ROOT, 'bin/scheduling.js');

/** The environment of a child: ours without the variables that would steer it elsewhere. */
function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'EXPORTS_DIR', 'PORT', 'HOST', 'BOOTSTRAP_API_KEY', 'LOG_LEVEL', 'NODE_ENV', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'REDIS_URL', 'METRICS_TOKEN', 'RATE_LIMIT_LIVE', 'RATE_LIMIT_TEST', 'SECRETS_KEY', 'SECRETS_KEY_PREVIOUS']) delete env[k];
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cli ${args.join(' ')} timed out\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * A free port for a server process, below the kernel's ephemeral range (32768 and up): a
 * port picked from that range can be taken, between this check and the process binding it,
 * by a receiver another test opens on port 0 — which would then answer /healthz for it.
 */
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

const madeDirs: string[] = [];

export function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sched-${label}-`));
  madeDirs.push(dir);
  return dir;
}

/** Removes the folders this test file made (PGlite folders are tens of MB each). */
export function removeTempDirs(): void {
  for (const dir of madeDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  template = null;
}

export interface Server {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * Without a data folder a server's exports would go to ./.data/exports, shared with every other
 * server of the run (and a developer's own), whose folders the export worker's sweep removes.
 */
function ownExportsDir(env: Record<string, string | undefined>): string | undefined {
  return env.DATA_DIR || env.EXPORTS_DIR ? undefined : tempDir('exports');
}

/** Starts `serve` (or `opts.args`: `worker`, `serve --no-workers`); resolves once /healthz answers, rejects if the process ends first. */
export async function startServer(env: Record<string, string | undefined>, opts: { waitHealthy?: boolean; args?: string[] } = {}): Promise<Server> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [BIN, ...(opts.args ?? ['serve'])], {
    cwd: ROOT,
    // Rate limits high enough never to throttle a test, except where a test sets its own.
    env: childEnv({ HOST: '127.0.0.1', NODE_ENV: 'development', RATE_LIMIT_LIVE: '1000000', RATE_LIMIT_TEST: '1000000', EXPORTS_DIR: ownExportsDir(env), ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const server: Server = { child, port, url: `http://127.0.0.1:${port}`, output: () => out, exited, kill: (s) => child.kill(s) };
  if (opts.waitHealthy === false) return server;
  let done = false;
  exited.then(() => (done = true));
  for (let i = 0; i < 600; i++) {
    if (done) throw new Error(`server exited before serving:\n${out}`);
    try {
      const res = await fetch(`${server.url}/healthz`);
      if (res.ok) return server;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${out}`);
}

/** Waits for the exit, failing after `ms`. */
export async function exitWithin(server: Server, ms: number): Promise<number | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`process still running after ${ms} ms:\n${server.output()}`)), ms);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function api(server: Server, key: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Milliseconds until `server` answers `status` to `request`, polling every 10 ms; fails after 5 s. */
export async function msUntil(server: Server, status: number, request: () => ReturnType<typeof api>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await request()).status === status) return Date.now() - started;
    if (Date.now() - started > 5_000) throw new Error(`${server.url} still does not answer ${status}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const randomKey = (mode: 'test' | 'live' = 'test') => `sk_${mode}_${randomBytes(16).toString('hex')}`;

/**
 * A PGlite data folder with the migrations applied, copied for each test from the run's
 * template (test/support/global-setup.ts): creating a PGlite cluster takes seconds, copying
 * one a fraction of that. When the run's template is a PostgreSQL database (DATABASE_URL),
 * this file migrates a folder of its own once, with the command-line tool.
 */
let template: Promise<string> | null = null;
export async function pgliteDataDir(label: string): Promise<string> {
  template ??= (async () => {
    const run = inject('databaseTemplate');
    if (run?.kind === 'pglite') return run.dataDir;
    const dir = path.join(tempDir('template'), 'data');
    const res = await cli(['migrate'], { DATA_DIR: dir }, 120_000);
    if (res.code !== 0) throw new Error(`template migrate failed: ${res.stderr}`);
    return dir;
  })();
  const dir = path.join(tempDir(label), 'data');
  fs.cpSync(await template, dir, { recursive: true });
  return dir;
}

/** An empty database on the PostgreSQL server (on every node of a Citus cluster) of DATABASE_URL; `drop` removes it. */
export async function freshPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL!;
  const name = `sched_proc_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const url = await createServerDatabase(base, name);
  return { url, drop: () => dropServerDatabase(base, name) };
}

/** Kills a server that a failed test left running. */
export function reap(servers: Server[]): void {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
}

/**
 * Servers started by one test file, reaped (and their temp folders removed) after it.
 * Call at the top level of the file; returns the function that starts one.
 */
export function serversOfThisFile(): (env: Record<string, string | undefined>, opts?: { waitHealthy?: boolean; args?: string[] }) => Promise<Server> {
  const servers: Server[] = [];
  afterAll(async () => {
    reap(servers);
    await Promise.all(servers.map((s) => s.exited));
    removeTempDirs();
  });
  return async (env, opts) => {
    const s = await startServer(env, opts);
    servers.push(s);
    return s;
  };
}
