import type { Logger } from 'pino';
import type { App } from '../../http/server.js';
import type { Db } from '../../db/connect.js';
import type { Config } from '../../config.js';
import type { Worker } from '../../workers/registry.js';
import { EndpointsService } from './endpoints.service.js';
import { endpointRoutes } from './endpoints.routes.js';
import { ResendService } from './resend.service.js';
import { deliveryRoutes } from './deliveries.routes.js';
import { createDeliveryWorker } from './delivery-worker.js';
import { createRetentionWorker } from './retention.js';

/** Webhook endpoints, deliveries (of an event, of an endpoint) and both resends. */
export function registerWebhooksRoutes(app: App, db: Db, config: Config): void {
  endpointRoutes(app, new EndpointsService(db.kysely, config));
  deliveryRoutes(app, db.kysely, new ResendService(db.kysely));
}

/** The delivery worker and the retention job (events after 30 days, idempotency keys after 24 h). */
export function createWebhooksWorkers(db: Db, config: Config, logger: Logger): Worker[] {
  return [createDeliveryWorker(db, config, logger), createRetentionWorker(db, config, logger)];
}
