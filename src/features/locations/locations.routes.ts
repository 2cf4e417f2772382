import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { Deleted, IdParams, ListOf, ListQuery, Metadata, MetadataInput, Nullable, metadataFilters } from '../../http/schemas.js';
import type { LocationsService } from './locations.service.js';

const Location = Type.Object({
  id: Type.String(),
  object: Type.Literal('location'),
  livemode: Type.Boolean(),
  name: Type.String(),
  timezone: Nullable(Type.String()),
  metadata: Metadata,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Timezone = Nullable(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone name, or null.' }));
const access = { account: 'required', permission: 'locations' } as const;
const tags = ['Locations'];

export function locationRoutes(app: App, service: LocationsService) {
  app.post('/v1/locations', {
    config: { access },
    schema: {
      tags,
      summary: 'Create a location',
      body: Type.Object({ name: Name, timezone: Type.Optional(Timezone), metadata: Type.Optional(MetadataInput) }, { additionalProperties: false }),
      response: { 200: Location },
    },
    handler: (req) => service.create(accountScope(req), req.body),
  });
  app.get('/v1/locations', {
    config: { access },
    schema: { tags, summary: 'List locations, newest first', querystring: ListQuery({}), response: { 200: ListOf(Location) } },
    handler: (req) => service.list(accountScope(req), req.query, metadataFilters(req.query)),
  });
  app.get('/v1/locations/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a location', params: IdParams, response: { 200: Location } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });
  app.post('/v1/locations/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Update a location',
      params: IdParams,
      body: Type.Object({ name: Type.Optional(Name), timezone: Type.Optional(Timezone), metadata: Type.Optional(MetadataInput) }, { additionalProperties: false }),
      response: { 200: Location },
    },
    handler: (req) => service.update(accountScope(req), req.params.id, req.body ?? {}),
  });
  app.delete('/v1/locations/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a location (409 resource_in_use while resources, blocks, schedules or future bookings use it)',
      params: IdParams,
      response: { 200: Deleted },
    },
    handler: (req) => service.delete(accountScope(req), req.params.id),
  });
}
