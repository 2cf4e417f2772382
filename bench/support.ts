/**
 * Shared pieces of the benchmarks: an app on a fresh database (in-memory PGlite, or a new
 * database on the PostgreSQL server named by DATABASE_URL), a client that goes through the
 * whole Fastify pipeline with app.inject, and a timer that reports milliseconds per call.
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/app.js';
import { createPlatform } from '../src/tenancy/platforms.repository.js';
import { freshDatabase } from '../test/support/database.js';
import { TEST_SECRETS_KEY } from '../test/support/secrets-key.js';
import type { Db } from '../src/db/connect.js';
import type { App } from '../src/http/server.js';

export interface BenchApp {
  app: App;
  db: Db;
  accountId: string;
  request(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function benchApp(timezone = 'UTC'): Promise<BenchApp> {
  const { db, drop } = await freshDatabase();
  // The bench measures the engine, not the rate limit: no limit a run could reach.
  const config = { ...loadConfig({ NODE_ENV: 'test', SECRETS_KEY: TEST_SECRETS_KEY }), runWorkers: false, rateLimitLive: 1_000_000_000, rateLimitTest: 1_000_000_000 };
  const app = await buildApp(db, config, false);
  await app.ready();
  const platform = await createPlatform(db.kysely, 'Bench platform');
  let accountId = '';
  const request = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => {
    const headers: Record<string, string> = { authorization: `Bearer ${platform.testKey}` };
    if (accountId) headers['service-account'] = accountId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  };
  const account = await request('POST', '/v1/accounts', { name: 'Bench', timezone });
  accountId = account.body.id;
  return {
    app,
    db,
    accountId,
    request,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Calls `fn` until it succeeds, throwing with the response otherwise. */
export async function ok(res: Promise<{ status: number; body: any }>) {
  const r = await res;
  if (r.status !== 200) throw new Error(`bench request failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export interface Timing {
  name: string;
  iterations: number;
  medianMs: number;
  p95Ms: number;
  meanMs: number;
  note?: string;
}

/** Runs `fn` `warmup` times untimed, then `iterations` times timed one after another. */
export async function measure(name: string, fn: () => Promise<unknown>, opts: { iterations?: number; warmup?: number; note?: string } = {}): Promise<Timing> {
  const iterations = opts.iterations ?? 20;
  for (let i = 0; i < (opts.warmup ?? 3); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return {
    name,
    iterations,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    meanMs: samples.reduce((a, b) => a + b, 0) / samples.length,
    note: opts.note,
  };
}

/** A Markdown table, ready to paste into docs/performance.md. */
export function table(rows: Timing[], baseline?: Timing): string {
  const f = (x: number) => x.toFixed(x < 10 ? 2 : 1);
  const lines = ['| Request | median ms | p95 ms | mean ms | × GET resource | notes |', '|---|---:|---:|---:|---:|---|'];
  for (const r of rows) {
    const ratio = baseline ? (r.medianMs / baseline.medianMs).toFixed(1) : '';
    lines.push(`| ${r.name} | ${f(r.medianMs)} | ${f(r.p95Ms)} | ${f(r.meanMs)} | ${ratio} | ${r.note ?? ''} |`);
  }
  return lines.join('\n');
}
