import type { Logger } from 'pino';
import type { App } from '../../http/server.js';
import type { Db } from '../../db/connect.js';
import type { Config } from '../../config.js';
import type { Worker } from '../../workers/registry.js';
import { availabilityRoutes } from './availability.routes.js';

/** Registers POST /v1/availability and GET /v1/availability/calendar. */
export function registerAvailabilityRoutes(app: App, db: Db, _config: Config): void {
  availabilityRoutes(app, db.kysely);
}

/** This feature's background workers, if any. */
export function createAvailabilityWorkers(_db: Db, _config: Config, _logger: Logger): Worker[] {
  return [];
}
