import type { FeatureModule } from '../module.js';
import { BookingsService } from '../bookings/index.js';
import { ManageLinksService } from './manage-links.service.js';
import { manageLinkRoutes } from './manage-links.routes.js';

/** Signed self-service links of a booking (docs/manage-links.md). */
export const manageLinksModule: FeatureModule = {
  name: 'manage-links',
  tags: [{ name: 'Manage links', description: 'Secret URLs where the person who booked sees, cancels or moves their own booking, without an API key.' }],
  routes(app, { db, clock }) {
    manageLinkRoutes(app, new ManageLinksService(db.kysely, clock, new BookingsService(db.kysely, clock)));
  },
};
