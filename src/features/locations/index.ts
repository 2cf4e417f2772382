import type { FeatureModule } from '../module.js';
import { LocationsService } from './locations.service.js';
import { locationRoutes } from './locations.routes.js';

export const locationsModule: FeatureModule = {
  name: 'locations',
  tags: [{ name: 'Locations', description: 'Places where resources work.' }],
  routes: (app, { db, clock }) => locationRoutes(app, new LocationsService(db.kysely, clock)),
};
export { locationsByIds } from './locations.repository.js';
export { locations as locationsTable } from './locations.repository.js';
export { serializeLocation } from './locations.serializer.js';
