/**
 * Every feature, listed once, in the order its routes are registered (and its tags appear
 * in the OpenAPI document). A new feature: a folder with an index.ts exporting a
 * FeatureModule (src/features/module.ts), added here.
 */
import type { FeatureModule } from './module.js';
import { accountsModule } from './accounts/index.js';
import { locationsModule } from './locations/index.js';
import { resourcesModule } from './resources/index.js';
import { eventsModule } from './events/index.js';
import { schedulesModule } from './schedules/index.js';
import { blocksModule } from './blocks/index.js';
import { availabilityModule } from './availability/index.js';
import { bookingsModule } from './bookings/index.js';
import { conflictPreviewsModule } from './conflict-previews/index.js';
import { webhooksModule } from './webhooks/index.js';
import { seriesModule } from './series/index.js';
import { usageModule } from './usage/index.js';
import { apiKeysModule } from './api-keys/index.js';
import { feedUrlsModule } from './feed-urls/index.js';
import { calendarFeedsModule } from './calendar-feeds/index.js';
import { consoleModule } from './console/index.js';
import { remindersModule } from './reminders/index.js';
import { mcpModule } from './mcp/index.js';
import { manageLinksModule } from './manage-links/index.js';
import { privacyModule } from './privacy/index.js';
import { bookingSessionsModule } from './booking-sessions/index.js';

export const FEATURES: readonly FeatureModule[] = [
  accountsModule,
  locationsModule,
  resourcesModule,
  eventsModule,
  schedulesModule,
  blocksModule,
  availabilityModule,
  bookingsModule,
  conflictPreviewsModule,
  seriesModule,
  webhooksModule,
  usageModule,
  apiKeysModule,
  feedUrlsModule,
  calendarFeedsModule,
  remindersModule,
  manageLinksModule,
  privacyModule,
  bookingSessionsModule,
  mcpModule,
  consoleModule,
];
