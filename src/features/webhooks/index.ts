import type { FeatureModule } from '../module.js';
import { EndpointsService } from './endpoints.service.js';
import { endpointRoutes } from './endpoints.routes.js';
import { ResendService } from './resend.service.js';
import { deliveryRoutes } from './deliveries.routes.js';
import { createDeliveryWorker } from './deliveries.worker.js';
import { createRetentionWorker } from './retention.worker.js';

/** Webhook endpoints, deliveries (of an event, of an endpoint) and both resends. */
export const webhooksModule: FeatureModule = {
  name: 'webhooks',
  tags: [{ name: 'Webhook endpoints', description: 'Where events are delivered, signed, at least once.' }],
  routes(app, { db, clock, config, secrets }) {
    endpointRoutes(app, new EndpointsService(db.kysely, clock, config, secrets));
    deliveryRoutes(app, db.kysely, clock, new ResendService(db.kysely, clock));
  },
  /** The delivery worker and the retention job (events after 30 days, idempotency keys after 24 h). */
  workers: ({ db, config, clock, resolveHost, secrets }, logger) => [createDeliveryWorker(db, config, clock, secrets, logger, { resolveHost }), createRetentionWorker(db, config, clock, logger)],
};

/** The stored signing secrets, for the `secrets rotate` command and the start-up key check (src/secrets/). */
export { resealSecret, secretKeyIdsInUse, storedSecretsPage } from './endpoints.repository.js';
