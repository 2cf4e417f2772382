/**
 * Usage metering (docs/usage.md): `GET /v1/usage`, `GET /v1/usage/statements`, and the worker
 * that opens each month and issues the statements of closed ones. The counters are written through
 * src/metering, inside the transactions of the changes they count.
 */
import type { FeatureModule } from '../module.js';
import { pollingWorker } from '../../workers/poller.js';
import { UsageService } from './usage.service.js';
import { usageRoutes } from './usage.routes.js';

export { UsageService } from './usage.service.js';

export const usageModule: FeatureModule = {
  name: 'usage',
  tags: [{ name: 'Usage', description: 'What a platform used, month by month: the numbers it is billed on.' }],
  routes: (app, { db, clock }) => usageRoutes(app, new UsageService(db.kysely, clock)),
  /**
   * A pass that finds nothing to do costs no query (the service remembers the months it opened
   * and the statements it issued), so it may poll as often as the other workers.
   */
  workers: ({ db, clock, config }, logger) => {
    const service = new UsageService(db.kysely, clock);
    return [pollingWorker('usage-statements', config.workerPollMs, logger, async () => (await service.issueDueStatements()) >= 100)];
  },
};
