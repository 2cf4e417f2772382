/** Request and response schemas of bookings and attendees (they feed the OpenAPI document). */
import { Type } from 'typebox';
import { DateTime, Id, Metadata, MetadataInput, Nullable, SegmentTimeFields } from '../../http/schemas.js';

export const BookingStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('confirmed'),
  Type.Literal('cancelled'),
  Type.Literal('expired'),
  Type.Literal('completed'),
  Type.Literal('no_show'),
]);
/** Attendee states: the booking's, and `waitlisted` (docs/waitlists.md; API version 2027-01-10). */
export const AttendeeStatusSchema = Type.Union([...BookingStatusSchema.anyOf, Type.Literal('waitlisted')]);

/** The waitlist settings of a booking with seats (create and update bodies). */
export const WaitlistInput = {
  waitlist_limit: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 10000,
      description: 'How many attendees may wait for a seat once the seats are full (0, the default: no waitlist). Needs `seats`.',
    }),
  ),
  waitlist_hold_minutes: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 10080,
      description: 'A promoted attendee becomes pending with a hold of this many minutes (0, the default: confirmed at once).',
    }),
  ),
};

export const PolicySchema = Type.Union([Type.Literal('reject'), Type.Literal('capacity_only'), Type.Literal('allow')], {
  description:
    '`reject` (default) refuses any conflict with 409 booking_conflict; `capacity_only` refuses capacity_exceeded, no_candidate_available and resource_archived and records the rest on the booking; `allow` refuses only resource_archived (and a segment no candidate can take) and records everything else.',
});
export const CandidateOrderSchema = Type.Union([Type.Literal('listed'), Type.Literal('balanced')], {
  description:
    'How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates).',
});
const Buffer = (which: string) =>
  Type.Integer({ minimum: 0, maximum: 1440, description: `Minutes also held ${which} the segment; default: the resource's.` });

export const SegmentInput = Type.Object(
  {
    start: DateTime('Segment start (any RFC 3339 offset).'),
    end: DateTime('Segment end; after start.'),
    resource: Type.Optional(Id('Book this resource. Exactly one of resource or resources.')),
    resources: Type.Optional(
      Type.Array(Id('Candidate resource id'), {
        minItems: 1,
        maxItems: 50,
        description: 'Candidates, in order of preference: the first that fits is booked.',
      }),
    ),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, description: 'Units of a pool (default 1).' })),
    location: Type.Optional(Nullable(Id('The resource must work at this location for the whole held time; default: the schedule interval’s, then the resource’s default_location.'))),
    buffer_before_minutes: Type.Optional(Buffer('before')),
    buffer_after_minutes: Type.Optional(Buffer('after')),
    candidate_order: Type.Optional(CandidateOrderSchema),
  },
  { additionalProperties: false },
);
export const Segments = Type.Array(SegmentInput, { minItems: 1, maxItems: 20 });

export const CandidateSchema = Type.Object({ resource: Type.String(), reason: Type.String() });
export const ConflictSchema = Type.Object({
  segment: Type.Integer(),
  resource: Nullable(Type.String()),
  reason: Type.String({
    description:
      'outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, and since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded).',
  }),
  message: Type.String(),
  candidates: Type.Optional(Type.Array(CandidateSchema)),
  rule: Type.Optional(
    Type.String({ description: 'Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week.' }),
  ),
  limit: Type.Optional(Type.Integer({ description: 'Rule conflicts: the limit of that rule.' })),
  calendar_feed: Type.Optional(Type.String({ description: 'On `blocked` by busy time of a calendar feed: the feed.' })),
  event_uid: Type.Optional(Type.String({ description: "On `blocked` by busy time of a calendar feed: the event's UID." })),
});

/** The fields bookings and attendees share at the end of their shape (capacity/lifecycle.ts). */
const LifecycleFields = {
  cancellation_reason: Nullable(Type.String()),
  confirmed_at: Nullable(Type.String({ format: 'date-time' })),
  cancelled_at: Nullable(Type.String({ format: 'date-time' })),
  metadata: Metadata,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

export const BookingSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('booking'),
  livemode: Type.Boolean(),
  status: BookingStatusSchema,
  expires_at: Nullable(Type.String({ format: 'date-time' })),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  segments: Type.Array(
    Type.Object({
      ...SegmentTimeFields,
      buffer_before_minutes: Type.Integer(),
      buffer_after_minutes: Type.Integer(),
    }),
  ),
  seats: Nullable(Type.Integer()),
  seats_taken: Nullable(Type.Integer()),
  conflict_policy: PolicySchema,
  conflicted: Type.Boolean(),
  conflicts: Nullable(Type.Array(ConflictSchema)),
  series: Nullable(Type.String()),
  occurrence_key: Nullable(Type.String()),
  replaces: Nullable(Type.String()),
  replaced_by: Nullable(Type.String()),
  waitlist_limit: Type.Integer({ description: 'Attendees that may wait for a seat (0: no waitlist).' }),
  waitlist_hold_minutes: Type.Integer({ description: 'The hold of a promoted attendee (0: promoted to confirmed).' }),
  ...LifecycleFields,
});

export const AttendeeSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('attendee'),
  livemode: Type.Boolean(),
  booking: Type.String(),
  status: AttendeeStatusSchema,
  seats: Type.Integer(),
  expires_at: Nullable(Type.String({ format: 'date-time' })),
  waitlist_position: Nullable(Type.Integer({ minimum: 1, description: 'The place in line while waitlisted (1: next to be promoted); null otherwise.' })),
  ...LifecycleFields,
});

export const ExpiresAt = Nullable(DateTime('Only while pending; in the future. null: no expiry.'));
export const Seats = Type.Integer({ minimum: 1, maximum: 10000 });
export const CancelBody = Type.Optional(
  Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500, description: 'Stored as cancellation_reason.' })) }, { additionalProperties: false }),
);
export { MetadataInput };
