import { afterAll, expect } from 'vitest';
import pino from 'pino';
import type { LightMyRequestResponse } from 'fastify';
import type { Config } from '../../src/config.js';
import type { Db } from '../../src/db/connect.js';
import { buildApp, createWorkers } from '../../src/app.js';
import { TestClock } from '../../src/lib/clock.js';
import type { ResolveHost } from '../../src/lib/resolve-host.js';
import { Metrics } from '../../src/metrics/registry.js';
import type { Worker } from '../../src/workers/poller.js';
import type { App } from '../../src/http/server.js';
import { createPlatform } from '../../src/tenancy/platforms.repository.js';
import { createApiKey } from '../../src/tenancy/api-keys.repository.js';
import { freshDatabase } from './database.js';
import { testConfig } from './test-config.js';
import type { SecretsBox } from '../../src/lib/secrets-box.js';
import { secretsBoxOf } from '../../src/secrets/key-source.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

export interface RequestOptions {
  account?: string | null;
  key?: string;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  version?: string;
}

/** A client that goes through the whole HTTP pipeline (routing, hooks, validation, errors). */
export class Client {
  constructor(
    readonly app: App,
    readonly key: string,
    readonly account: string | null = null,
  ) {}

  withAccount(account: string | null): Client {
    return new Client(this.app, this.key, account);
  }

  withKey(key: string): Client {
    return new Client(this.app, key, this.account);
  }

  async request<T = any>(method: string, url: string, body?: unknown, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const key = opts.key ?? this.key;
    if (key) headers.authorization = `Bearer ${key}`;
    const account = opts.account === undefined ? this.account : opts.account;
    if (account) headers['service-account'] = account;
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    if (opts.version) headers['service-version'] = opts.version;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res: LightMyRequestResponse = await this.app.inject({ method: method as 'GET', url, headers, payload });
    let parsed: unknown = res.body;
    try {
      parsed = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      /* not JSON (docs page) */
    }
    return { status: res.statusCode, body: parsed as T, headers: res.headers as ApiResponse['headers'] };
  }

  get<T = any>(url: string, query?: Record<string, string | number | boolean>, opts?: RequestOptions) {
    const qs = query ? '?' + new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString() : '';
    return this.request<T>('GET', url + qs, undefined, opts);
  }

  post<T = any>(url: string, body: unknown = {}, opts?: RequestOptions) {
    return this.request<T>('POST', url, body, opts);
  }

  del<T = any>(url: string, opts?: RequestOptions) {
    return this.request<T>('DELETE', url, undefined, opts);
  }
}

export interface TestContext {
  db: Db;
  app: App;
  config: Config;
  /** The app's box of SECRETS_KEY (webhook secrets, calendar feed URLs at rest). */
  secrets: SecretsBox;
  platformId: string;
  testKey: string;
  liveKey: string;
  /** A client with the test key and no account. */
  api: Client;
  /** Creates an account (test mode) and returns a client acting for it. */
  newAccount(input?: { name?: string; timezone?: string }): Promise<Client & { accountId: string }>;
  /** Another platform with its own keys. */
  newPlatform(): Promise<{ platformId: string; testKey: string; liveKey: string; api: Client }>;
  restrictedKey(opts: { permissions: Record<string, 'none' | 'read' | 'write'>; account?: string | null; livemode?: boolean }): Promise<string>;
  /** The app's business time: follows real time until moved (`advance`, `set`). */
  clock: TestClock;
  /** Runs one pass of a background worker now ('booking-expiry', 'webhooks.delivery', 'webhooks.retention'). */
  runWorker(name: string): Promise<boolean>;
  /** Starts the background workers (all, or those named); they are stopped after the file. */
  startWorkers(names?: string[]): Worker[];
}

const silent = pino({ level: 'silent' });

/**
 * One fresh database and app per test file. Call at the top level of a test file:
 * `const t = await setupTestApp();` — everything is torn down after the file.
 */
export async function setupTestApp(configOverrides: Partial<Config> = {}, options: { resolveHost?: ResolveHost } = {}): Promise<TestContext> {
  const { db, drop } = await freshDatabase();
  const { config, removeExportsDir } = testConfig(configOverrides);
  const clock = new TestClock();
  const metrics = new Metrics();
  const app = await buildApp(db, config, false, { clock, metrics, resolveHost: options.resolveHost });
  await app.ready();
  const platform = await createPlatform(db.kysely, 'Test platform');
  // Built once, with the test clock; started only by startWorkers. runWorker drives them.
  const workers = createWorkers(db, config, silent, { clock, metrics, resolveHost: options.resolveHost });
  const started = new Set<Worker>();
  afterAll(async () => {
    await Promise.all([...started].map((w) => w.stop()));
    await Promise.all(workers.map((w) => (started.has(w) ? undefined : w.stop())));
    await app.close();
    await drop();
    removeExportsDir();
  });
  const workerNamed = (name: string) => {
    const worker = workers.find((w) => w.name === name);
    if (!worker) throw new Error(`no worker '${name}'; known: ${workers.map((w) => w.name).join(', ')}`);
    return worker;
  };
  const api = new Client(app, platform.testKey);
  return {
    db,
    app,
    config,
    secrets: secretsBoxOf(config),
    platformId: platform.id,
    testKey: platform.testKey,
    liveKey: platform.liveKey,
    api,
    clock,
    runWorker: (name) => workerNamed(name).runOnce(),
    startWorkers(names) {
      const chosen = names ? names.map(workerNamed) : workers;
      for (const w of chosen) {
        if (started.has(w)) continue;
        started.add(w);
        w.start();
      }
      return chosen;
    },
    async newAccount(input = {}) {
      const res = await api.post('/v1/accounts', { name: input.name ?? 'Studio', timezone: input.timezone ?? 'UTC' });
      if (res.status !== 200) throw new Error(`account create failed: ${JSON.stringify(res.body)}`);
      const client = api.withAccount(res.body.id) as Client & { accountId: string };
      client.accountId = res.body.id;
      return client;
    },
    async newPlatform() {
      const p = await createPlatform(db.kysely, 'Other platform');
      return { platformId: p.id, testKey: p.testKey, liveKey: p.liveKey, api: new Client(app, p.testKey) };
    },
    async restrictedKey({ permissions, account = null, livemode = false }) {
      const key = await createApiKey(db.kysely, {
        platformId: platform.id,
        livemode,
        kind: 'restricted',
        permissions: permissions as never,
        accountId: account,
      });
      return key.secret;
    },
  };
}

/** Awaits an answer, asserts it is a 200 (the body in the message otherwise) and returns its body. */
export async function expectOk(res: Promise<{ status: number; body: any }>): Promise<any> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Asserts the docs/api-conventions.md#errors error shape and returns the error object. */
export function expectError(res: ApiResponse, status: number, code: string, param?: string | null) {
  const err = res.body?.error;
  if (res.status !== status || err?.code !== code || (param !== undefined && err?.param !== param)) {
    throw new Error(`expected ${status} ${code}${param !== undefined ? ` (param ${param})` : ''}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  if (typeof err.message !== 'string' || typeof err.type !== 'string' || !err.request_id) {
    throw new Error(`error body lacks the error shape of docs/api-conventions.md#errors: ${JSON.stringify(res.body)}`);
  }
  return err;
}
