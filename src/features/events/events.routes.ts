import { Type, type Static } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope, platformScope } from '../../http/context.js';
import { invalid, notFound } from '../../lib/errors.js';
import { EVENT_PREFIXES, EVENT_TYPES } from '../../events/catalogue.js';
import { IdParams, ListOf, ListQuery, Nullable } from '../../http/schemas.js';
import { toPage } from '../../db/pagination.js';
import type { DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { bookingsById } from '../../capacity/index.js';
import { findVisibleEvent, listEvents, objectEvents, type EventFilters } from '../../events/events.repository.js';
import { serializeChange, serializeEvent } from './events.serializer.js';
import type { ActorType } from '../../events/source.js';
import { assertFieldsOfVersion, assertObjectOfVersion } from '../../http/request-guards.js';
import { AUDIT_VERSION } from '../../lib/api-versions.js';
import { storedEventTypes } from '../../lib/event-type-versions.js';

const ActorTypeSchema = Type.Union(
  [
    Type.Literal('api_key'),
    Type.Literal('manage_link'),
    Type.Literal('booking_session'),
    Type.Literal('mcp'),
    Type.Literal('console'),
    Type.Literal('worker'),
    Type.Literal('system'),
  ],
  { description: 'The door: an API key, a manage link, a booking session, the MCP endpoint, the console, a worker, or the system.' },
);
// The schema lists exactly the actor types the outbox records.
const _sameTypes: [ActorType, Static<typeof ActorTypeSchema>] = ['' as Static<typeof ActorTypeSchema>, '' as ActorType];

export const ActorSchema = Type.Object(
  {
    type: ActorTypeSchema,
    id: Nullable(Type.String({ description: "The key's id (`api_key`, `mcp`), the link's (`manage_link`), the worker's name (`worker`); null for `system`." })),
  },
  { description: 'Who made the change, through which door (docs/events.md#actors). Null on events written before actors were recorded.' },
);

export const EventSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('event'),
  account: Nullable(Type.String()),
  api_version: Type.String(),
  type: Type.String(),
  livemode: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  actor: Nullable(ActorSchema),
  request_id: Nullable(Type.String({ description: 'The Request-Id of the request that made the change; null for a worker or the system.' })),
  data: Type.Object({
    object: Type.Object({}, { additionalProperties: true }),
    previous_attributes: Nullable(Type.Object({}, { additionalProperties: true })),
    reminder: Type.Optional(
      Type.Object(
        {
          offset_minutes: Type.Integer({ description: 'The offset before the start that this reminder is for.' }),
          remind_at: Type.String({ format: 'date-time', description: 'The start minus the offset.' }),
        },
        { description: 'booking.reminder only (docs/reminders.md).' },
      ),
    ),
    source: Type.Optional(
      Type.Object(
        { type: Type.Literal('manage_link'), manage_link: Type.String() },
        { description: 'Present when the change was made by the person who booked, through a manage link (docs/manage-links.md).' },
      ),
    ),
  }),
});

const tags = ['Events'];
const KNOWN_TYPE_FILTERS = new Set<string>(['*', ...EVENT_TYPES, ...EVENT_PREFIXES]);

/**
 * The `type` query as the stored types to read. An exact type is matched as the client's
 * version names events: to a client pinned before 2027-02-01, `booking.cancelled` also finds the
 * declines it reads under that name (docs/events.md, "Versions"). Prefixes need nothing: a renamed type
 * keeps its object's prefix, and what a version does not have is left out when rendered.
 */
function typeFilter(type: string | undefined, apiVersion: string): EventFilters['type'] {
  if (type === undefined || type === '*') return undefined;
  if (type.endsWith('.*')) return { prefix: type.slice(0, -1) };
  return { exact: storedEventTypes(type, apiVersion) };
}

export function eventRoutes(app: App, db: DbHandle, clock: Clock) {
  app.get('/v1/events', {
    config: { access: { account: 'optional', permission: 'events' } },
    schema: {
      tags,
      summary: 'List events of the last 30 days, newest first (optional Service-Account narrows to one business; filter by type and by actor)',
      querystring: ListQuery(
        {
          type: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'An exact type (as your API version names it: before 2027-02-01, `booking.cancelled` also lists declines), a prefix such as `booking.*`, or `*`.' })),
          'actor.type': Type.Optional(ActorTypeSchema),
          'actor.id': Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only events made by this actor (a key id, a manage link id, a worker name).' })),
        },
        { metadata: false },
      ),
      response: { 200: ListOf(EventSchema) },
    },
    handler: async (req) => {
      const now = clock.now();
      const type = req.query.type;
      if (type !== undefined && !KNOWN_TYPE_FILTERS.has(type)) {
        throw invalid('type', `Invalid type: '${type}' is not an event type, a prefix such as 'booking.*', or '*'.`);
      }
      assertFieldsOfVersion(req, ['actor.type', 'actor.id'], AUDIT_VERSION);
      const actor = { type: req.query['actor.type'], id: req.query['actor.id'] };
      const result = await listEvents(db, platformScope(req), { type: typeFilter(type, req.auth.apiVersion), accountId: req.accountId, actor }, req.query, now);
      return toPage(result, (row) => serializeEvent(row, req.auth.apiVersion));
    },
  });

  app.get('/v1/events/:id', {
    config: { access: { account: 'none', permission: 'events' } },
    schema: { tags, summary: 'Retrieve an event', params: IdParams, response: { 200: EventSchema } },
    handler: async (req) => {
      const row = await findVisibleEvent(db, platformScope(req), req.auth.boundAccountId, req.params.id, clock.now());
      if (!row) throw notFound('event', req.params.id);
      return serializeEvent(row, req.auth.apiVersion);
    },
  });
}

export const ChangeSchema = Type.Object(
  {
    id: Type.String({ description: 'The event that recorded the change.' }),
    object: Type.Literal('booking_change'),
    type: Type.String({ description: 'The event type: `booking.created`, `booking.confirmed`, `booking.rescheduled`…' }),
    created_at: Type.String({ format: 'date-time' }),
    actor: Nullable(ActorSchema),
    request_id: Nullable(Type.String()),
    changed_attributes: Nullable(
      Type.Object({}, {
        additionalProperties: Type.Object({ previous: Type.Unknown(), current: Type.Unknown() }),
        description: 'Each attribute the change set, with its value before and after; null for the change that created the booking.',
      }),
    ),
  },
  { description: "One change of a booking, as its event recorded it (docs/events.md#a-bookings-history)." },
);

export function historyRoutes(app: App, db: DbHandle, clock: Clock) {
  app.get('/v1/bookings/:id/history', {
    config: { access: { account: 'required', permission: 'events' } },
    schema: {
      tags,
      summary: "A booking's history: its changes in order, with who made each and through which door",
      params: IdParams,
      querystring: ListQuery({}, { metadata: false }),
      response: { 200: ListOf(ChangeSchema) },
    },
    handler: async (req) => {
      assertObjectOfVersion(req, 'booking_change', AUDIT_VERSION);
      const scope = accountScope(req);
      const [booking] = await bookingsById(db, scope, [req.params.id]);
      if (!booking) throw notFound('booking', req.params.id);
      const result = await objectEvents(db, scope, scope.accountId, booking.id, req.query, clock.now());
      const page = toPage(result, (row) => serializeChange(row, req.auth.apiVersion));
      // A change whose event the reader's version does not have is left out, as the event is.
      return { ...page, data: page.data.filter((change) => change !== null) };
    },
  });
}
