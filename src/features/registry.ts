import type { App } from '../http/server.js';
import type { Db } from '../db/connect.js';
import type { Config } from '../config.js';
import { registerSchedulesRoutes } from './schedules/index.js';
import { registerAvailabilityRoutes } from './availability/index.js';
import { registerBookingsRoutes } from './bookings/index.js';
import { registerWebhooksRoutes } from './webhooks/index.js';

/**
 * Routes of the features built on the foundation. Each feature exposes its own
 * register function in its index.ts, so features stay out of each other's files.
 */
export function registerFeatureRoutes(app: App, db: Db, config: Config): void {
  registerSchedulesRoutes(app, db, config);
  registerAvailabilityRoutes(app, db, config);
  registerBookingsRoutes(app, db, config);
  registerWebhooksRoutes(app, db, config);
}
