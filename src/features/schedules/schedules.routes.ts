import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { DateOnly, Deleted, Id, IdParams, ListOf, ListQuery, Metadata, MetadataInput, metadataFilters } from '../../http/schemas.js';
import { DayIntervalsInput, WallIntervalSchema, WEEKDAYS } from './wall-intervals.js';
import type { SchedulesService } from './schedules.service.js';

const WeekInput = Type.Object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, Type.Optional(DayIntervalsInput)])) as Record<(typeof WEEKDAYS)[number], Type.TOptional<typeof DayIntervalsInput>>,
  { additionalProperties: false, description: 'Keys monday … sunday; a missing key is a closed day.' },
);

const WeeksInput = Type.Array(WeekInput, {
  minItems: 1,
  maxItems: 4,
  description:
    'A rotation of 1 to 4 week maps. Week i applies to the Monday-based week that is i weeks (modulo the length) after the week holding effective_from.',
});

const WeekSchema = Type.Object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, Type.Optional(Type.Array(WallIntervalSchema))])) as Record<
    (typeof WEEKDAYS)[number],
    Type.TOptional<Type.TArray<typeof WallIntervalSchema>>
  >,
);

export const ScheduleSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('schedule'),
  livemode: Type.Boolean(),
  resource: Type.String(),
  effective_from: Type.String({ format: 'date' }),
  weeks: Type.Array(WeekSchema),
  metadata: Metadata,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

const EffectiveFrom = DateOnly("First local date (resource's time zone) the schedule is in force; the latest one on or before a date wins.");
const access = { account: 'required', permission: 'schedules' } as const;
const tags = ['Schedules'];

export function scheduleRoutes(app: App, service: SchedulesService) {
  app.post('/v1/schedules', {
    config: { access },
    schema: {
      tags,
      summary: "Create a schedule (weekly hours in the resource's time zone); re-checks the resource's future bookings",
      body: Type.Object(
        { resource: Id('Resource id'), effective_from: EffectiveFrom, weeks: WeeksInput, metadata: Type.Optional(MetadataInput) },
        { additionalProperties: false },
      ),
      response: { 200: ScheduleSchema },
    },
    handler: (req) => service.create(accountScope(req), req.body),
  });

  app.get('/v1/schedules', {
    config: { access },
    schema: {
      tags,
      summary: 'List schedules, newest first',
      querystring: ListQuery({ resource: Type.Optional(Id('Only schedules of this resource')) }),
      response: { 200: ListOf(ScheduleSchema) },
    },
    handler: (req) => service.list(accountScope(req), { resource: req.query.resource }, req.query, metadataFilters(req.query)),
  });

  app.get('/v1/schedules/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a schedule', params: IdParams, response: { 200: ScheduleSchema } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });

  app.post('/v1/schedules/:id', {
    config: { access },
    schema: {
      tags,
      summary: "Update a schedule; changes to effective_from or weeks re-check the resource's future bookings",
      params: IdParams,
      body: Type.Object(
        { effective_from: Type.Optional(EffectiveFrom), weeks: Type.Optional(WeeksInput), metadata: Type.Optional(MetadataInput) },
        { additionalProperties: false },
      ),
      response: { 200: ScheduleSchema },
    },
    handler: (req) => service.update(accountScope(req), req.params.id, req.body ?? {}),
  });

  app.delete('/v1/schedules/:id', {
    config: { access },
    schema: { tags, summary: "Delete a schedule; re-checks the resource's future bookings", params: IdParams, response: { 200: Deleted } },
    handler: (req) => service.delete(accountScope(req), req.params.id),
  });
}
