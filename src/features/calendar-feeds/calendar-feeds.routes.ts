import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { Deleted, EmptyBody, Id, IdParams, ListOf, ListQuery, Metadata, MetadataInput, Nullable, metadataFilters } from '../../http/schemas.js';
import type { CalendarFeedsService } from './calendar-feeds.service.js';

const example = {
  id: 'cfd_01m85r0m3m0s6pjq3m8a7k2w1x',
  object: 'calendar_feed',
  livemode: false,
  resource: 'res_01m85r0k8tq2y0v5b7n3c4d5e6',
  url: 'https://calendar.google.com/calendar/ical/…',
  refresh_minutes: 15,
  description: "Ada's personal calendar",
  busy_count: 42,
  last_synced_at: '2027-01-12T09:30:00Z',
  last_attempt_at: '2027-01-12T09:30:00Z',
  last_error: null,
  consecutive_failures: 0,
  next_sync_at: '2027-01-12T09:45:00Z',
  metadata: { staff: 'ada' },
  created_at: '2027-01-12T09:30:00Z',
  updated_at: '2027-01-12T09:30:00Z',
};

export const CalendarFeedSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('calendar_feed'),
    livemode: Type.Boolean(),
    resource: Type.String({ description: 'The resource whose busy time the feed holds.' }),
    url: Type.String({ description: 'The iCalendar URL fetched, redacted: its scheme, host and the start of its path, never its secret token (`https://calendar.google.com/calendar/ical/…`). The full URL is stored encrypted and never returned.' }),
    refresh_minutes: Type.Integer({ description: 'How often the feed is fetched.' }),
    description: Nullable(Type.String()),
    busy_count: Type.Integer({ description: 'Busy intervals kept from the last good sync (within the horizon).' }),
    last_synced_at: Nullable(Type.String({ format: 'date-time', description: 'The last successful sync (a 304 counts).' })),
    last_attempt_at: Nullable(Type.String({ format: 'date-time' })),
    last_error: Nullable(Type.String({ description: 'Why the last sync failed; null after a success.' })),
    consecutive_failures: Type.Integer(),
    next_sync_at: Type.String({ format: 'date-time' }),
    metadata: Metadata,
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { examples: [example] },
);

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'An https URL of an iCalendar feed (http only in test mode; in production only public destinations: no private, loopback, link-local or other special-purpose addresses, as for webhooks).',
});
const Refresh = Type.Integer({ minimum: 5, maximum: 10080, description: 'Minutes between fetches, at least 5 (default 15).' });
const Description = Nullable(Type.String({ maxLength: 500 }));

// Busy time from a feed is blocked time: the same permission family as blocks.
const access = { account: 'required', permission: 'blocks' } as const;
const tags = ['Calendar feeds'];

export function calendarFeedRoutes(app: App, service: CalendarFeedsService) {
  app.post('/v1/calendar_feeds', {
    config: { access },
    schema: {
      tags,
      summary: "Subscribe a resource to an iCalendar feed: its events become the resource's busy time. Syncs at once (a failure is reported in last_error).",
      body: Type.Object(
        { resource: Id('Resource id'), url: Url, refresh_minutes: Type.Optional(Refresh), description: Type.Optional(Description), metadata: Type.Optional(MetadataInput) },
        { additionalProperties: false, examples: [{ resource: example.resource, url: 'https://calendar.google.com/calendar/ical/ada%40example.com/private-5f2c/basic.ics', refresh_minutes: 15, description: example.description }] },
      ),
      response: { 200: CalendarFeedSchema },
    },
    handler: (req) => service.create(accountScope(req), req.body),
  });

  app.get('/v1/calendar_feeds', {
    config: { access },
    schema: {
      tags,
      summary: 'List calendar feeds, newest first',
      querystring: ListQuery({ resource: Type.Optional(Id('Feeds of this resource')) }),
      response: { 200: ListOf(CalendarFeedSchema) },
    },
    handler: (req) => {
      const { limit, starting_after, ending_before, resource } = req.query;
      return service.list(accountScope(req), { limit, starting_after, ending_before }, metadataFilters(req.query), resource);
    },
  });

  app.get('/v1/calendar_feeds/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a calendar feed', params: IdParams, response: { 200: CalendarFeedSchema } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });

  app.post('/v1/calendar_feeds/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Update a calendar feed: url (synced at once), refresh_minutes, description, metadata',
      params: IdParams,
      body: Type.Object(
        { url: Type.Optional(Url), refresh_minutes: Type.Optional(Refresh), description: Type.Optional(Description), metadata: Type.Optional(MetadataInput) },
        { additionalProperties: false, examples: [{ refresh_minutes: 60 }] },
      ),
      response: { 200: CalendarFeedSchema },
    },
    handler: (req) => service.update(accountScope(req), req.params.id, req.body ?? {}),
  });

  app.delete('/v1/calendar_feeds/:id', {
    config: { access },
    schema: { tags, summary: 'Delete a calendar feed: its busy time goes with it, at once', params: IdParams, response: { 200: Deleted } },
    handler: (req) => service.delete(accountScope(req), req.params.id),
  });

  app.post('/v1/calendar_feeds/:id/sync', {
    config: { access },
    schema: {
      tags,
      summary: 'Sync a calendar feed now; answers the feed after the sync (a failure is reported in last_error, the last good busy time stays)',
      params: IdParams,
      body: EmptyBody,
      response: { 200: CalendarFeedSchema },
    },
    handler: (req) => service.sync(accountScope(req), req.params.id),
  });
}
