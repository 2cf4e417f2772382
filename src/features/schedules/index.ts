import type { Logger } from 'pino';
import type { App } from '../../http/server.js';
import type { Db } from '../../db/connect.js';
import type { Config } from '../../config.js';
import type { Worker } from '../../workers/registry.js';
import { SchedulesService } from './schedules.service.js';
import { scheduleRoutes } from './schedules.routes.js';
import { OverridesService } from './overrides.service.js';
import { overrideRoutes } from './overrides.routes.js';
import { registerBlocksRoutes } from '../blocks/index.js';

/** Registers working-time routes: schedules, schedule overrides and blocks. */
export function registerSchedulesRoutes(app: App, db: Db, _config: Config): void {
  scheduleRoutes(app, new SchedulesService(db.kysely));
  overrideRoutes(app, new OverridesService(db.kysely));
  registerBlocksRoutes(app, db.kysely);
}

/** This feature's background workers, if any. */
export function createSchedulesWorkers(_db: Db, _config: Config, _logger: Logger): Worker[] {
  return [];
}
