/**
 * The `holidays` setting of accounts and resources (docs/availability.md#holidays): its schema,
 * its check against the holiday library, how it is stored and read out, and the setting in
 * force for a resource (its own, else the account's; `null` on the resource turns them off).
 */
import { Type } from 'typebox';
import type { HolidaysRow, ResourceHolidaysRow } from '../db/schema.js';
import { checkHolidaySource, HOLIDAY_TYPES, type HolidaySource, type HolidayType } from '../lib/holidays.js';

/** One of the library's holiday types. */
export const HolidayTypeSchema = Type.Union([
  Type.Literal('public'),
  Type.Literal('bank'),
  Type.Literal('school'),
  Type.Literal('optional'),
  Type.Literal('observance'),
]);

/** The one value of a resource's `holidays` that follows its account. */
export const FOLLOW_ACCOUNT = 'account' as const;

const HolidaysObject = (description: string) =>
  Type.Object(
    {
      country: Type.String({ minLength: 2, maxLength: 2, pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2 country code, as GET /v1/holidays knows it (e.g. `DE`, `US`).' }),
      subdivision: Type.Optional(
        Type.Union([Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$' }), Type.Null()], {
          description: 'The region: the part of its ISO 3166-2 code after the dash (`BY` for DE-BY, `CA` for US-CA); null: the country\'s holidays only.',
        }),
      ),
      types: Type.Optional(
        Type.Array(HolidayTypeSchema, {
          minItems: 1,
          maxItems: HOLIDAY_TYPES.length,
          uniqueItems: true,
          description: 'Which kinds of holiday close the day; default `["public"]`.',
        }),
      ),
    },
    { additionalProperties: false, description },
  );

const HolidaysOut = Type.Object(
  {
    country: Type.String(),
    subdivision: Type.Union([Type.String(), Type.Null()]),
    types: Type.Array(HolidayTypeSchema),
  },
  { description: 'Which public holidays close the days (since 2027-02-15).' },
);

/** An account's `holidays` in a request: the object, or null (none). */
export const AccountHolidaysInput = Type.Union([HolidaysObject('The default holidays of the account\'s resources (since 2027-02-15; docs/availability.md#holidays).'), Type.Null()], {
  description: "The public holidays that close the account's resources' days, by country and region (since 2027-02-15; docs/availability.md#holidays); null: none. On update, replaces the stored value.",
  examples: [{ country: 'DE', subdivision: 'BY' }],
});

/** A resource's `holidays` in a request: its own object, null (off), or `"account"` (the account's). */
export const ResourceHolidaysInput = Type.Union(
  [HolidaysObject("The resource's own holidays, replacing the account's."), Type.Null(), Type.Literal(FOLLOW_ACCOUNT)],
  {
    description:
      'The public holidays that close this resource\'s days, as local dates in its zone (since 2027-02-15; docs/availability.md#holidays): its own object, replacing the account\'s; null: none for this resource; `"account"` (the default): the account\'s.',
    examples: [{ country: 'US', subdivision: 'CA', types: ['public'] }],
  },
);

export const AccountHolidaysSchema = Type.Union([HolidaysOut, Type.Null()], {
  description: "The default public holidays of the account's resources (since 2027-02-15); null: none.",
});

export const ResourceHolidaysSchema = Type.Union([HolidaysOut, Type.Null(), Type.Literal(FOLLOW_ACCOUNT)], {
  description: 'The resource\'s public holidays (since 2027-02-15): its own, null (none), or `"account"` (the account\'s).',
});

export interface HolidaysBody {
  country: string;
  subdivision?: string | null;
  types?: HolidayType[];
}

const toRow = (body: HolidaysBody): HolidaysRow => ({ country: body.country, subdivision: body.subdivision ?? null, types: body.types ?? ['public'] });

/**
 * The value to store for an account's `holidays` given in a request (undefined: not given),
 * checked against the library: 400 naming `holidays.country`, `.subdivision` or `.types`.
 */
export async function accountHolidaysRow(body: HolidaysBody | null | undefined): Promise<HolidaysRow | null | undefined> {
  if (body === undefined || body === null) return body;
  const row = toRow(body);
  await checkHolidaySource(row, 'holidays.');
  return row;
}

/** The same for a resource: `"account"` is stored as null, null (off) as `{ off: true }`. */
export async function resourceHolidaysRow(body: HolidaysBody | null | typeof FOLLOW_ACCOUNT | undefined): Promise<ResourceHolidaysRow | null | undefined> {
  if (body === undefined) return undefined;
  if (body === FOLLOW_ACCOUNT) return null;
  if (body === null) return { off: true };
  return accountHolidaysRow(body);
}

export function serializeAccountHolidays(row: HolidaysRow | null | undefined) {
  return row ? { country: row.country, subdivision: row.subdivision ?? null, types: [...row.types] } : null;
}

export function serializeResourceHolidays(row: ResourceHolidaysRow | null | undefined) {
  if (row === null || row === undefined) return FOLLOW_ACCOUNT;
  if ('off' in row) return null;
  return serializeAccountHolidays(row);
}

/** The holidays that close a resource's days: its own, else the account's; null: none. */
export function holidaysInForce(account: HolidaysRow | null | undefined, resource: ResourceHolidaysRow | null | undefined): HolidaySource | null {
  if (resource && 'off' in resource) return null;
  const row = resource ?? account;
  return row ? { country: row.country, subdivision: row.subdivision ?? null, types: row.types } : null;
}
