/**
 * Calendar feeds (docs/calendar-feeds.md): subscribed iCalendar feeds whose events are busy
 * time of a resource. CRUD, and the sync: fetch (no transaction held), parse, then one
 * transaction that replaces the feed's busy intervals and re-checks the resource's bookings
 * under its lock, so no search ever sees half a sync and search and booking agree.
 */
import { createHash } from 'node:crypto';
import type { Agent } from 'undici';
import { withTransaction, json, type DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretsBox } from '../../lib/secrets-box.js';
import { notFound } from '../../lib/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { toPage, type PageParams } from '../../db/pagination.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import { lockResource, recheckBookings, resourcesTable } from '../../capacity/index.js';
import { checkEndpointUrl } from '../../lib/url-policy.js';
import * as repo from './calendar-feeds.repository.js';
import { serializeFeed } from './calendar-feeds.serializer.js';
import { busyFromIcs, FeedContentError, type BusyInterval } from './ics-busy.js';
import { fetchFeed, type FetchLimits } from './fetch.js';

/** Busy time is kept from a day back to this many days ahead. */
export const HORIZON_DAYS = 366;
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
export const MAX_FEED_EVENTS = 20_000;
export const MAX_BUSY_INTERVALS = 50_000;
/** A failing feed is tried again after refresh_minutes × 2^(failures − 1), at most a day. */
const MAX_BACKOFF_MS = 86_400_000;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface CreateFeedInput {
  resource: string;
  url: string;
  refresh_minutes?: number;
  description?: string | null;
  metadata?: Record<string, string>;
}
export type UpdateFeedInput = Partial<Omit<CreateFeedInput, 'resource'>>;

export interface FeedSettings {
  limits: FetchLimits;
  dispatcher: Agent;
}

type Outcome = { kind: 'not_modified' } | { kind: 'busy'; busy: BusyInterval[]; etag: string | null; lastModified: string | null; hash: string } | { kind: 'failed'; error: string };

export class CalendarFeedsService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
    private readonly settings: FeedSettings,
    private readonly secrets: SecretsBox,
  ) {}

  private checkUrl(url: string, scope: AccountScope) {
    return checkEndpointUrl(url, scope.livemode, this.settings.limits.allowPrivate);
  }

  private async feed(scope: AccountScope, id: string) {
    const row = await repo.findFeed(this.db, this.secrets, scope, id);
    if (!row) throw notFound('calendar feed', id);
    return row;
  }

  async create(scope: AccountScope, input: CreateFeedInput) {
    const now = this.clock.now();
    const url = this.checkUrl(input.url, scope);
    const row = await withTransaction(this.db, async (trx) => {
      const { resource } = await lockResource(trx, scope, input.resource);
      const created = await repo.insertFeed(trx, this.secrets, {
        account_id: scope.accountId,
        id: newId(ID_PREFIX.calendarFeed),
        livemode: scope.livemode,
        resource_id: resource.id,
        url,
        refresh_minutes: input.refresh_minutes ?? 15,
        description: input.description || null,
        metadata: json(metadataForCreate(input.metadata)),
        etag: null,
        last_modified: null,
        content_hash: null,
        next_sync_at: now,
        created_at: now,
        updated_at: now,
      });
      await recordEvent(trx, scope, 'calendar_feed.created', serializeFeed(created), null, now);
      return created;
    });
    // A new feed syncs at once; a failure is reported on the feed, not as an error.
    return this.sync(scope, row.id);
  }

  async get(scope: AccountScope, id: string) {
    return serializeFeed(await this.feed(scope, id));
  }

  async list(scope: AccountScope, page: PageParams, metadata: Record<string, string>, resource?: string) {
    return toPage(await repo.listFeeds(this.db, this.secrets, scope, page, metadata, resource), serializeFeed);
  }

  async update(scope: AccountScope, id: string, input: UpdateFeedInput) {
    const now = this.clock.now();
    const url = input.url !== undefined ? this.checkUrl(input.url, scope) : undefined;
    const first = await this.feed(scope, id);
    const { after, urlChanged } = await withTransaction(this.db, async (trx) => {
      await lockResource(trx, scope, first.resource_id);
      const row = await repo.lockFeed(trx, this.secrets, scope, id);
      if (!row) throw notFound('calendar feed', id);
      const changes: Parameters<typeof repo.updateFeed>[4] = { updated_at: now };
      const urlChanged = url !== undefined && url !== row.url;
      // Another address: its validators mean nothing there, and it is fetched at once.
      if (urlChanged) Object.assign(changes, { url, etag: null, last_modified: null, content_hash: null, next_sync_at: now });
      if (input.refresh_minutes !== undefined) changes.refresh_minutes = input.refresh_minutes;
      if (input.description !== undefined) changes.description = input.description || null;
      if (input.metadata !== undefined) changes.metadata = json(mergeMetadata(row.metadata, input.metadata));
      const updated = await repo.updateFeed(trx, this.secrets, scope, id, changes);
      const before = serializeFeed(row);
      const after = serializeFeed(updated);
      // A new URL may redact the same as the old one: still a change, named in the event.
      const changed = urlChanged ? { ...changedAttributes(before, after), url: before.url } : changedAttributes(before, after);
      if (changed) await recordEvent(trx, scope, 'calendar_feed.updated', after, changed, now);
      return { after, urlChanged };
    });
    return urlChanged ? this.sync(scope, id) : after;
  }

  /** Deleting a feed removes its busy time, and re-checks the bookings it had flagged. */
  async delete(scope: AccountScope, id: string) {
    const now = this.clock.now();
    const first = await this.feed(scope, id);
    await withTransaction(this.db, async (trx) => {
      const { locks } = await lockResource(trx, scope, first.resource_id);
      const row = await repo.lockFeed(trx, this.secrets, scope, id);
      if (!row) throw notFound('calendar feed', id);
      await repo.deleteFeed(trx, scope, id);
      await recordEvent(trx, scope, 'calendar_feed.deleted', serializeFeed(row), null, now);
      await recheckBookings(trx, scope, locks, now, { onlyConflicted: true });
    });
    return { id, object: 'calendar_feed' as const, deleted: true as const };
  }

  /** Syncs one feed now (create, POST …/sync and the worker); returns the feed as it then is. */
  /** Fetches the feed now and writes what it found; `stop` (a worker stopping) gives the fetch up, writing nothing. */
  async sync(scope: AccountScope, id: string, stop?: AbortSignal) {
    const first = await this.feed(scope, id);
    const resource = await resourcesTable.find(this.db, scope, first.resource_id);
    if (!resource) throw notFound('calendar feed', id);
    const outcome = await this.fetchAndParse(first, resource.timezone, stop);
    const now = this.clock.now();
    return withTransaction(this.db, async (trx) => {
      const { locks } = await lockResource(trx, scope, first.resource_id);
      const row = await repo.lockFeed(trx, this.secrets, scope, id);
      // Deleted, or pointed elsewhere, while it was being fetched: this answer is not its own.
      if (!row) throw notFound('calendar feed', id);
      if (row.url !== first.url) return serializeFeed(row);
      const next = (failures: number) =>
        new Date(now.getTime() + Math.min(row.refresh_minutes * MINUTE_MS * 2 ** Math.max(0, failures - 1), Math.max(MAX_BACKOFF_MS, row.refresh_minutes * MINUTE_MS)));
      if (outcome.kind === 'failed') {
        // The last good busy time stays: a feed that keeps failing still blocks what it knew.
        const failures = row.consecutive_failures + 1;
        const updated = await repo.updateFeed(trx, this.secrets, scope, id, {
          last_attempt_at: now,
          last_error: outcome.error,
          consecutive_failures: failures,
          next_sync_at: next(failures),
        });
        await recordEvent(trx, scope, 'calendar_feed.failed', serializeFeed(updated), changedAttributes(serializeFeed(row), serializeFeed(updated)), now);
        return serializeFeed(updated);
      }
      const unchanged = outcome.kind === 'not_modified' || outcome.hash === row.content_hash;
      const changes: Parameters<typeof repo.updateFeed>[4] = {
        last_attempt_at: now,
        last_synced_at: now,
        last_error: null,
        consecutive_failures: 0,
        next_sync_at: next(0),
      };
      if (outcome.kind === 'busy') Object.assign(changes, { etag: outcome.etag, last_modified: outcome.lastModified });
      if (!unchanged && outcome.kind === 'busy') {
        await repo.replaceBusy(trx, scope, row, outcome.busy);
        Object.assign(changes, { content_hash: outcome.hash, busy_count: outcome.busy.length });
      }
      const updated = await repo.updateFeed(trx, this.secrets, scope, id, changes);
      // Only a sync that changed the busy time is an event; a 304 every few minutes is not news.
      if (!unchanged) {
        await recordEvent(trx, scope, 'calendar_feed.synced', serializeFeed(updated), changedAttributes(serializeFeed(row), serializeFeed(updated)), now);
        await recheckBookings(trx, scope, locks, now);
      }
      return serializeFeed(updated);
    });
  }

  private async fetchAndParse(row: repo.CalendarFeedRow, timeZone: string, stop?: AbortSignal): Promise<Outcome> {
    const fetched = await fetchFeed(this.settings.dispatcher, row.url, { etag: row.etag, lastModified: row.last_modified }, this.settings.limits, stop);
    if (fetched.kind !== 'ok') return fetched;
    const hash = createHash('sha256').update(fetched.text).digest('hex');
    if (hash === row.content_hash) return { kind: 'busy', busy: [], etag: fetched.etag, lastModified: fetched.lastModified, hash };
    const now = this.clock.now().getTime();
    try {
      const busy = busyFromIcs(fetched.text, timeZone, {
        from: now - DAY_MS,
        to: now + HORIZON_DAYS * DAY_MS,
        maxEvents: MAX_FEED_EVENTS,
        maxIntervals: MAX_BUSY_INTERVALS,
      });
      return { kind: 'busy', busy, etag: fetched.etag, lastModified: fetched.lastModified, hash };
    } catch (err) {
      if (err instanceof FeedContentError) return { kind: 'failed', error: err.message };
      throw err;
    }
  }
}
