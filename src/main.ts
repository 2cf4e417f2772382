import pino from 'pino';
import { loadConfig, type Config } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { bootstrap } from './features/platforms/platforms.js';
import { buildApp } from './app.js';
import { createWorkers } from './workers/registry.js';

/** Process entry: config → database → app → HTTP server + workers → graceful shutdown. */
export async function serve(config: Config = loadConfig()): Promise<void> {
  const logger = pino({ level: config.logLevel, base: { service: 'scheduling' } });
  const db = await connect({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? null : config.dataDir });
  const applied = await migrate(db.kysely);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  const boot = await bootstrap(db.kysely, config.bootstrapApiKey);
  if (boot.warning) logger.warn(boot.warning);
  if (boot.created && boot.printableKey) {
    process.stdout.write(
      `\nFirst run: created a platform. Its test key (shown once, keep it):\n\n  ${boot.printableKey}\n\n` +
        `Try: curl -H "Authorization: Bearer ${boot.printableKey}" http://${config.host}:${config.port}/v1/accounts\n\n`,
    );
  }
  const app = await buildApp(db, config, logger);
  await app.listen({ port: config.port, host: config.host });
  const workers = config.runWorkers ? createWorkers(db, config, logger) : [];
  for (const w of workers) w.start();
  logger.info({ database: db.kind, docs: `http://${config.host}:${config.port}/docs` }, 'scheduling service ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 8000);
    force.unref();
    try {
      await app.close();
      await Promise.all(workers.map((w) => w.stop()));
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
