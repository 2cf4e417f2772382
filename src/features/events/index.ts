import type { FeatureModule } from '../module.js';
import { eventRoutes, historyRoutes } from './events.routes.js';

export { EVENT_RETENTION_MS, accountEventsAfter, deletePlatformEventsCreatedBefore, findVisibleEvent } from '../../events/events.repository.js';
export { serializeEvent } from './events.serializer.js';

export const eventsModule: FeatureModule = {
  name: 'events',
  tags: [{ name: 'Events', description: 'Every change, kept 30 days; the source of webhook deliveries.' }],
  routes: (app, { db, clock }) => {
    eventRoutes(app, db.kysely, clock);
    historyRoutes(app, db.kysely, clock);
  },
};
