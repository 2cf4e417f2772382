import type { FeatureModule } from '../module.js';
import { availabilityRoutes } from './availability.routes.js';

/** POST /v1/availability and GET /v1/availability/calendar. */
export const availabilityModule: FeatureModule = {
  name: 'availability',
  tags: [{ name: 'Availability', description: 'Bookable slots and open time, by the same rule booking creation uses.' }],
  routes: (app, { db, clock }) => availabilityRoutes(app, db.kysely, clock),
};
export { searchAvailability, type SearchRequest } from './search.service.js';
