import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { Deleted, EmptyBody, Id, IdParams, ListOf, ListQuery, Metadata, MetadataInput, Nullable, metadataFilters } from '../../http/schemas.js';
import type { ResourcesService } from './resources.service.js';
import { BookingPolicyInput, BookingPolicySchema, BookingRulesInput, BookingRulesSchema, ResourceHolidaysInput, ResourceHolidaysSchema } from '../../capacity/index.js';
import { ReminderOffsets } from '../reminders/index.js';
import { assertFieldsOfVersion } from '../../http/request-guards.js';
import { PLANNER_VERSION } from '../../lib/api-versions.js';

/** What API version 2027-02-15 brought to a resource: unknown to clients pinned before it. */
const PLANNER_FIELDS = ['holidays', 'assignment_weight', 'assignment_priority'];

export const ResourceSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('resource'),
  livemode: Type.Boolean(),
  name: Type.String(),
  type: Type.String(),
  capacity: Type.Integer(),
  timezone: Type.String(),
  default_location: Nullable(Type.String()),
  status: Type.Union([Type.Literal('active'), Type.Literal('archived')]),
  buffer_before_minutes: Type.Integer(),
  buffer_after_minutes: Type.Integer(),
  booking_rules: BookingRulesSchema,
  holidays: ResourceHolidaysSchema,
  assignment_weight: Type.Integer({ description: "Its share of bookings under candidate_order `weighted` (since 2027-02-15)." }),
  assignment_priority: Type.Integer({ description: 'Its level under candidate_order `weighted`: lower levels are tried first (since 2027-02-15).' }),
  booking_policy: BookingPolicySchema,
  reminder_offsets_minutes: Nullable(ReminderOffsets("Minutes before a booking's start at which booking.reminder is sent; null follows the account's reminder_offsets_minutes.")),
  metadata: Metadata,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Capacity = Type.Integer({ minimum: 1, maximum: 10000, description: 'How many bookings it holds at once (a pool above 1). Default 1.' });
const Timezone = Type.String({ minLength: 1, maxLength: 64, description: "IANA time zone; default: the account's." });
const Buffer = (which: string) => Type.Integer({ minimum: 0, maximum: 1440, description: `Minutes also held ${which} the booked time. Default 0.` });
const access = { account: 'required', permission: 'resources' } as const;
const tags = ['Resources'];

/** What create and update both accept, beyond name and type. */
const Settable = {
  capacity: Type.Optional(Capacity),
  timezone: Type.Optional(Timezone),
  default_location: Type.Optional(Nullable(Id('Location id'))),
  buffer_before_minutes: Type.Optional(Buffer('before')),
  buffer_after_minutes: Type.Optional(Buffer('after')),
  booking_rules: Type.Optional(
    Type.Object(BookingRulesInput.properties, {
      additionalProperties: false,
      description:
        "This resource's booking rules, each overriding the account's; null (or absent on create): the account's applies (docs/bookings.md#booking-rules). On update, the fields given replace the stored ones.",
    }),
  ),
  holidays: Type.Optional(ResourceHolidaysInput),
  assignment_weight: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      description:
        "Under candidate_order `weighted`, its share of its level's bookings: a candidate of weight 2 takes twice as many as one of weight 1 over the fairness period (docs/bookings.md#weighted-assignment). 1 to 100, default 1.",
    }),
  ),
  assignment_priority: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 9,
      description: 'Under candidate_order `weighted`, its level: candidates of a lower level that fit are chosen first (0 to 9, default 0).',
    }),
  ),
  booking_policy: Type.Optional(
    Type.Object(BookingPolicyInput.properties, {
      additionalProperties: false,
      description:
        "This resource's booking policy, each field overriding the account's; null (or absent on create): the account's applies (docs/policies.md). On update, the fields given replace the stored ones.",
    }),
  ),
  reminder_offsets_minutes: Type.Optional(
    Nullable(ReminderOffsets("Up to 5 distinct minutes (1 to 43200) before a booking's start at which booking.reminder is sent; [] sends none; null (default) follows the account's.")),
  ),
  metadata: Type.Optional(MetadataInput),
};

export function resourceRoutes(app: App, service: ResourcesService) {
  app.post('/v1/resources', {
    config: { access },
    schema: {
      tags,
      summary: 'Create a resource',
      body: Type.Object(
        {
          name: Name,
          type: Type.String({ minLength: 1, maxLength: 200, description: 'A free label for grouping; not updatable.' }),
          ...Settable,
        },
        {
          additionalProperties: false,
          examples: [
            { name: 'Studio B', type: 'room', timezone: 'Europe/Paris', booking_rules: { min_notice_minutes: 120, max_advance_days: 60, max_per_day: 6 } },
            { name: 'Anna', type: 'stylist', timezone: 'Europe/Berlin', holidays: { country: 'DE', subdivision: 'BY' }, assignment_weight: 2, assignment_priority: 0 },
          ],
        },
      ),
      response: { 200: ResourceSchema },
    },
    handler: (req) => {
      assertFieldsOfVersion(req, PLANNER_FIELDS, PLANNER_VERSION);
      return service.create(accountScope(req), req.body);
    },
  });

  app.get('/v1/resources', {
    config: { access },
    schema: {
      tags,
      summary: 'List resources, newest first',
      querystring: ListQuery({
        type: Type.Optional(Type.String({ minLength: 1 })),
        status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('archived')])),
        default_location: Type.Optional(Id('Location id')),
      }),
      response: { 200: ListOf(ResourceSchema) },
    },
    handler: (req) => {
      const { type, status, default_location } = req.query;
      return service.list(accountScope(req), { type, status, default_location }, req.query, metadataFilters(req.query));
    },
  });

  app.get('/v1/resources/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a resource', params: IdParams, response: { 200: ResourceSchema } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });

  app.post('/v1/resources/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Update a resource (capacity, time zone and default location changes re-check future bookings)',
      params: IdParams,
      body: Type.Object(
        {
          name: Type.Optional(Name),
          ...Settable,
        },
        { additionalProperties: false },
      ),
      response: { 200: ResourceSchema },
    },
    handler: (req) => {
      assertFieldsOfVersion(req, PLANNER_FIELDS, PLANNER_VERSION);
      return service.update(accountScope(req), req.params.id, req.body ?? {});
    },
  });

  app.delete('/v1/resources/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a never-booked resource with its schedules, overrides and blocks (409 resource_in_use otherwise)',
      params: IdParams,
      response: { 200: Deleted },
    },
    handler: (req) => service.delete(accountScope(req), req.params.id),
  });

  for (const [action, status] of [['archive', 'archived'], ['unarchive', 'active']] as const) {
    app.post(`/v1/resources/:id/${action}`, {
      config: { access },
      schema: {
        tags,
        summary:
          action === 'archive'
            ? 'Archive a resource: it takes no new bookings; future bookings are flagged resource_archived'
            : 'Unarchive a resource: it takes bookings again; the resource_archived flag is cleared',
        params: IdParams,
        body: EmptyBody,
        response: { 200: ResourceSchema },
      },
      handler: (req) => service.setStatus(accountScope(req), req.params.id, status),
    });
  }
}
