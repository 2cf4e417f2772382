import type { FeatureModule } from '../module.js';
import { availabilityRoutes } from './availability.routes.js';
import { holidayRoutes } from './holidays.routes.js';

/** POST /v1/availability, its explain, GET /v1/availability/calendar and GET /v1/holidays. */
export const availabilityModule: FeatureModule = {
  name: 'availability',
  tags: [{ name: 'Availability', description: 'Bookable slots and open time, by the same rule booking creation uses.' }],
  routes: (app, { db, clock }) => {
    availabilityRoutes(app, db.kysely, clock);
    holidayRoutes(app, clock);
  },
};
export { searchAvailability, type SearchRequest } from './search.service.js';
export { type SearchSegmentInput } from './search.service.js';
export { SearchSegmentInput as SearchSegmentSchema } from './availability.routes.js';
export { MAX_RANGE_DAYS } from './range.js';
