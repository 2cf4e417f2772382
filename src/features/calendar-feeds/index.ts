import type { FeatureModule, Deps } from '../module.js';
import { CalendarFeedsService, MAX_FEED_BYTES } from './calendar-feeds.service.js';
import { calendarFeedRoutes } from './calendar-feeds.routes.js';
import { calendarFeedWorker } from './sync.worker.js';
import { createFeedDispatcher, type FetchLimits } from './fetch.js';
import { pacingOf } from '../../workers/poller.js';

/** Fetches use the time limit and the address rules of webhook attempts (docs/calendar-feeds.md#limits). */
function serviceOf({ db, clock, config, resolveHost, secrets }: Deps) {
  const limits: FetchLimits = { timeoutMs: config.webhookTimeoutMs, maxBytes: MAX_FEED_BYTES, allowPrivate: config.webhookAllowPrivate };
  return new CalendarFeedsService(db.kysely, clock, { limits, dispatcher: createFeedDispatcher(limits, resolveHost) }, secrets);
}

/** Calendar feeds: subscribed iCalendar feeds as busy time of a resource (docs/calendar-feeds.md). */
export const calendarFeedsModule: FeatureModule = {
  name: 'calendar-feeds',
  tags: [{ name: 'Calendar feeds', description: "Subscribed iCalendar feeds (Google, Outlook, Apple…) whose events are a resource's busy time." }],
  routes: (app, deps) => calendarFeedRoutes(app, serviceOf(deps)),
  workers: (deps, logger) => [
    // The lease outlasts a sync: the fetch's limit, then the parse and write.
    calendarFeedWorker(deps.db.kysely, deps.clock, serviceOf(deps), pacingOf(deps), deps.config.webhookTimeoutMs * 2 + 60_000, logger),
  ],
};

/** The account's feeds a page at a time, as the API shows them (URLs redacted): exports (docs/privacy.md#export). */
export { feedsAfter } from './calendar-feeds.repository.js';
export { serializeFeed } from './calendar-feeds.serializer.js';

/** The stored feed URLs, for the `secrets rotate` command and the start-up key check (src/secrets/). */
export { resealUrl, storedUrlsPage, urlKeyIdsInUse } from './calendar-feeds.repository.js';
