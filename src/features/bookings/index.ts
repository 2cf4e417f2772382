import type { Logger } from 'pino';
import type { App } from '../../http/server.js';
import type { Db } from '../../db/connect.js';
import type { Config } from '../../config.js';
import type { Worker } from '../../workers/registry.js';

/** Registers this feature's routes. */
export function registerBookingsRoutes(_app: App, _db: Db, _config: Config): void {}

/** This feature's background workers, if any. */
export function createBookingsWorkers(_db: Db, _config: Config, _logger: Logger): Worker[] {
  return [];
}
