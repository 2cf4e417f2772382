import pino, { type Logger } from 'pino';
import { loadConfig, type Config } from './config.js';
import { connect, type Db } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { bootstrap } from './tenancy/platforms.repository.js';
import { buildApp, createWorkers } from './app.js';
import { Metrics } from './metrics/registry.js';
import { startHealthServer } from './workers/health-server.js';
import { watchDatabase } from './metrics/probes.js';
import { systemClock } from './lib/clock.js';
import { shutDown, type ShutdownParts } from './shutdown.js';

/*
 * Process entries, one per role (docs/scaling.md): `serve` runs the HTTP API and, unless told
 * not to, the background workers; `work` runs the workers only, with a health endpoint.
 * Each: config → database → migrate → serve → bounded graceful stop on SIGTERM.
 */

async function open(config: Config): Promise<{ logger: Logger; db: Db }> {
  const logger = pino({ level: config.logLevel, base: { service: 'scheduling' } });
  const db = await connect({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  const applied = await migrate(db.kysely);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  return { logger, db };
}

/** SIGTERM and SIGINT run the bounded stop once, then exit with its code. */
function stopOnSignals(logger: Logger, parts: Omit<ShutdownParts, 'logger'>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, timeoutMs: parts.timeoutMs }, 'shutting down: finishing requests in flight');
    shutDown({ ...parts, logger }).then(
      (code) => process.exit(code),
      (err) => {
        logger.error({ err }, 'shutting down failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** `scheduling serve [--no-workers]`: the HTTP API, and the workers unless `workers` is false. */
export async function serve(config: Config = loadConfig(), options: { workers?: boolean } = {}): Promise<void> {
  const { logger, db } = await open(config);
  const boot = await bootstrap(db.kysely, config.bootstrapApiKey);
  if (boot.warning) logger.warn(boot.warning);
  if (boot.created && boot.printableKey) {
    process.stdout.write(
      `\nFirst run: created a platform. Its test key (shown once, keep it):\n\n  ${boot.printableKey}\n\n` +
        `Try: curl -H "Authorization: Bearer ${boot.printableKey}" http://${config.host}:${config.port}/v1/accounts\n\n`,
    );
  }
  // One registry for the process: the app's /metrics shows what its workers did too.
  const metrics = new Metrics();
  const app = await buildApp(db, config, logger, { metrics });
  await app.listen({ port: config.port, host: config.host });
  // Validators compile lazily (fast start); the rest compile now, while the process is idle.
  void app.compilePendingValidators().catch((err) => logger.error({ err }, 'compiling request validators failed'));
  const runWorkers = options.workers ?? config.runWorkers;
  const workers = runWorkers ? createWorkers(db, config, logger, { metrics }) : [];
  for (const w of workers) w.start();
  logger.info({ database: db.kind, workers: runWorkers, docs: `http://${config.host}:${config.port}/docs` }, 'scheduling service ready');
  stopOnSignals(logger, {
    timeoutMs: config.shutdownTimeoutMs,
    stopServing: () => app.close(),
    cutRequests: () => app.server.closeAllConnections(),
    workers,
    closeDatabase: () => db.close(),
  });
}

/** `scheduling worker`: the background workers only, and GET /healthz, /readyz on PORT. */
export async function work(config: Config = loadConfig()): Promise<void> {
  const { logger, db } = await open(config);
  const metrics = new Metrics();
  watchDatabase(metrics, db, systemClock);
  metrics.listenToDomain(); // for the life of the process
  const health = await startHealthServer(db, { host: config.host, port: config.port, metrics, metricsToken: config.metricsToken });
  const workers = createWorkers(db, config, logger, { metrics });
  for (const w of workers) w.start();
  logger.info({ database: db.kind, workers: workers.map((w) => w.name), health: `http://${config.host}:${health.port}/healthz` }, 'scheduling worker ready');
  stopOnSignals(logger, {
    timeoutMs: config.shutdownTimeoutMs,
    stopServing: () => health.close(),
    cutRequests: () => health.closeAllConnections(),
    workers,
    closeDatabase: () => db.close(),
  });
}
