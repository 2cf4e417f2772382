/**
 * A real HTTP server for the client, quickstart, console and feed tests: the whole app on a
 * free port of 127.0.0.1 over a fresh database (in-memory PGlite, or a new database on the
 * server of DATABASE_URL), with the background workers running.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll } from 'vitest';
import type { Config } from '../../src/config.js';
import { testConfig } from '../support/test-config.js';
import { buildApp, createWorkers, type BuildOptions } from '../../src/app.js';
import type { App } from '../../src/http/server.js';
import type { Db } from '../../src/db/connect.js';
import { createPlatform } from '../../src/tenancy/platforms.repository.js';
import { freshDatabase } from '../support/database.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningServer {
  app: App;
  db: Db;
  config: Config;
  baseUrl: string;
  /** The test key of a fresh platform. */
  testKey: string;
}

export async function buildTestApp(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<{ app: App; db: Db; config: Config }> {
  const { db, drop } = await freshDatabase();
  const { config, removeExportsDir } = testConfig({ workerPollMs: 100, webhookRetryScheduleSeconds: [0, 1, 1], webhookTimeoutMs: 2000, ...overrides });
  const app = await buildApp(db, config, false, options);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await drop();
    removeExportsDir();
  });
  return { app, db, config };
}

/** `options.clock`: the time of the app and its workers (the browser tests pin it, for pictures that do not change by the day). */
export async function startServer(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<RunningServer> {
  const { app, db, config } = await buildTestApp(overrides, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const platform = await createPlatform(db.kysely, 'Integration platform');
  const workers = createWorkers(db, config, pino({ level: 'silent' }), options);
  for (const w of workers) w.start();
  // Registered after buildTestApp's afterAll, so it runs first: workers stop before the database closes.
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });
  const { port } = app.server.address() as AddressInfo;
  return { app, db, config, baseUrl: `http://127.0.0.1:${port}`, testKey: platform.testKey };
}

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Runs `npm run <script>` unless `output` is newer than every source it is made from. */
function buildIfStale(script: string, output: string, sources: string[]): void {
  const target = join(ROOT, output);
  const latest = Math.max(...sources.map((s) => (statSync(join(ROOT, s)).isDirectory() ? newest(join(ROOT, s)) : statSync(join(ROOT, s)).mtimeMs)));
  if (existsSync(target) && statSync(target).mtimeMs >= latest) return;
  execFileSync('npm', ['run', script], { cwd: ROOT, stdio: 'pipe' });
}

/** packages/client/dist, as `npm install` builds it (the quickstart imports the package). */
export function ensureClientBuilt(): void {
  buildIfStale('build:client', 'packages/client/dist/index.js', ['packages/client/src']);
}

/** console/dist, as `npm install` builds it. */
export function ensureConsoleBuilt(): void {
  buildIfStale('build:console', 'console/dist/index.html', ['console/src', 'console/index.html', 'packages/client/src']);
}

/** One request as a proxy saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export type ProxyAnswer =
  /** Answer this status (and headers) without forwarding. */
  | { status: number; headers?: Record<string, string>; body?: string }
  /** Forward to the server, but answer the client this status instead (a lost response). */
  | { forwardThenFail: number };

/**
 * A proxy in front of the real server that can answer the next requests with scripted
 * failures (429 with Retry-After, 503, a response lost after the server did the work), so
 * that the client's retries are tested against the real API behind it.
 */
export class FailingProxy {
  readonly seen: SeenRequest[] = [];
  private script: ProxyAnswer[] = [];
  private server: http.Server;
  url = '';

  private constructor(private readonly target: string) {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  static async start(target: string): Promise<FailingProxy> {
    const proxy = new FailingProxy(target);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.url = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
    afterAll(() => new Promise<void>((resolve) => proxy.server.close(() => resolve())));
    return proxy;
  }

  /** The next requests get these answers, in order; then requests pass through. */
  fail(...answers: ProxyAnswer[]) {
    this.script.push(...answers);
    return this;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    this.seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    const answer = this.script.shift();
    if (answer && 'status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.headers ?? {}) });
      res.end(answer.body ?? JSON.stringify({ error: { type: 'api_error', code: 'internal_error', message: 'scripted failure', param: null, request_id: 'req_proxy' } }));
      return;
    }
    const headers = { ...req.headers };
    delete headers.host;
    delete headers['content-length'];
    const upstream = await fetch(this.target + (req.url ?? '/'), {
      method: req.method,
      headers: headers as Record<string, string>,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    if (answer && 'forwardThenFail' in answer) {
      res.writeHead(answer.forwardThenFail, { 'content-type': 'application/json' }).end('{"error":{"type":"api_error","code":"internal_error","message":"lost","param":null,"request_id":"req_proxy"}}');
      return;
    }
    const out: Record<string, string> = {};
    upstream.headers.forEach((value, key) => {
      if (key !== 'content-length' && key !== 'transfer-encoding' && key !== 'connection') out[key] = value;
    });
    res.writeHead(upstream.status, out).end(body);
  }
}
