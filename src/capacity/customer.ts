/**
 * The `customer` of bookings and attendees (docs/policies.md#customers): who booked, in the
 * platform's own terms. Its schema, its checks, its columns and its API shape, in one place
 * for every door that writes one (create, update, import, attendees, reschedule's copy).
 */
import { Type } from 'typebox';
import type { CustomerColumns } from '../db/schema.js';
import { invalid } from '../lib/errors.js';
import { canonicalTimeZone } from '../lib/timezone.js';
import { Nullable } from '../http/schemas.js';

export type { CustomerColumns };

const Text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });

export const CustomerObject = Type.Object(
  {
    reference: Text(200, "The platform's own id of the customer (required when `customer` is given); bookings and attendees are listed by it."),
    name: Type.Optional(Text(200, 'How to address the customer.')),
    email: Type.Optional(Text(254, 'An email address (local@domain).')),
    phone: Type.Optional(Text(16, 'A phone number in E.164 form (+ and up to 15 digits).')),
    locale: Type.Optional(Text(35, 'A BCP 47 language tag (en-GB, fr, pt-BR); stored in its canonical form. The manage page and reminders use it.')),
    time_zone: Type.Optional(Text(64, 'An IANA time zone (Europe/Paris); stored in its canonical spelling. The manage page and reminders use it.')),
  },
  { additionalProperties: false },
);

export const CustomerInput = Type.Union([CustomerObject, Type.Null()], {
  description:
    'The customer (since 2027-02-01). On create: the customer, or null for none. On update: replaces the whole customer; null removes it.',
});

export const CustomerSchema = Type.Union(
  [
    Type.Object({
      reference: Type.String(),
      name: Nullable(Type.String()),
      email: Nullable(Type.String()),
      phone: Nullable(Type.String()),
      locale: Nullable(Type.String()),
      time_zone: Nullable(Type.String()),
    }),
    Type.Null(),
  ],
  { description: 'The customer (since 2027-02-01), or null.' },
);

export interface CustomerBody {
  reference: string;
  name?: string;
  email?: string;
  phone?: string;
  locale?: string;
  time_zone?: string;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const E164 = /^\+[1-9][0-9]{6,14}$/;

export const NO_CUSTOMER: CustomerColumns = {
  customer_reference: null,
  customer_name: null,
  customer_email: null,
  customer_phone: null,
  customer_locale: null,
  customer_time_zone: null,
};

function canonicalLocale(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The columns of a customer given in a body (`param` names it in errors); null: no customer. */
export function customerColumns(body: CustomerBody | null | undefined, param = 'customer'): CustomerColumns {
  if (!body) return NO_CUSTOMER;
  if (body.reference.trim() === '') throw invalid(`${param}.reference`, 'customer.reference must not be blank.');
  if (body.email !== undefined && !EMAIL.test(body.email)) throw invalid(`${param}.email`, `'${body.email}' is not an email address.`);
  if (body.phone !== undefined && !E164.test(body.phone)) {
    throw invalid(`${param}.phone`, `'${body.phone}' is not a phone number in E.164 form (a + and up to 15 digits, e.g. +33612345678).`);
  }
  const locale = body.locale === undefined ? null : canonicalLocale(body.locale);
  if (body.locale !== undefined && locale === null) throw invalid(`${param}.locale`, `'${body.locale}' is not a BCP 47 language tag (e.g. en-GB).`);
  const timeZone = body.time_zone === undefined ? null : canonicalTimeZone(body.time_zone);
  if (body.time_zone !== undefined && timeZone === null) throw invalid(`${param}.time_zone`, `'${body.time_zone}' is not an IANA time zone name.`);
  return {
    customer_reference: body.reference,
    customer_name: body.name ?? null,
    customer_email: body.email ?? null,
    customer_phone: body.phone ?? null,
    customer_locale: locale,
    customer_time_zone: timeZone,
  };
}

/** The columns of a row, copied (a reschedule's new booking keeps its customer). */
export function customerOf(row: CustomerColumns): CustomerColumns {
  return {
    customer_reference: row.customer_reference,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    customer_phone: row.customer_phone,
    customer_locale: row.customer_locale,
    customer_time_zone: row.customer_time_zone,
  };
}

/** The API shape: null without a customer. */
export function serializeCustomer(row: CustomerColumns) {
  if (row.customer_reference === null) return null;
  return {
    reference: row.customer_reference,
    name: row.customer_name,
    email: row.customer_email,
    phone: row.customer_phone,
    locale: row.customer_locale,
    time_zone: row.customer_time_zone,
  };
}

// ------------------------------------------------------------ erasure (docs/privacy.md)

/** The reference an erased customer keeps: its other fields are null (docs/privacy.md#erasure). */
export const ERASED_REFERENCE = 'erased';

/** The columns of an erased customer: the tombstone that replaces the customer's fields. */
export const ERASED_CUSTOMER: CustomerColumns = { ...NO_CUSTOMER, customer_reference: ERASED_REFERENCE };

/** Which customer an erasure is about: its reference, its email, or both (either matches). */
export interface CustomerMatch {
  reference?: string;
  email?: string;
}

/** The API shape of the tombstone, as copies of the customer in events and stored responses get it. */
const ERASED_API_CUSTOMER = serializeCustomer(ERASED_CUSTOMER);

/** Emails match whatever their case: the same mailbox, typed twice. */
const sameEmail = (a: unknown, b: string | undefined) => typeof a === 'string' && b !== undefined && a.toLowerCase() === b.toLowerCase();

function isTheCustomer(value: unknown, match: CustomerMatch): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const c = value as Record<string, unknown>;
  return (match.reference !== undefined && c.reference === match.reference) || sameEmail(c.email, match.email);
}

/**
 * A JSON value (an event's object or previous attributes, a stored response) with every copy of
 * the customer — a `customer` member that names its reference or email — replaced by the
 * tombstone, wherever it is nested. `changed` says whether there was any.
 */
export function withoutCustomer(value: unknown, match: CustomerMatch): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(v)) {
      if (key === 'customer' && isTheCustomer(member, match)) {
        out[key] = ERASED_API_CUSTOMER;
        changed = true;
      } else out[key] = walk(member);
    }
    return out;
  };
  const result = walk(value);
  return { value: changed ? result : value, changed };
}

/**
 * The pieces of JSON text a copy of the customer shows in a stored JSON document: a quick
 * filter (`like`) before `withoutCustomer` reads the document itself.
 */
export function customerNeedles(match: CustomerMatch): string[] {
  return [match.reference, match.email].filter((v): v is string => v !== undefined).map((v) => JSON.stringify(v).slice(1, -1));
}
