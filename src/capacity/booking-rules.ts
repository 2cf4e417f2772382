/**
 * The `booking_rules` object of accounts and resources (docs/bookings.md#booking-rules): its
 * schema, how an update merges into the stored one, how it reads out, and the rules in force
 * for a resource (the account's, each field overridden by the resource's own).
 */
import { Type } from 'typebox';
import type { BookingRulesRow } from '../db/schema.js';
import type { BookingRules } from '../core/availability/types.js';
import { effectiveRules } from '../core/availability/rules.js';

const FIELDS = ['min_notice_minutes', 'max_advance_days', 'max_per_day', 'max_per_week'] as const;
type Field = (typeof FIELDS)[number];

const Bound = (min: number, max: number, description: string) =>
  Type.Union([Type.Integer({ minimum: min, maximum: max }), Type.Null()], { description: `${description} ${min} to ${max}; null: no rule.` });

const FIELD_SCHEMAS = {
  min_notice_minutes: Bound(0, 525600, 'A booking must start at least this many minutes after now.'),
  max_advance_days: Bound(1, 730, 'A booking must start at most this many days (of 24 hours) after now.'),
  max_per_day: Bound(1, 1000, "At most this many bookings hold the resource per local day (the resource's time zone), counted by segment start."),
  max_per_week: Bound(1, 5000, 'At most this many per ISO week (Monday to Sunday, local), counted the same way.'),
};

export const BookingRulesInput = Type.Object(
  {
    min_notice_minutes: Type.Optional(FIELD_SCHEMAS.min_notice_minutes),
    max_advance_days: Type.Optional(FIELD_SCHEMAS.max_advance_days),
    max_per_day: Type.Optional(FIELD_SCHEMAS.max_per_day),
    max_per_week: Type.Optional(FIELD_SCHEMAS.max_per_week),
  },
  {
    additionalProperties: false,
    description:
      'Booking rules (since 2026-12-01; docs/bookings.md#booking-rules). On update, the fields given replace the stored ones; null removes one.',
    examples: [{ min_notice_minutes: 120, max_advance_days: 60, max_per_day: 6 }],
  },
);

export const BookingRulesSchema = Type.Object(
  {
    min_notice_minutes: FIELD_SCHEMAS.min_notice_minutes,
    max_advance_days: FIELD_SCHEMAS.max_advance_days,
    max_per_day: FIELD_SCHEMAS.max_per_day,
    max_per_week: FIELD_SCHEMAS.max_per_week,
  },
  {
    description:
      "Booking rules (since 2026-12-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies.",
  },
);

export type BookingRulesBody = Partial<Record<Field, number | null>>;

/** The stored object after an update (or on create: `undefined` stored = `{}`). */
export function mergeRules(stored: BookingRulesRow | null | undefined, body: BookingRulesBody | undefined): BookingRulesRow {
  const out: BookingRulesRow = {};
  for (const f of FIELDS) {
    const value = body && f in body ? body[f] : stored?.[f];
    if (value !== undefined && value !== null) out[f] = value;
  }
  return out;
}

/** The API shape: all four fields, null where not set. */
export function serializeRules(stored: BookingRulesRow | null | undefined) {
  return {
    min_notice_minutes: stored?.min_notice_minutes ?? null,
    max_advance_days: stored?.max_advance_days ?? null,
    max_per_day: stored?.max_per_day ?? null,
    max_per_week: stored?.max_per_week ?? null,
  };
}

const toCore = (row: BookingRulesRow | null | undefined): Partial<BookingRules> => ({
  minNoticeMinutes: row?.min_notice_minutes ?? null,
  maxAdvanceDays: row?.max_advance_days ?? null,
  maxPerDay: row?.max_per_day ?? null,
  maxPerWeek: row?.max_per_week ?? null,
});

/** The rules in force on a resource. */
export function rulesInForce(account: BookingRulesRow | null | undefined, resource: BookingRulesRow | null | undefined): BookingRules {
  return effectiveRules(toCore(account), toCore(resource));
}
