/** Request and response schemas of series (they feed the OpenAPI document; docs/series.md). */
import { Type } from 'typebox';
import { DateOnly, DateTime, Id, Metadata, MetadataInput, Nullable } from '../../http/schemas.js';
import { CandidateOrderSchema, FairnessPeriodSchema, ConflictSchema, PolicySchema } from '../bookings/index.js';

export const SeriesStatusSchema = Type.Union([Type.Literal('active'), Type.Literal('ended'), Type.Literal('cancelled')]);

const Buffer = (which: string) =>
  Type.Integer({ minimum: 0, maximum: 1440, description: `Minutes also held ${which} the segment; null or absent: the resource's.` });

export const TemplateSegmentInput = Type.Object(
  {
    resource: Type.Optional(Id('Book this resource at every occurrence. Exactly one of resource or resources.')),
    resources: Type.Optional(
      Type.Array(Id('Candidate resource id'), { minItems: 1, maxItems: 50, description: 'Candidates in order of preference: at each occurrence the first that fits is booked.' }),
    ),
    offset_minutes: Type.Optional(
      Nullable(Type.Integer({ minimum: 0, maximum: 10080, description: 'Minutes from the occurrence start; null or absent: right after the previous segment (0 for the first).' })),
    ),
    duration_minutes: Type.Integer({ minimum: 1, maximum: 10080 }),
    quantity: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10000, description: 'Units of a pool; null or absent: 1.' }))),
    location: Type.Optional(Nullable(Id('As in a booking: the resource must work there; null: the schedule interval’s, then the default.'))),
    buffer_before_minutes: Type.Optional(Nullable(Buffer('before'))),
    buffer_after_minutes: Type.Optional(Nullable(Buffer('after'))),
    candidate_order: Type.Optional(CandidateOrderSchema),
    fairness_period: Type.Optional(FairnessPeriodSchema),
  },
  { additionalProperties: false },
);

export const TemplateInput = Type.Object(
  {
    segments: Type.Array(TemplateSegmentInput, { minItems: 1, maxItems: 20 }),
    seats: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 10000, description: 'Seats of every occurrence; null: none.' }))),
    metadata: Type.Optional(Nullable(MetadataInput)),
  },
  { additionalProperties: false, description: 'The booking made at each occurrence. Input mirrors output.' },
);

export const TemplateSchema = Type.Object({
  segments: Type.Array(
    Type.Object({
      resource: Nullable(Type.String()),
      resources: Nullable(Type.Array(Type.String())),
      offset_minutes: Nullable(Type.Integer()),
      duration_minutes: Type.Integer(),
      quantity: Nullable(Type.Integer()),
      location: Nullable(Type.String()),
      buffer_before_minutes: Nullable(Type.Integer()),
      buffer_after_minutes: Nullable(Type.Integer()),
      candidate_order: CandidateOrderSchema,
      fairness_period: FairnessPeriodSchema,
    }),
  ),
  seats: Nullable(Type.Integer()),
  metadata: Nullable(Metadata),
});

export const Rrule = Type.String({
  minLength: 1,
  maxLength: 1000,
  description:
    'RFC 5545 RRULE without DTSTART: FREQ (DAILY, WEEKLY, MONTHLY, YEARLY), INTERVAL, COUNT, UNTIL (UTC, inclusive), BYDAY (with ordinals for MONTHLY/YEARLY), BYMONTHDAY, BYMONTH, BYSETPOS, WKST. Expanded in local wall time (docs/series.md).',
  examples: ['FREQ=WEEKLY;BYDAY=MO,WE', 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=12'],
});
export const StartTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local wall time of every occurrence, HH:MM (00:00–23:59).', examples: ['09:00'] });
export const Timezone = Type.String({ minLength: 1, maxLength: 64, description: "IANA zone of the rule; default: the account's." });
export const HorizonDays = Type.Integer({ minimum: 1, maximum: 730, description: 'Occurrences are booked this many days ahead (default 90).' });

export const SeriesSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('series'),
  livemode: Type.Boolean(),
  status: SeriesStatusSchema,
  rrule: Type.String(),
  start_date: Type.String({ format: 'date' }),
  start_time: Type.String(),
  timezone: Type.String(),
  template: TemplateSchema,
  horizon_days: Type.Integer(),
  conflict_policy: PolicySchema,
  generated_until: Nullable(Type.String({ format: 'date-time' })),
  ends_before: Nullable(Type.String({ format: 'date-time' })),
  split_from: Nullable(Type.String()),
  split_into: Nullable(Type.String()),
  metadata: Metadata,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const SkippedOccurrenceSchema = Type.Object({
  object: Type.Literal('skipped_occurrence'),
  series: Type.String(),
  occurrence_key: Type.String({ description: 'Local start at the rule’s wall time, e.g. 2027-03-14T09:00.' }),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  conflicts: Type.Array(ConflictSchema),
});

export const CreateSeriesBody = Type.Object(
  {
    rrule: Rrule,
    start_date: DateOnly('DTSTART’s local date.'),
    start_time: StartTime,
    template: TemplateInput,
    timezone: Type.Optional(Timezone),
    horizon_days: Type.Optional(HorizonDays),
    conflict_policy: Type.Optional(PolicySchema),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
);

export const UpdateSeriesBody = Type.Object(
  {
    horizon_days: Type.Optional(HorizonDays),
    metadata: Type.Optional(MetadataInput),
    rrule: Type.Optional(Rrule),
    start_time: Type.Optional(StartTime),
    template: Type.Optional(TemplateInput),
    conflict_policy: Type.Optional(PolicySchema),
    from: Type.Optional(DateTime('rrule, start_time, template and conflict_policy apply from this instant (default now; a past one counts as now).')),
    on_conflict: Type.Optional(
      Type.Union([Type.Literal('skip'), Type.Literal('fail')], {
        description: '`skip` (default): occurrences that conflict are skipped. `fail`: 409 booking_conflict listing them, and nothing changes.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const SplitSeriesBody = Type.Object(
  {
    at: DateTime('The new series takes over from this instant (in the future).'),
    rrule: Type.Optional(Rrule),
    start_time: Type.Optional(StartTime),
    timezone: Type.Optional(Timezone),
    template: Type.Optional(TemplateInput),
    conflict_policy: Type.Optional(PolicySchema),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
);

export const CancelSeriesBody = Type.Optional(
  Type.Object(
    { from: Type.Optional(DateTime('Cancel occurrences from this instant; absent or not in the future: the whole series.')) },
    { additionalProperties: false },
  ),
);

export const EXAMPLE_TEMPLATE = {
  segments: [{ resource: 'res_01m809wbg04f9bssvzxa1m8tjc', duration_minutes: 60 }],
  seats: 8,
  metadata: { class: 'yoga-beginners' },
};
