/** API key management over HTTP (docs/api-keys.md): restricted keys made by a platform's secret key. */
import type { FeatureModule } from '../module.js';
import { ApiKeysService } from './api-keys.service.js';
import { apiKeyRoutes } from './api-keys.routes.js';

export const apiKeysModule: FeatureModule = {
  name: 'api-keys',
  tags: [{ name: 'API keys', description: 'Restricted keys a platform makes for its integrations, optionally bound to one account.' }],
  routes: (app, { db, clock }) => apiKeyRoutes(app, new ApiKeysService(db.kysely, clock)),
};
