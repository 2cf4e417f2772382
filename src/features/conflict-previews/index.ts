import type { FeatureModule } from '../module.js';
import { conflictPreviewRoutes } from './conflict-previews.routes.js';

export const conflictPreviewsModule: FeatureModule = {
  name: 'conflict-previews',
  tags: [{ name: 'Conflict previews', description: 'Which future bookings a write would flag or clear, without making it.' }],
  routes: (app, { db, clock }) => conflictPreviewRoutes(app, db.kysely, clock),
};
