import type { FeatureModule } from '../module.js';
import { consoleRoutes } from './console.routes.js';

/** The web console at /console (docs/console.md): static files, not in the OpenAPI document. */
export const consoleModule: FeatureModule = {
  name: 'console',
  tags: [],
  routes: (app) => consoleRoutes(app),
};

/** The built console's files, for the page of a manage link (docs/manage-links.md). */
export { sendConsoleFile } from './console.routes.js';
