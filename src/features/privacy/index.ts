import type { FeatureModule } from '../module.js';
import { rewriteStoredResponses } from '../../http/idempotency.js';
import { ErasureService } from './erasure.service.js';
import { privacyRoutes } from './privacy.routes.js';
import { ExportsService } from './exports.service.js';
import { exportRoutes } from './exports.routes.js';
import { exportWorker } from './exports.worker.js';
import { pacingOf } from '../../workers/poller.js';

/**
 * Privacy (docs/privacy.md): erasure of a customer's personal data, and exports of an
 * account's data, written by the export worker. (Retention is the webhooks' retention worker.)
 */
export const privacyModule: FeatureModule = {
  name: 'privacy',
  tags: [{ name: 'Privacy', description: "Erasure of a customer's personal data, and exports of an account's data (docs/privacy.md)." }],
  routes(app, { db, clock, config }) {
    privacyRoutes(app, new ErasureService(db.kysely, clock, rewriteStoredResponses));
    exportRoutes(app, new ExportsService(db.kysely, clock, config.exportsDir));
  },
  /** Writes pending exports, a bounded piece per account and pass. */
  workers: ({ db, clock, config, secrets }, logger) => [exportWorker(db.kysely, config.exportsDir, clock, secrets, pacingOf({ db, clock, config }), logger)],
};
