import type { Logger } from 'pino';
import { ping, type Db } from './db/connect.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './lib/clock.js';
import { systemResolveHost, type ResolveHost } from './lib/resolve-host.js';
import { buildServer, type App } from './http/server.js';
import { LATEST_API_VERSION } from './lib/api-versions.js';
import { lazyDocsPage } from './http/docs-page.js';
import type { Worker } from './workers/poller.js';
import { plannerStatisticsWorkers } from './workers/planner-statistics.js';
import { checkpointWorkers } from './workers/checkpoints.js';
import type { Deps } from './features/module.js';
import { FEATURES } from './features/index.js';
import { Metrics } from './metrics/registry.js';
import { metricsRoute } from './http/metrics.js';
import { watchDatabase } from './metrics/probes.repository.js';
import { createRateLimiter } from './http/rate-limit/index.js';
import { RequestMeter } from './metering/index.js';
import { cachedKeyLookup, KEY_CACHE_MAX_AGE_MS } from './tenancy/key-cache.js';
import { secretsBoxOf } from './secrets/key-source.js';

/*
 * The composition root: the one place that wires the database, the config, the clock and the
 * host resolver into every feature module (src/features/index.ts lists them). No logic lives here.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's request counts for usage: tests flush it to read exact numbers. */
    requestMeter: RequestMeter;
  }
}

export interface BuildOptions {
  /** Business time; tests pass a TestClock. Default: real time. */
  clock?: Clock;
  /** The process's metrics, shared by its app and its workers (main.ts makes one). Default: a new registry. */
  metrics?: Metrics;
  /** How host names of outgoing URLs become addresses; tests pass their own. Default: the machine's resolver. */
  resolveHost?: ResolveHost;
}

const OPERATIONS_TAG = { name: 'Operations', description: 'Health, readiness and this document (no key needed).' };

export function buildDeps(db: Db, config: Config, options: BuildOptions = {}): Deps {
  return { db, config, clock: options.clock ?? systemClock, metrics: options.metrics ?? new Metrics(), resolveHost: options.resolveHost ?? systemResolveHost, secrets: secretsBoxOf(config) };
}

export async function buildApp(db: Db, config: Config, logger: Logger | false, options: BuildOptions = {}): Promise<App> {
  const deps = buildDeps(db, config, options);
  const tags = [OPERATIONS_TAG, ...FEATURES.flatMap((f) => f.tags)];
  const { metrics } = deps;
  const rateLimiter = await createRateLimiter(
    { live: config.rateLimitLive, test: config.rateLimitTest, redisUrl: config.redisUrl },
    metrics,
    logger || null,
  );
  const requestMeter = new RequestMeter(db.kysely, deps.clock, logger || null, { onFlushError: () => metrics.usageFlushFailures.inc() });
  // Key lookups are cached: exactly on PGlite; on PostgreSQL other processes' changes arrive as
  // notices, and an answer expires in case one is lost (docs/api-keys.md).
  await db.listenForWrites?.();
  const keyLookup = cachedKeyLookup(db.authWrites, db.listenForWrites ? { maxAgeMs: KEY_CACHE_MAX_AGE_MS } : {});
  const app = await buildServer({ db: db.kysely, logger, clock: deps.clock, tags, rateLimiter, requestMeter, metrics, keyLookup, trustProxy: config.trustProxy });
  app.decorate('requestMeter', requestMeter);
  watchDatabase(metrics, db, deps.clock);
  const stopListening = metrics.listenToDomain();
  requestMeter.start();
  // On close (graceful shutdown: after the last request in flight) the last request counts are written.
  app.addHook('onClose', async () => {
    stopListening();
    await requestMeter.stop();
    await rateLimiter.close();
  });
  const publicAccess = { config: { access: { public: true, account: 'none', permission: 'accounts' } as const } };

  const operations = { tags: [OPERATIONS_TAG.name], security: [] };
  app.get(
    '/healthz',
    { ...publicAccess, schema: { ...operations, summary: 'Liveness: the process serves HTTP (no key needed)' } },
    async () => ({ status: 'ok' }),
  );
  app.get('/readyz', {
    ...publicAccess,
    schema: { ...operations, summary: 'Readiness: the database answers (503 when it does not; no key needed)' },
  }, async (_req, reply) => {
    if (await ping(db)) return { status: 'ok', database: db.kind };
    return reply.code(503).send({ status: 'unavailable', database: db.kind });
  });
  app.get(
    '/v1/openapi.json',
    { ...publicAccess, schema: { ...operations, summary: 'This OpenAPI 3.1 document (no key needed); rendered at /docs' } },
    async () => app.swagger(),
  );

  lazyDocsPage(app, `Scheduling API ${LATEST_API_VERSION}`);

  metricsRoute(app, metrics, config.metricsToken);
  for (const feature of FEATURES) feature.routes(app, deps);
  return app;
}

/**
 * The background workers of every feature (webhook delivery, pending expiry, retention, …),
 * and on the embedded database the gathering of planner statistics and its checkpoints. Not
 * started.
 */
export function createWorkers(db: Db, config: Config, logger: Logger, options: BuildOptions = {}): Worker[] {
  const deps = buildDeps(db, config, options);
  // Other processes' writes wake these workers too (PostgreSQL; docs/configuration.md#workers).
  void db.listenForWrites?.();
  return [...FEATURES.flatMap((f) => f.workers?.(deps, logger) ?? []), ...plannerStatisticsWorkers(db, logger), ...checkpointWorkers(db, logger)];
}
