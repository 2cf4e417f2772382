import type { FeatureModule } from '../module.js';
import { FeedUrlsService } from './feed-urls.service.js';
import { feedUrlRoutes } from './feed-urls.routes.js';

/** The outgoing calendar of a resource: GET /v1/resources/{id}/calendar.ics and secret feed URLs (docs/feed-urls.md). */
export const feedUrlsModule: FeatureModule = {
  name: 'feed-urls',
  tags: [{ name: 'Feed URLs', description: "A resource's bookings as an iCalendar feed, and secret feed URLs calendar apps subscribe to." }],
  routes: (app, { db, clock }) => feedUrlRoutes(app, new FeedUrlsService(db.kysely, clock)),
};
