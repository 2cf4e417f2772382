import pino, { type Logger } from 'pino';
import { loadConfig, type Config } from './config.js';
import { connect, connectOptionsOf, type Db } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { bootstrap } from './tenancy/platforms.repository.js';
import { shutDown, type ShutdownParts } from './shutdown.js';
import { secretsBoxOf, withSecretsKey } from './secrets/key-source.js';
import { batchedStandardOutput, type LogLines } from './log-lines.js';

/*
 * Process entries, one per role (docs/scaling.md): `serve` runs the HTTP API and, unless told
 * not to, the background workers; `work` runs the workers only, with a health endpoint.
 * Each: config → database → migrate → serve → bounded graceful stop on SIGTERM.
 *
 * The database is opened first and the rest of the service (every feature, the HTTP
 * server, the metrics) is imported while it opens: PGlite compiles its WebAssembly on
 * background threads and reads its data folder, and module loading fills that wait
 * (docs/performance.md, "Start-up"). Only what opening the database needs is imported
 * statically here.
 */

/**
 * Opens the database with SECRETS_KEY settled (src/secrets/key-source.ts): a missing key in
 * production or with DATABASE_URL, or a key that cannot open what the database holds, stops
 * the start here. Returns the config with its key.
 */
async function open(given: Config): Promise<{ logger: Logger; logLines: LogLines; db: Db; config: Config }> {
  const logLines = batchedStandardOutput();
  const logger = pino({ level: given.logLevel, base: { service: 'scheduling' } }, logLines);
  const { config, keyFileCreated } = withSecretsKey(given);
  if (keyFileCreated) logger.warn({ keyFile: keyFileCreated }, 'first run: made the SECRETS_KEY of this data folder; back it up apart from the data folder (docs/configuration.md#secrets-key)');
  const db = await connect(connectOptionsOf(config));
  try {
    const applied = await migrate(db.kysely);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    await (await import('./secrets/stored.js')).assertStoredKeysKnown(db.kysely, secretsBoxOf(config));
  } catch (err) {
    await db.close();
    throw err;
  }
  return { logger, logLines, db, config };
}

/** Opens the database and imports `modules` at the same time; a failure of either stops both. */
async function openWhileLoading<M>(config: Config, modules: () => Promise<M>): Promise<{ logger: Logger; logLines: LogLines; db: Db; config: Config; loaded: M }> {
  const opening = open(config);
  const [opened, loaded] = await Promise.allSettled([opening, modules()]);
  if (loaded.status === 'rejected') {
    if (opened.status === 'fulfilled') await opened.value.db.close();
    throw loaded.reason;
  }
  if (opened.status === 'rejected') throw opened.reason;
  return { ...opened.value, loaded: loaded.value };
}

/** What `serve` needs besides the database, loaded while it opens. */
const serveModules = async () => {
  const [app, registry] = await Promise.all([import('./app.js'), import('./metrics/registry.js')]);
  return { buildApp: app.buildApp, createWorkers: app.createWorkers, Metrics: registry.Metrics };
};

/** What `work` needs besides the database. */
const workModules = async () => {
  const [app, registry, health, probes, clock] = await Promise.all([
    import('./app.js'),
    import('./metrics/registry.js'),
    import('./workers/health-server.js'),
    import('./metrics/probes.repository.js'),
    import('./lib/clock.js'),
  ]);
  return { createWorkers: app.createWorkers, Metrics: registry.Metrics, startHealthServer: health.startHealthServer, watchDatabase: probes.watchDatabase, systemClock: clock.systemClock };
};

/**
 * In `serve`, the workers start this long after the server listens. Their first passes touch
 * most tables, and on PGlite each statement runs on the thread that serves HTTP: started at
 * once, they held the first requests after a restart for about half a second (profiled;
 * docs/performance.md, "Start-up"). Nothing they do is due within a second of a start.
 */
export const WORKERS_START_DELAY_MS = 1000;

/** SIGTERM and SIGINT run the bounded stop once, then exit with its code. */
function stopOnSignals(logger: Logger, parts: Omit<ShutdownParts, 'logger'>, beforeStop: () => void = () => {}): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    beforeStop();
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
export async function serve(given: Config = loadConfig(), options: { workers?: boolean } = {}): Promise<void> {
  const { logger, logLines, db, config, loaded } = await openWhileLoading(given, serveModules);
  const { buildApp, createWorkers, Metrics } = loaded;
  const boot = await bootstrap(db.kysely, config.bootstrapApiKey);
  if (boot.warning) logger.warn(boot.warning);
  if (boot.created && boot.printableKey) {
    // Through the log's own output: after the lines logged before it, never among them.
    logLines.write(
      `\nFirst run: created a platform. Its test key (shown once, keep it):\n\n  ${boot.printableKey}\n\n` +
        `Try: curl -H "Authorization: Bearer ${boot.printableKey}" http://${config.host}:${config.port}/v1/accounts\n\n`,
    );
    // Written out before the server listens: lines go out together up to LOG_DELAY_MS later
    // (src/log-lines.ts), and whoever starts a server and waits for its first answer reads the key then.
    await new Promise<void>((resolve) => logLines.flush(() => resolve()));
  }
  // One registry for the process: the app's /metrics shows what its workers did too.
  const metrics = new Metrics();
  const app = await buildApp(db, config, logger, { metrics });
  await app.listen({ port: config.port, host: config.host });
  // Validators compile lazily (fast start); the rest compile now, while the process is idle.
  void app.compilePendingValidators().catch((err) => logger.error({ err }, 'compiling request validators failed'));
  const runWorkers = options.workers ?? config.runWorkers;
  const workers = runWorkers ? createWorkers(db, config, logger, { metrics }) : [];
  const startingWorkers = setTimeout(() => {
    for (const w of workers) w.start();
  }, workers.length ? WORKERS_START_DELAY_MS : 0);
  logger.info({ database: db.kind, workers: runWorkers, docs: `http://${config.host}:${config.port}/docs` }, 'scheduling service ready');
  stopOnSignals(
    logger,
    {
      timeoutMs: config.shutdownTimeoutMs,
      stopServing: () => app.close(),
      cutRequests: () => app.server.closeAllConnections(),
      workers,
      closeDatabase: () => db.close(),
    },
    // A stop before the workers started: they never start.
    () => clearTimeout(startingWorkers),
  );
}

/** `scheduling worker`: the background workers only, and GET /healthz, /readyz on PORT. */
export async function work(given: Config = loadConfig()): Promise<void> {
  const { logger, db, config, loaded } = await openWhileLoading(given, workModules);
  const { createWorkers, Metrics, startHealthServer, watchDatabase, systemClock } = loaded;
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
