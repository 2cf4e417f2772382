/**
 * Usage metering (docs/usage.md): `GET /v1/usage`, `GET /v1/usage/statements`, and the worker
 * that opens each month and issues the statements of closed ones. The counters are written through
 * src/metering, inside the transactions of the changes they count.
 */
import type { FeatureModule } from '../module.js';
import { UsageService } from './usage.service.js';
import { usageRoutes } from './usage.routes.js';
import { statementWorker } from './usage.worker.js';

export { UsageService } from './usage.service.js';

export const usageModule: FeatureModule = {
  name: 'usage',
  tags: [{ name: 'Usage', description: 'What a platform used, month by month: the numbers it is billed on.' }],
  routes: (app, { db, clock }) => usageRoutes(app, new UsageService(db.kysely, clock)),
  workers: ({ db, clock, config }, logger) => [statementWorker(db.kysely, clock, config.workerPollMs, logger)],
};
