import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { platformScope } from '../../http/context.js';
import { Deleted, IdParams, ListOf, ListQuery, Metadata, MetadataInput, Nullable, metadataFilters } from '../../http/schemas.js';
import { API_VERSIONS } from '../../lib/api-versions.js';
import type { EndpointsService } from './endpoints.service.js';

const Time = Type.String({ format: 'date-time' });
const NullableTime = Nullable(Time);

const EndpointSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_endpoint'),
  livemode: Type.Boolean(),
  url: Type.String(),
  enabled_events: Type.Array(Type.String()),
  api_version: Type.String(),
  status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
  disabled_reason: Nullable(Type.Union([Type.Literal('manual'), Type.Literal('failing')])),
  disabled_at: NullableTime,
  last_success_at: NullableTime,
  failing_since: NullableTime,
  consecutive_failures: Type.Integer(),
  description: Nullable(Type.String()),
  metadata: Metadata,
  created_at: Time,
  updated_at: Time,
  secret: Type.Optional(Type.String({ description: '`whsec_` + base64 of 32 random bytes. Returned only by create.' })),
});

/** Endpoints belong to the platform: auth refuses keys bound to one account (src/tenancy). */
const access = { account: 'none', permission: 'webhook_endpoints' } as const;
const tags = ['Webhook endpoints'];

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'Where events are POSTed. Live mode needs https; destinations that are not globally reachable (private, loopback, link-local and the other blocks of the IANA special-purpose address registries, site-local, multicast) are refused unless the operator allows them.',
});
const EnabledEvents = Type.Array(
  Type.String({ minLength: 1, maxLength: 100 }),
  { minItems: 1, maxItems: 100, description: "Exact event types, prefixes such as 'booking.*', or '*'." },
);
const ApiVersionField = Type.String({ minLength: 1, maxLength: 20, description: `The version events are rendered in (${API_VERSIONS.join(', ')}); default: the platform's.` });
const Description = Nullable(Type.String({ maxLength: 500 }));

/** The free labels of an endpoint, on create and update. */
const Labels = { description: Type.Optional(Description), metadata: Type.Optional(MetadataInput) };

export function endpointRoutes(app: App, service: EndpointsService) {
  app.post('/v1/webhook_endpoints', {
    // The secret is stored only encrypted (docs/configuration.md#secrets-key), never in a stored replay.
    config: { access, replayOmits: ['secret'] },
    schema: {
      tags,
      summary: 'Create a webhook endpoint (the response carries its signing secret, shown only this once)',
      description:
        'At most 16 endpoints per platform and mode: a 17th is 400 parameter_invalid. Each endpoint is delivered to in a lane of its own: at most 16 attempts in flight, 1 while its last attempt failed (docs/webhooks.md#delivery-lanes).',
      body: Type.Object(
        {
          url: Url,
          enabled_events: EnabledEvents,
          api_version: Type.Optional(ApiVersionField),
          ...Labels,
        },
        { additionalProperties: false },
      ),
      response: { 200: EndpointSchema },
    },
    handler: (req) => service.create(platformScope(req), req.body),
  });

  app.get('/v1/webhook_endpoints', {
    config: { access },
    schema: { tags, summary: 'List webhook endpoints, newest first', querystring: ListQuery({}), response: { 200: ListOf(EndpointSchema) } },
    handler: (req) => service.list(platformScope(req), req.query, metadataFilters(req.query)),
  });

  app.get('/v1/webhook_endpoints/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a webhook endpoint', params: IdParams, response: { 200: EndpointSchema } },
    handler: (req) => service.get(platformScope(req), req.params.id),
  });

  app.post('/v1/webhook_endpoints/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Update a webhook endpoint; `disabled: true` disables it (reason manual), `disabled: false` enables it and resets its failure count',
      params: IdParams,
      body: Type.Object(
        {
          url: Type.Optional(Url),
          enabled_events: Type.Optional(EnabledEvents),
          api_version: Type.Optional(ApiVersionField),
          disabled: Type.Optional(Type.Boolean()),
          ...Labels,
        },
        { additionalProperties: false },
      ),
      response: { 200: EndpointSchema },
    },
    handler: (req) => service.update(platformScope(req), req.params.id, req.body ?? {}),
  });

  app.delete('/v1/webhook_endpoints/:id', {
    config: { access },
    schema: { tags, summary: 'Delete a webhook endpoint and its pending deliveries', params: IdParams, response: { 200: Deleted } },
    handler: (req) => service.delete(platformScope(req), req.params.id),
  });
}
