import type { FeatureModule } from '../module.js';
import { consoleRoutes } from './console.routes.js';

/** The web console at /console (docs/console.md): static files, not in the OpenAPI document. */
export const consoleModule: FeatureModule = {
  name: 'console',
  tags: [],
  routes: (app) => consoleRoutes(app),
};
