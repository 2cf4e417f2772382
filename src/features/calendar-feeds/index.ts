import type { FeatureModule } from '../module.js';
import { CalendarFeedsService } from './feeds.service.js';
import { calendarFeedRoutes } from './feeds.routes.js';

/** Calendar feeds: GET /v1/resources/{id}/calendar.ics and secret feed URLs (docs/calendar-feeds.md). */
export const calendarFeedsModule: FeatureModule = {
  name: 'calendar-feeds',
  tags: [{ name: 'Calendar feeds', description: "A resource's bookings as an iCalendar feed, and secret feed URLs calendar apps subscribe to." }],
  routes: (app, { db, clock }) => calendarFeedRoutes(app, new CalendarFeedsService(db.kysely, clock)),
};
