/** Request and response schemas of bookings and attendees (they feed the OpenAPI document). */
import { Type } from 'typebox';
import { DateTime, Id, Metadata, MetadataInput, Nullable, SegmentTimeFields } from '../../http/schemas.js';
import { CustomerInput, CustomerSchema } from '../../capacity/index.js';
import type { FastifyRequest } from 'fastify';
import { assertFieldsOfVersion, assertValuesOfVersion } from '../../http/request-guards.js';
import { PLANNER_VERSION } from '../../lib/api-versions.js';

const SharedStatuses = [
  Type.Literal('pending'),
  Type.Literal('confirmed'),
  Type.Literal('cancelled'),
  Type.Literal('expired'),
  Type.Literal('completed'),
  Type.Literal('no_show'),
] as const;
/** Booking states; `requested` waits for the business's approval (docs/policies.md#approval; API version 2027-02-01). */
export const BookingStatusSchema = Type.Union([Type.Literal('requested'), ...SharedStatuses]);
/**
 * The states an import may record: not `requested`. An import applies no booking policy, so
 * nothing would ever approve or time out an imported request, and it would hold its time forever.
 */
export const ImportStatusSchema = Type.Union([...SharedStatuses], {
  description:
    'Default: confirmed. Not `requested` (400 parameter_invalid): an import applies no booking policy, so nothing would approve or time out the request; create it with POST /v1/bookings and `requested: true` instead (docs/policies.md#imports).',
});
/** Attendee states: the booking's but `requested`, and `waitlisted` (docs/waitlists.md; API version 2027-01-10). */
export const AttendeeStatusSchema = Type.Union([...SharedStatuses, Type.Literal('waitlisted')]);

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
export const CandidateOrderSchema = Type.Union([Type.Literal('listed'), Type.Literal('balanced'), Type.Literal('weighted')], {
  description:
    'How candidate `resources` are tried. `listed` (default): in the order given. `balanced`: the fewest bookings holding the candidate on the local day of the segment start, then the one booked least recently, then the order given. `weighted` (since 2027-02-15): by `assignment_priority` (lower first), and within a level the candidate furthest below its `assignment_weight` share of the level\'s bookings in the `fairness_period`, then booked least recently, then the order given (docs/bookings.md#weighted-assignment). The first that fits is booked (docs/bookings.md#conflict-policies-and-candidates).',
});
export const FairnessPeriodSchema = Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')], {
  description:
    "Under candidate_order `weighted` (since 2027-02-15): the period over which each candidate's bookings are counted, the local day, ISO week or calendar month of the segment start in the candidate's zone. Default `week`.",
});
/**
 * What API version 2027-02-15 brought to a segment (docs/bookings.md#weighted-assignment):
 * `fairness_period`, and `weighted` among the candidate orders. A client pinned before it
 * sending them is refused, as for any field or value its version does not know. `segments`:
 * the path of the body's segment list, e.g. `template.segments`.
 */
export function assertSegmentsOfPlannerVersion(req: FastifyRequest, segments: string): void {
  assertFieldsOfVersion(req, [`${segments}[].fairness_period`], PLANNER_VERSION);
  assertValuesOfVersion(req, `${segments}[].candidate_order`, ['weighted'], PLANNER_VERSION);
}
/** `prefer_previous_resource` of bookings and searches (docs/bookings.md#returning-customers; API version 2027-04-01). */
export const PreferPreviousResource = (customer: string) =>
  Type.Boolean({
    description: `Returning customers (since 2027-04-01): each segment tries first the resource of the customer's latest completed or confirmed booking (the first of its segments' resources that is a candidate), before candidate_order (weights, priorities, balance); when it does not fit, candidate_order decides. The customer: ${customer}. Default false (docs/bookings.md#returning-customers).`,
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
    fairness_period: Type.Optional(FairnessPeriodSchema),
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
      'outside_schedule, blocked, capacity_exceeded, resource_archived, no_candidate_available, start_passed, since 2026-12-01 too_soon, too_far_ahead, limit_reached (booking rules; older versions see start_passed, outside_schedule and capacity_exceeded), and since 2027-02-15 holiday (older versions see outside_schedule).',
  }),
  message: Type.String(),
  candidates: Type.Optional(Type.Array(CandidateSchema)),
  rule: Type.Optional(
    Type.String({ description: 'Rule conflicts (since 2026-12-01): min_notice_minutes, max_advance_days, max_per_day or max_per_week.' }),
  ),
  limit: Type.Optional(Type.Integer({ description: 'Rule conflicts: the limit of that rule.' })),
  calendar_feed: Type.Optional(Type.String({ description: 'On `blocked` by busy time of a calendar feed: the feed.' })),
  event_uid: Type.Optional(Type.String({ description: "On `blocked` by busy time of a calendar feed: the event's UID." })),
  holiday: Type.Optional(
    Type.Object(
      { date: Type.String({ format: 'date' }), name: Type.String(), rule: Type.String() },
      { description: 'On `holiday` (since 2027-02-15): the public holiday that closes the day, its local date, name and rule (docs/availability.md#holidays).' },
    ),
  ),
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

export const PolicyOverrideSchema = Type.Object({
  rule: Type.Union([Type.Literal('cancel_cutoff_minutes'), Type.Literal('reschedule_cutoff_minutes')]),
  action: Type.Union([Type.Literal('cancel'), Type.Literal('reschedule')]),
  at: Type.String({ format: 'date-time' }),
});

export const ChargeSchema = Type.Object({
  id: Type.String(),
  type: Type.Union([Type.Literal('late_cancel'), Type.Literal('no_show')]),
  amount: Type.Integer({ description: "In the currency's minor units." }),
  currency: Type.String({ description: 'ISO 4217.' }),
  status: Type.Union([Type.Literal('due'), Type.Literal('settled'), Type.Literal('waived')]),
  created_at: Type.String({ format: 'date-time' }),
  closed_at: Nullable(Type.String({ format: 'date-time' })),
});

export const PaymentStatusSchema = Type.Union(
  [Type.Literal('required'), Type.Literal('partially_paid'), Type.Literal('paid'), Type.Literal('refund_due')],
  {
    description:
      'Since 2027-03-15, on a booking with a deposit (null otherwise): `required` (nothing paid), `partially_paid`, `paid` (the payments reach the deposit: a pending booking is confirmed), `refund_due` (it ended without taking place with something paid: see `refunds`). A late cancel keeps a paid deposit as the late-cancel fee: it stays `paid`.',
  },
);

const PaymentFields = {
  amount: Type.Integer({ minimum: 1, maximum: 100_000_000, description: "In the deposit's currency, in its minor units (1000 EUR: 10.00 €)." }),
  currency: Type.String({ pattern: '^[A-Z]{3}$', description: "ISO 4217, upper case; the deposit's currency." }),
  provider: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$', description: 'Who collected it, in your own terms (stripe, adyen, cash).' }),
  reference: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '^\\S(.*\\S)?$',
    description: "The provider's id of the payment (a payment intent, a receipt number). A payment is recorded once per (provider, reference) in the account.",
  }),
};

export const PaymentEntry = Type.Object({
  id: Type.String({ description: 'pay_…' }),
  ...PaymentFields,
  created_at: Type.String({ format: 'date-time' }),
});

export const RefundSchema = Type.Object({
  id: Type.String({ description: 'rfd_…' }),
  amount: Type.Integer({ description: "In the currency's minor units: what was paid of the deposit." }),
  currency: Type.String(),
  reason: Type.Union([Type.Literal('cancelled'), Type.Literal('declined'), Type.Literal('expired')], {
    description: '`cancelled` before the cancel cutoff, `declined` (by the business, or the approval timed out), `expired` (the hold lapsed before the deposit was paid in full).',
  }),
  status: Type.Literal('due', { description: 'The platform refunds it through its own provider.' }),
  created_at: Type.String({ format: 'date-time' }),
});

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
  policy_overrides: Type.Array(PolicyOverrideSchema, { description: 'Each time a secret key went past a window of the booking policy (since 2027-02-01).' }),
  charges: Type.Array(ChargeSchema, { description: 'Fees of the booking policy: a late cancel, a no-show (since 2027-02-01; docs/policies.md#fees).' }),
  deposit: Nullable(
    Type.Object(
      { amount: Type.Integer(), currency: Type.String(), hold_minutes: Type.Integer() },
      { description: 'The deposit this booking must be paid, fixed from the booking policy when it was made (since 2027-03-15; docs/policies.md#deposits). null: none.' },
    ),
  ),
  payment_status: Nullable(PaymentStatusSchema),
  amount_paid: Type.Integer({ description: "What the booking's payments add up to, in the deposit's minor units (since 2027-03-15)." }),
  payments: Type.Array(PaymentEntry, { description: 'Payments of the deposit, each (provider, reference) once (since 2027-03-15).' }),
  refunds: Type.Array(RefundSchema, { description: 'What the platform owes the customer back (since 2027-03-15).' }),
  customer: CustomerSchema,
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
  customer: CustomerSchema,
  ...LifecycleFields,
});

export const ExpiresAt = Nullable(DateTime('Only while pending; in the future. null: no expiry.'));
export const Seats = Type.Integer({ minimum: 1, maximum: 10000 });
export const CancelBody = Type.Optional(
  Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500, description: 'Stored as cancellation_reason.' })) }, { additionalProperties: false }),
);
export const OverridePolicy = Type.Boolean({
  description:
    'Secret keys only (403 permission_denied otherwise): go past the booking policy’s window; the booking records it in `policy_overrides` (docs/policies.md#override). Since 2027-02-01.',
});
export const BookingCancelBody = Type.Optional(
  Type.Object(
    {
      reason: Type.Optional(Type.String({ maxLength: 500, description: 'Stored as cancellation_reason.' })),
      override_policy: Type.Optional(OverridePolicy),
    },
    { additionalProperties: false },
  ),
);
export { MetadataInput, CustomerInput };

/** `customer.reference=…`: lists of bookings and attendees filtered by the customer (since 2027-02-01). */
export const CustomerReferenceFilter = {
  'customer.reference': Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "Only those of this customer (the platform's reference)." })),
};

/** Examples of POST /v1/bookings: candidates in balanced and in weighted order; a booking made for the customer; a returning customer. */
export const CREATE_EXAMPLES = [
  {
    segments: [
      {
        resources: ['res_01m809wbg04f9bssvzxa1m8tjc', 'res_01m809wbg04f9bssvzxa1m8tjd'],
        candidate_order: 'balanced',
        start: '2027-03-10T10:00:00Z',
        end: '2027-03-10T11:00:00Z',
      },
    ],
  },
  {
    segments: [
      {
        resources: ['res_01m809wbg04f9bssvzxa1m8tjc', 'res_01m809wbg04f9bssvzxa1m8tjd'],
        candidate_order: 'weighted',
        fairness_period: 'month',
        start: '2027-03-10T10:00:00Z',
        end: '2027-03-10T11:00:00Z',
      },
    ],
  },
  {
    segments: [{ resource: 'res_01m809wbg04f9bssvzxa1m8tjc', start: '2027-03-10T10:00:00Z', end: '2027-03-10T11:00:00Z' }],
    requested: true,
    customer: { reference: 'cus_829', name: 'Ada Lovelace', email: 'ada@example.com' },
  },
  {
    segments: [
      {
        resources: ['res_01m809wbg04f9bssvzxa1m8tjc', 'res_01m809wbg04f9bssvzxa1m8tjd'],
        candidate_order: 'weighted',
        start: '2027-03-17T10:00:00Z',
        end: '2027-03-17T11:00:00Z',
      },
    ],
    customer: { reference: 'cus_4711', name: 'Ada Lovelace' },
    prefer_previous_resource: true,
  },
];

/** The body of POST /v1/bookings (here, not inline: the routes file would pass 250 lines). */
export const BookingCreateBody = Type.Object(
  {
    segments: Segments,
    status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('confirmed')], { description: 'Default: confirmed.' })),
    expires_at: Type.Optional(ExpiresAt),
    seats: Type.Optional(Nullable(Seats)),
    ...WaitlistInput,
    conflict_policy: Type.Optional(PolicySchema),
    replaces: Type.Optional(Id('Reschedule this booking: it is cancelled with replaced_by, its attendees move here.')),
    metadata: Type.Optional(MetadataInput),
    customer: Type.Optional(CustomerInput),
    prefer_previous_resource: Type.Optional(PreferPreviousResource('`customer.reference`, required with it (with `replaces`, the old booking\'s customer when none is given)')),
    requested: Type.Optional(
      Type.Boolean({
        description:
          'Made for the customer (since 2027-02-01): under a booking policy with `approval: required` it starts `requested` and waits for approval (docs/policies.md#approval). MCP tools always pass it.',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: CREATE_EXAMPLES,
  },
);

export const PaymentBodySchema = Type.Object(PaymentFields, {
  additionalProperties: false,
  examples: [{ amount: 2000, currency: 'EUR', provider: 'stripe', reference: 'pi_3QxY2eLkdIwHu7ix0a1b2c3d' }],
});

export const PAYMENT_DESCRIPTION =
  "The service never moves money: the platform collects the deposit through its own provider, then records it here (docs/policies.md#deposits; since 2027-03-15). A repeat of the same (provider, reference) returns the same payment and writes nothing (sent again with another amount or currency, or on another booking: 400 idempotency_key_reused, param `reference`). A payment in another currency than the deposit's is 400 parameter_invalid. Once the payments reach the deposit a pending booking is confirmed (booking.payment_recorded, then booking.confirmed); a requested one still waits for approval. 409 invalid_state_transition when the booking has no deposit, is already paid, or is no longer waiting for it; after the hold's expires_at the payment is refused and the booking stays expired (its time may already be taken): refund it through the provider.";

export const PaymentSchema = Type.Object(
  {
    object: Type.Literal('payment'),
    ...PaymentEntry.properties,
    booking: BookingSchema,
  },
  { description: 'The payment recorded (or, for a repeat, the one recorded before) and the booking after it.' },
);
