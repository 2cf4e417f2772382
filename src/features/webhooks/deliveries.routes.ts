import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { platformScope } from '../../http/context.js';
import { notFound } from '../../lib/errors.js';
import { DateTime, Id, IdParams, ListOf, ListQuery, Metadata, Nullable } from '../../http/schemas.js';
import { toPage } from '../../db/pagination.js';
import type { DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { findVisibleEvent } from '../events/index.js';
import { findEndpoint } from './endpoints.repository.js';
import { listDeliveries } from './deliveries.repository.js';
import { serializeDelivery } from './deliveries.serializer.js';
import type { ResendService } from './resend.service.js';

const Time = Type.String({ format: 'date-time' });
const NullableTime = Nullable(Time);

const DeliveryStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('sending'), Type.Literal('succeeded'), Type.Literal('failed')],
  { description: 'pending (waiting for next_attempt_at), sending (an attempt is in flight), succeeded, failed (attempts exhausted).' },
);

const DeliverySchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_delivery'),
  livemode: Type.Boolean(),
  event: Type.String(),
  event_type: Nullable(Type.String()),
  endpoint: Type.String(),
  status: DeliveryStatus,
  attempts: Type.Integer(),
  next_attempt_at: NullableTime,
  last_attempt_at: NullableTime,
  last_response_status: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  resent_at: NullableTime,
  recent_attempts: Type.Array(
    Type.Object({
      attempted_at: Time,
      response_status: Nullable(Type.Integer()),
      error: Nullable(Type.String()),
      duration_ms: Type.Integer(),
    }),
  ),
  metadata: Metadata,
  created_at: Time,
});

const ResendSchema = Type.Object({
  object: Type.Literal('webhook_resend'),
  livemode: Type.Boolean(),
  endpoint: Type.String(),
  since: Time,
  until: Time,
  requeued: Type.Integer(),
  queued: Type.Integer(),
  expedited: Type.Integer(),
  has_more: Type.Boolean(),
  note: Type.Optional(Type.String()),
});

const DeliveriesQuery = ListQuery({ status: Type.Optional(DeliveryStatus) }, { metadata: false });

export function deliveryRoutes(app: App, db: DbHandle, clock: Clock, resend: ResendService) {
  const eventAccess = { account: 'none', permission: 'events' } as const;
  const endpointAccess = { account: 'none', permission: 'webhook_endpoints' } as const;

  app.get('/v1/events/:id/deliveries', {
    config: { access: eventAccess },
    schema: {
      tags: ['Events'],
      summary: 'List the webhook deliveries of an event, newest first',
      params: IdParams,
      querystring: DeliveriesQuery,
      response: { 200: ListOf(DeliverySchema) },
    },
    handler: async (req) => {
      const scope = platformScope(req);
      const event = await findVisibleEvent(db, scope, req.auth.boundAccountId, req.params.id, clock.now());
      if (!event) throw notFound('event', req.params.id);
      return toPage(await listDeliveries(db, scope, { eventId: event.id, status: req.query.status }, req.query), serializeDelivery);
    },
  });

  app.post('/v1/events/:id/resend', {
    // It sends to the endpoint its body names: the same grant as an endpoint's own resend.
    config: { access: { ...eventAccess, names: { webhook_endpoints: 'write' } } },
    schema: {
      tags: ['Events'],
      summary: 'Send an event again to one endpoint: a new delivery with a fresh set of retries',
      params: IdParams,
      body: Type.Object({ endpoint: Id('A webhook endpoint id (same platform and mode)') }, { additionalProperties: false }),
      response: { 200: DeliverySchema },
    },
    handler: (req) => resend.resendEvent(platformScope(req), req.params.id, req.body.endpoint, req.auth.boundAccountId),
  });

  app.get('/v1/webhook_endpoints/:id/deliveries', {
    config: { access: endpointAccess },
    schema: {
      tags: ['Webhook endpoints'],
      summary: 'List the deliveries of an endpoint, newest first',
      params: IdParams,
      querystring: DeliveriesQuery,
      response: { 200: ListOf(DeliverySchema) },
    },
    handler: async (req) => {
      const scope = platformScope(req);
      const endpoint = await findEndpoint(db, scope, req.params.id);
      if (!endpoint) throw notFound('webhook endpoint', req.params.id);
      return toPage(await listDeliveries(db, scope, { endpointId: endpoint.id, status: req.query.status }, req.query), serializeDelivery);
    },
  });

  app.post('/v1/webhook_endpoints/:id/resend', {
    config: { access: endpointAccess },
    schema: {
      tags: ['Webhook endpoints'],
      summary:
        'Catch up an endpoint over a window of events (default: the last 30 days): failed deliveries are requeued, waiting ones expedited, missing ones queued; at most 1000 per call',
      params: IdParams,
      body: Type.Optional(
        Type.Object(
          { since: Type.Optional(DateTime('Events created at or after (default: 30 days ago)')), until: Type.Optional(DateTime('Events created at or before (default: now)')) },
          { additionalProperties: false },
        ),
      ),
      response: { 200: ResendSchema },
    },
    handler: (req) => resend.resendEndpoint(platformScope(req), req.params.id, req.body ?? {}),
  });
}
