import type { FeatureModule } from '../module.js';
import { ResourcesService } from './resources.service.js';
import { resourceRoutes } from './resources.routes.js';

export const resourcesModule: FeatureModule = {
  name: 'resources',
  tags: [{ name: 'Resources', description: 'What is booked: people, rooms, equipment, pools of units.' }],
  routes: (app, { db, clock }) => resourceRoutes(app, new ResourcesService(db.kysely, clock)),
};
export { resourcesByIds } from './resources.repository.js';
export { serializeResource } from './resources.serializer.js';
