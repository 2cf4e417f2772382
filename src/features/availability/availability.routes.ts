import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { DateTime, Id, Nullable } from '../../http/schemas.js';
import type { DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { searchAvailability } from './search.service.js';
import { explainAvailability } from './explain.service.js';
import { assertSegmentsOfPlannerVersion, CandidateOrderSchema, FairnessPeriodSchema, PreferPreviousResource } from '../bookings/index.js';
import { RETURNING_VERSION } from '../../lib/api-versions.js';
import { assertFieldsOfVersion } from '../../http/request-guards.js';
import { availabilityCalendarFor } from './calendar.service.js';
import { MAX_RANGE_DAYS } from './range.js';
import { MAX_SEARCH_UNITS } from './cost.js';
import { SegmentTimeFields } from '../../http/schemas.js';

const Minutes = (min: number, max: number, description: string) => Type.Integer({ minimum: min, maximum: max, description });
const Timezone = Type.String({ minLength: 1, maxLength: 64, description: "IANA time zone of slot alignment and day boundaries; default: the account's." });

export const SearchSegmentInput = Type.Object(
  {
    resource: Type.Optional(Id('Book this resource. Exactly one of resource, resources, type.')),
    resources: Type.Optional(
      Type.Array(Id(), { minItems: 1, maxItems: 50, description: 'Candidate resources, 1 to 50; the first that fits, in this order, is offered.' }),
    ),
    type: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Candidates: the active resources of this type, in creation order; at most 50, like resources (more: 400).' }),
    ),
    location: Type.Optional(Id('Location id: the resource must be working there for the whole held time.')),
    duration_minutes: Minutes(1, 10080, 'Length of the segment, 1 to 10080 minutes.'),
    offset_minutes: Type.Optional(
      Nullable(Minutes(0, MAX_RANGE_DAYS * 1440, 'Minutes from the slot start; default (or null): right after the previous segment.')),
    ),
    quantity: Type.Optional(Minutes(1, 10000, 'Units of a pool to hold (default 1).')),
    buffer_before_minutes: Type.Optional(Minutes(0, 1440, "Overrides the resource's buffer before.")),
    buffer_after_minutes: Type.Optional(Minutes(0, 1440, "Overrides the resource's buffer after.")),
    candidate_order: Type.Optional(CandidateOrderSchema),
    fairness_period: Type.Optional(FairnessPeriodSchema),
  },
  { additionalProperties: false },
);

const SearchFields = {
    from: DateTime('Earliest slot start'),
    to: DateTime(`Latest slot end; at most ${MAX_RANGE_DAYS} days after from`),
    timezone: Type.Optional(Timezone),
    segments: Type.Array(SearchSegmentInput, { minItems: 1, maxItems: 20, description: '1 to 20 segments, booked together.' }),
    slot_interval_minutes: Type.Optional(Minutes(1, 1440, 'Slot starts sit on this grid from local midnight in timezone (default 15).')),
    limit: Type.Optional(Minutes(1, 1000, 'At most this many slots (default 100); has_more and next_from say where to go on.')),
    prefer_previous_resource: Type.Optional(PreferPreviousResource('`customer_reference`, required with it')),
    customer_reference: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          "With prefer_previous_resource (since 2027-04-01): the customer, by the platform's own reference (a booking's `customer.reference`); a search has no customer object, and the customer need not have booked yet.",
      }),
    ),
};
/** What later API versions brought to search and explain, refused to clients pinned before them. */
function assertSearchOfVersion(req: FastifyRequest): void {
  assertFieldsOfVersion(req, ['prefer_previous_resource', 'customer_reference'], RETURNING_VERSION);
  assertSegmentsOfPlannerVersion(req, 'segments');
}
const COST = `Cost: (candidates of all segments) × grid starts per day × days, at most ${MAX_SEARCH_UNITS.toLocaleString('en-US')} work units; over that, 400 parameter_invalid before any work, saying what to narrow (docs/limits.md).`;

const SearchBody = Type.Object(SearchFields, {
  additionalProperties: false,
  description: COST,
  examples: [
    {
      from: '2027-03-01T00:00:00Z',
      to: '2027-03-08T00:00:00Z',
      segments: [{ resources: ['res_01m809wbg04f9bssvzxa1m8tjc', 'res_01m809wbg04f9bssvzxa1m8tjd'], duration_minutes: 60, candidate_order: 'balanced' }],
      slot_interval_minutes: 30,
    },
    {
      from: '2027-03-01T00:00:00Z',
      to: '2027-03-08T00:00:00Z',
      segments: [{ type: 'stylist', duration_minutes: 45, candidate_order: 'weighted' }],
      prefer_previous_resource: true,
      customer_reference: 'cus_4711',
    },
  ],
});

const ExplainBody = Type.Object(
  { ...SearchFields, start: DateTime('The slot start to explain; within from (inclusive) and to (exclusive).') },
  {
    additionalProperties: false,
    description: `A search request plus the start to explain. ${COST} The same budget as the search it explains.`,
    examples: [
      {
        from: '2027-03-01T00:00:00Z',
        to: '2027-03-02T00:00:00Z',
        segments: [{ resources: ['res_01m809wbg04f9bssvzxa1m8tjc', 'res_01m809wbg04f9bssvzxa1m8tjd'], duration_minutes: 60, candidate_order: 'balanced' }],
        start: '2027-03-01T09:00:00Z',
      },
    ],
  },
);

const AvailabilitySchema = Type.Object({
  object: Type.Literal('availability'),
  timezone: Type.String(),
  slots: Type.Array(
    Type.Object({
      start: Type.String({ format: 'date-time' }),
      end: Type.String({ format: 'date-time' }),
      segments: Type.Array(
        Type.Object({
          ...SegmentTimeFields,
          remaining_capacity: Type.Integer({ description: 'Units free over the whole held time before this slot is booked (≥ quantity).' }),
        }),
      ),
    }),
  ),
  has_more: Type.Boolean(),
  next_from: Nullable(Type.String({ format: 'date-time', description: 'Pass as from to get the next page; null when has_more is false.' })),
});

const ReasonSchema = Type.Object(
  {
    reason: Type.String({
      description:
        'outside_schedule, holiday, blocked, capacity_exceeded, resource_archived, start_passed, too_soon, too_far_ahead or limit_reached; older API versions see too_soon, too_far_ahead and limit_reached as start_passed, outside_schedule and capacity_exceeded, and (before 2027-02-15) holiday as outside_schedule.',
    }),
    message: Type.String(),
  },
  {
    additionalProperties: true,
    description:
      'One reason, with the objects behind it (docs/availability.md#explain): outside_schedule → held_start, held_end, location, working_days [{date, schedule, override, holiday, intervals}]; holiday → holiday {date, name, rule}, held_start, held_end, location, working_days; blocked → blocks [{id, scope, start, end}]; capacity_exceeded → capacity, requested, bookings [{booking, quantity, held_start, held_end}], this_request; too_soon / too_far_ahead → rule, limit, earliest_start / latest_start; limit_reached → rule, limit, period {from, until}, bookings [ids]; resource_archived → resource, status; start_passed → now.',
  },
);

const ExplanationSchema = Type.Object({
  object: Type.Literal('availability_explanation'),
  timezone: Type.String(),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  on_grid: Type.Boolean({ description: 'The start is on the search grid (slot_interval_minutes from local midnight) and the slot ends by to.' }),
  fits: Type.Boolean({ description: 'A booking of these segments at this start would be accepted under reject; search offers it when on_grid too.' }),
  segments: Type.Array(
    Type.Object({
      segment: Type.Integer(),
      start: Type.String({ format: 'date-time' }),
      end: Type.String({ format: 'date-time' }),
      quantity: Type.Integer(),
      fits: Type.Boolean({ description: 'Some candidate fits.' }),
      resource: Nullable(Type.String({ description: 'The candidate a booking would get (the previous resource, then candidate_order applied), or null.' })),
      previous_resource: Nullable(
        Type.Object(
          {
            outcome: Type.Union([Type.Literal('preferred'), Type.Literal('unavailable'), Type.Literal('not_a_candidate'), Type.Literal('no_history')], {
              description:
                '`preferred`: the previous resource fits and is chosen before candidate_order; `unavailable`: it is a candidate but does not fit (its reasons are listed with it, first among the candidates), so candidate_order decides among the others; `not_a_candidate`: no resource of the latest booking is a candidate of this segment; `no_history`: the customer has no completed or confirmed booking.',
            }),
            resource: Nullable(Type.String({ description: 'The previous resource among the candidates, or null.' })),
            booking: Nullable(Type.String({ description: "The customer's latest completed or confirmed booking, or null." })),
            message: Type.String(),
          },
          { description: 'With prefer_previous_resource (since 2027-04-01): what became of the customer\'s previous resource; null when not asked (docs/availability.md#explain).' },
        ),
      ),
      candidates: Type.Array(
        Type.Object({
          resource: Type.String(),
          fits: Type.Boolean(),
          reasons: Type.Array(ReasonSchema, { description: 'Every reason it does not fit; empty when it fits.' }),
        }),
        { description: 'In the order they are tried (balanced order when asked).' },
      ),
    }),
  ),
});

const CalendarSchema = Type.Object({
  object: Type.Literal('availability_calendar'),
  resource: Type.String(),
  timezone: Type.String(),
  days: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date' }),
      intervals: Type.Array(
        Type.Object({
          start: Type.String({ format: 'date-time' }),
          end: Type.String({ format: 'date-time' }),
          location: Nullable(Type.String()),
          available_capacity: Type.Integer({ description: 'Units free over the whole piece; 0 while the resource is archived.' }),
        }),
      ),
    }),
  ),
});

const tags = ['Availability'];

export function availabilityRoutes(app: App, db: DbHandle, clock: Clock) {
  app.post('/v1/availability', {
    // A search only reads: read access to availability is enough for a restricted key.
    config: { access: { account: 'required', permission: 'availability', level: 'read' } },
    schema: {
      tags,
      summary: 'Search bookable slots: every slot listed can be booked with its segments under conflict_policy reject',
      body: SearchBody,
      response: { 200: AvailabilitySchema },
    },
    handler: (req) => {
      assertSearchOfVersion(req);
      return searchAvailability(db, accountScope(req), req.body, clock.now().getTime());
    },
  });

  app.post('/v1/availability/explain', {
    // Like a search, it only reads.
    config: { access: { account: 'required', permission: 'availability', level: 'read' } },
    schema: {
      tags,
      summary: 'Explain one slot start: per segment and candidate, whether it fits, and every reason it does not with the objects behind it',
      body: ExplainBody,
      response: { 200: ExplanationSchema },
    },
    handler: (req) => {
      assertSearchOfVersion(req);
      return explainAvailability(db, accountScope(req), req.body, clock.now().getTime());
    },
  });

  app.get('/v1/availability/calendar', {
    config: { access: { account: 'required', permission: 'availability' } },
    schema: {
      tags,
      summary: "One resource's open intervals per local date (schedule after overrides, less blocks) with the free capacity over time",
      querystring: Type.Object(
        {
          resource: Id('Resource id'),
          from: DateTime('Start of the range'),
          to: DateTime(`End of the range; at most ${MAX_RANGE_DAYS} days after from`),
          location: Type.Optional(Id('Only working time at this location')),
          timezone: Type.Optional(Timezone),
        },
        { additionalProperties: false },
      ),
      response: { 200: CalendarSchema },
    },
    handler: (req) => availabilityCalendarFor(db, accountScope(req), req.query, clock.now().getTime()),
  });
}
