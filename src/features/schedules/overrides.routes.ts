import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { DateOnly, Deleted, Id, IdParams, ListOf, ListQuery, Metadata, MetadataInput, metadataFilters } from '../../http/schemas.js';
import { DayIntervalsInput, WallIntervalSchema } from './wall-intervals.js';
import type { OverridesService } from './overrides.service.js';

export const OverrideSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('schedule_override'),
  livemode: Type.Boolean(),
  resource: Type.String(),
  date: Type.String({ format: 'date' }),
  intervals: Type.Array(WallIntervalSchema),
  metadata: Metadata,
  created_at: Type.String({ format: 'date-time' }),
});

const access = { account: 'required', permission: 'schedules' } as const;
const tags = ['Schedule overrides'];

export function overrideRoutes(app: App, service: OverridesService) {
  app.post('/v1/schedule_overrides', {
    config: { access },
    schema: {
      tags,
      summary: "Replace one local date's hours of a resource ([] closes the day); one per resource and date (409 override_exists)",
      body: Type.Object(
        {
          resource: Id('Resource id'),
          date: DateOnly("Local date in the resource's time zone"),
          intervals: DayIntervalsInput,
          metadata: Type.Optional(MetadataInput),
        },
        { additionalProperties: false },
      ),
      response: { 200: OverrideSchema },
    },
    handler: (req) => service.create(accountScope(req), req.body),
  });

  app.get('/v1/schedule_overrides', {
    config: { access },
    schema: {
      tags,
      summary: 'List schedule overrides, newest first',
      querystring: ListQuery({
        resource: Type.Optional(Id('Only overrides of this resource')),
        from_date: Type.Optional(DateOnly('Only overrides on or after this date')),
        to_date: Type.Optional(DateOnly('Only overrides on or before this date')),
      }),
      response: { 200: ListOf(OverrideSchema) },
    },
    handler: (req) => {
      const { resource, from_date, to_date } = req.query;
      return service.list(accountScope(req), { resource, from_date, to_date }, req.query, metadataFilters(req.query));
    },
  });

  app.get('/v1/schedule_overrides/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a schedule override', params: IdParams, response: { 200: OverrideSchema } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });

  app.post('/v1/schedule_overrides/:id', {
    config: { access },
    schema: {
      tags,
      summary: "Update a schedule override's intervals or metadata; interval changes re-check the resource's future bookings",
      params: IdParams,
      body: Type.Object({ intervals: Type.Optional(DayIntervalsInput), metadata: Type.Optional(MetadataInput) }, { additionalProperties: false }),
      response: { 200: OverrideSchema },
    },
    handler: (req) => service.update(accountScope(req), req.params.id, req.body ?? {}),
  });

  app.delete('/v1/schedule_overrides/:id', {
    config: { access },
    schema: { tags, summary: "Delete a schedule override; re-checks the resource's future bookings", params: IdParams, response: { 200: Deleted } },
    handler: (req) => service.delete(accountScope(req), req.params.id),
  });
}
