/**
 * The outgoing calendar of a resource (docs/feed-urls.md): the iCalendar text of its bookings,
 * and the secret URLs that serve it without a key (create, list, revoke).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DbHandle } from '../../db/transaction.js';
import { withTransaction } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import type { AccountScope } from '../../tenancy/index.js';
import { notFound } from '../../lib/errors.js';
import { toPage, type Page, type PageParams } from '../../db/pagination.js';
import { newId } from '../../lib/ids.js';
import { feedBookings, resourcesTable as resources } from '../../capacity/index.js';
import { deleteFeed, findFeedByToken, insertFeed, listFeeds } from './feed-urls.repository.js';
import { renderCalendar } from './ics.js';
import { feedEventOf, serializeFeedUrl, type FeedUrl } from './feed-urls.serializer.js';

/** How far a feed reaches: half a year back (recent history) and two years ahead. */
export const FEED_DAYS_BACK = 183;
export const FEED_DAYS_AHEAD = 731;
/** At most this many events per feed, earliest first. */
export const FEED_MAX_EVENTS = 5000;

const DAY = 86_400_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The public path of a feed: the account id (not a secret) locates it, the token opens it. */
export const feedPath = (accountId: string, token: string) => `/v1/feeds/${accountId}/${token}/calendar.ics`;

export class FeedUrlsService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  private async resource(scope: AccountScope, id: string) {
    const resource = await resources.find(this.db, scope, id);
    if (!resource) throw notFound('resource', id, 'id');
    return resource;
  }

  private async render(scope: { accountId: string }, resource: { id: string; name: string }): Promise<string> {
    const now = this.clock.now().getTime();
    const bookings = await feedBookings(
      this.db,
      scope.accountId,
      resource.id,
      { from: new Date(now - FEED_DAYS_BACK * DAY), to: new Date(now + FEED_DAYS_AHEAD * DAY) },
      FEED_MAX_EVENTS,
    );
    return renderCalendar({
      name: resource.name,
      description: `Bookings of ${resource.name} (${resource.id})`,
      events: bookings.map((b) => feedEventOf(resource.name, b)),
    });
  }

  async calendar(scope: AccountScope, resourceId: string): Promise<string> {
    return this.render(scope, await this.resource(scope, resourceId));
  }

  /** The feed behind a secret URL, or null when the URL is unknown or was revoked. */
  async calendarByToken(accountId: string, token: string): Promise<string | null> {
    const feed = await findFeedByToken(this.db, accountId, hashToken(token));
    if (!feed) return null;
    // The feed row names its account: the scope of the resource it shows.
    const resource = await resources.find(this.db, { accountId }, feed.resource_id);
    if (!resource) return null;
    return this.render({ accountId }, resource);
  }

  async create(scope: AccountScope, resourceId: string, input: { description?: string | null }, origin: string): Promise<FeedUrl> {
    const now = this.clock.now().getTime();
    await this.resource(scope, resourceId);
    const token = `cft_${randomBytes(24).toString('base64url')}`;
    const row = await withTransaction(this.db, (trx) =>
      insertFeed(trx, {
        account_id: scope.accountId,
        id: newId('furl', now),
        livemode: scope.livemode,
        resource_id: resourceId,
        token_hash: hashToken(token),
        token_last4: token.slice(-4),
        description: input.description ?? null,
        created_at: new Date(now),
      }),
    );
    return { ...serializeFeedUrl(row), url: origin + feedPath(scope.accountId, token) };
  }

  async list(scope: AccountScope, resourceId: string, page: PageParams): Promise<Page<FeedUrl>> {
    await this.resource(scope, resourceId);
    return toPage(await listFeeds(this.db, scope, resourceId, page), serializeFeedUrl);
  }

  async revoke(scope: AccountScope, resourceId: string, feedId: string) {
    await this.resource(scope, resourceId);
    const deleted = await withTransaction(this.db, (trx) => deleteFeed(trx, scope, resourceId, feedId));
    if (!deleted) throw notFound('calendar feed', feedId, 'feed');
    return { id: feedId, object: 'feed_url', deleted: true as const };
  }
}
