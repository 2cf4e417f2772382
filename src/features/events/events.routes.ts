import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { platformScope } from '../../http/context.js';
import { invalid, notFound } from '../../lib/errors.js';
import { EVENT_PREFIXES, EVENT_TYPES } from '../../events/catalogue.js';
import { IdParams, ListOf, ListQuery, Nullable } from '../../http/schemas.js';
import { toPage } from '../../db/pagination.js';
import type { DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { findVisibleEvent, listEvents } from '../../events/events.repository.js';
import { serializeEvent } from './events.serializer.js';

export const EventSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('event'),
  account: Nullable(Type.String()),
  api_version: Type.String(),
  type: Type.String(),
  livemode: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
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

export function eventRoutes(app: App, db: DbHandle, clock: Clock) {
  app.get('/v1/events', {
    config: { access: { account: 'optional', permission: 'events' } },
    schema: {
      tags,
      summary: 'List events of the last 30 days, newest first (optional Service-Account narrows to one business)',
      querystring: ListQuery(
        { type: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'An exact type, a prefix such as `booking.*`, or `*`.' })) },
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
      const result = await listEvents(db, platformScope(req), { type: req.query.type, accountId: req.accountId }, req.query, now);
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
