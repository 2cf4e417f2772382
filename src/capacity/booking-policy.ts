/**
 * The `booking_policy` object of accounts and resources (docs/policies.md): its schema, how an
 * update merges into the stored one, how it reads out, and the policy in force for a booking
 * (the account's, each field overridden by each resource's own; across a booking's resources
 * the strictest; fees and the deposit: the first resource's). Every door that books, cancels or moves asks `policyInForce` here.
 */
import { Type } from 'typebox';
import type { BookingPolicyRow, DepositPolicy, Money } from '../db/schema.js';
import type { DbHandle } from '../db/transaction.js';
import type { AccountScope } from '../tenancy/index.js';
import { accountBookingPolicy } from '../tenancy/accounts.repository.js';
import { resourceBookingPolicies } from './resources.repository.js';
import { invalid } from '../lib/errors.js';

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

const FIELDS = ['approval', 'approval_timeout_minutes', 'cancel_cutoff_minutes', 'reschedule_cutoff_minutes', 'late_cancel_fee', 'no_show_fee', 'deposit'] as const;
type Field = (typeof FIELDS)[number];

/** How long a request waits for approval when the policy names no timeout: a day. */
export const DEFAULT_APPROVAL_TIMEOUT_MINUTES = 1440;

const Minutes = (min: number, max: number, description: string) =>
  Type.Union([Type.Integer({ minimum: min, maximum: max }), Type.Null()], { description: `${description} ${min} to ${max}; null: none of its own.` });

export const MoneySchema = Type.Object(
  {
    amount: Type.Integer({
      minimum: 0,
      maximum: 100_000_000,
      description: "In the currency's minor units (2000 EUR: 20.00 €). 0: no fee, nothing is charged (on a resource it sets aside the account's fee).",
    }),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'An ISO 4217 code, upper case (EUR, USD, JPY).' }),
  },
  { additionalProperties: false },
);

/** The longest a slot may wait for its deposit: a week. */
export const MAX_DEPOSIT_HOLD_MINUTES = 10080;

export const DepositSchema = Type.Union(
  [
    Type.Object(
      {
        amount: Type.Integer({ minimum: 1, maximum: 100_000_000, description: "What must be paid, in the currency's minor units (2000 EUR: 20.00 €)." }),
        currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'An ISO 4217 code, upper case (EUR, USD, JPY).' }),
        hold_minutes: Type.Integer({
          minimum: 1,
          maximum: MAX_DEPOSIT_HOLD_MINUTES,
          description: 'How long the slot is held for the payment: the pending booking expires this many minutes after it is made.',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Null(),
  ],
  {
    description:
      'Since 2027-03-15: a booking made for the customer (an MCP tool, a key passing `requested: true`) starts `pending` with `payment_status: required` and `expires_at` after `hold_minutes`; POST /v1/bookings/{id}/payments records what the platform collected, and the booking is confirmed once the payments reach `amount` (docs/policies.md#deposits). null: none of its own.',
    examples: [{ amount: 2000, currency: 'EUR', hold_minutes: 30 }],
  },
);

const Fee = (description: string) => Type.Union([MoneySchema, Type.Null()], { description: `${description} null: none of its own.` });

const FIELD_SCHEMAS = {
  approval: Type.Union([Type.Literal('none'), Type.Literal('required'), Type.Null()], {
    description:
      '`required`: a booking made for the customer (an MCP tool, a booking session, a key passing `requested: true`) starts `requested` and waits for POST /v1/bookings/{id}/approve. `none` (the default): it does not.',
  }),
  approval_timeout_minutes: Minutes(1, 10080, `A requested booking not approved within this many minutes is declined (default ${DEFAULT_APPROVAL_TIMEOUT_MINUTES}).`),
  cancel_cutoff_minutes: Minutes(0, 525600, 'No cancel within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy.'),
  reschedule_cutoff_minutes: Minutes(0, 525600, 'No move within this many minutes of the start (409 policy_violation), unless a secret key passes override_policy.'),
  late_cancel_fee: Fee('What a cancel inside the cancel window (a secret key overriding it) costs: a `late_cancel` charge.'),
  no_show_fee: Fee('What a no-show costs: a `no_show` charge when the booking is marked no_show.'),
  deposit: DepositSchema,
};

export const BookingPolicyInput = Type.Object(
  {
    approval: Type.Optional(FIELD_SCHEMAS.approval),
    approval_timeout_minutes: Type.Optional(FIELD_SCHEMAS.approval_timeout_minutes),
    cancel_cutoff_minutes: Type.Optional(FIELD_SCHEMAS.cancel_cutoff_minutes),
    reschedule_cutoff_minutes: Type.Optional(FIELD_SCHEMAS.reschedule_cutoff_minutes),
    late_cancel_fee: Type.Optional(FIELD_SCHEMAS.late_cancel_fee),
    no_show_fee: Type.Optional(FIELD_SCHEMAS.no_show_fee),
    deposit: Type.Optional(FIELD_SCHEMAS.deposit),
  },
  {
    additionalProperties: false,
    description: 'The booking policy (since 2027-02-01; docs/policies.md). On update, the fields given replace the stored ones; null removes one.',
    examples: [
      { approval: 'required', approval_timeout_minutes: 720, cancel_cutoff_minutes: 1440 },
      { cancel_cutoff_minutes: 1440, deposit: { amount: 2000, currency: 'EUR', hold_minutes: 30 } },
    ],
  },
);

export const BookingPolicySchema = Type.Object(
  {
    approval: FIELD_SCHEMAS.approval,
    approval_timeout_minutes: FIELD_SCHEMAS.approval_timeout_minutes,
    cancel_cutoff_minutes: FIELD_SCHEMAS.cancel_cutoff_minutes,
    reschedule_cutoff_minutes: FIELD_SCHEMAS.reschedule_cutoff_minutes,
    late_cancel_fee: FIELD_SCHEMAS.late_cancel_fee,
    no_show_fee: FIELD_SCHEMAS.no_show_fee,
    deposit: FIELD_SCHEMAS.deposit,
  },
  {
    description:
      "The booking policy (since 2027-02-01). On an account: the default of its resources. On a resource: its own values, each overriding the account's; null there means the account's applies.",
  },
);

export type BookingPolicyBody = Partial<{ [F in Field]: BookingPolicyRow[F] }>;

/** The stored object after an update (or on create: `undefined` stored = `{}`). */
export function mergePolicy(stored: BookingPolicyRow | null | undefined, body: BookingPolicyBody | undefined, param = 'booking_policy'): BookingPolicyRow {
  for (const f of ['late_cancel_fee', 'no_show_fee', 'deposit'] as const) {
    const fee = body?.[f];
    if (fee && !CURRENCIES.has(fee.currency)) throw invalid(`${param}.${f}.currency`, `'${fee.currency}' is not an ISO 4217 currency code.`);
  }
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const value = body && f in body ? body[f] : stored?.[f];
    if (value !== undefined && value !== null) out[f] = value;
  }
  return out as BookingPolicyRow;
}

/** The API shape: every field, null where not set. */
export function serializePolicy(stored: BookingPolicyRow | null | undefined) {
  return {
    approval: stored?.approval ?? null,
    approval_timeout_minutes: stored?.approval_timeout_minutes ?? null,
    cancel_cutoff_minutes: stored?.cancel_cutoff_minutes ?? null,
    reschedule_cutoff_minutes: stored?.reschedule_cutoff_minutes ?? null,
    late_cancel_fee: stored?.late_cancel_fee ?? null,
    no_show_fee: stored?.no_show_fee ?? null,
    deposit: stored?.deposit ?? null,
  };
}

/** The policy that applies to one booking. */
export interface PolicyInForce {
  approvalRequired: boolean;
  approvalTimeoutMinutes: number;
  cancelCutoffMinutes: number | null;
  rescheduleCutoffMinutes: number | null;
  lateCancelFee: Money | null;
  noShowFee: Money | null;
  /** What a booking made for the customer must pay before it is confirmed (docs/policies.md#deposits). */
  deposit: DepositPolicy | null;
}

const maxOf = (values: (number | null | undefined)[]): number | null => {
  const set = values.filter((v): v is number => typeof v === 'number');
  return set.length ? Math.max(...set) : null;
};

/**
 * A fee of 0 is no fee: nothing is charged and no booking.charge_due sent. It is still the
 * resource's own value, so a resource sets aside the account's fee with it (null would fall
 * back to the account's).
 */
const chargeable = (fee: Money | null | undefined): Money | null => (fee && fee.amount > 0 ? fee : null);

/**
 * THE rule of which policy applies: on each resource, its own field or else the account's;
 * across the booking's resources, the strictest (approval if any requires it, the shortest
 * timeout, the longest cutoffs; fees and the deposit: the first resource's that has one). A
 * booking on no resource's own policy takes the account's.
 */
export function policyInForce(account: BookingPolicyRow | null | undefined, resources: (BookingPolicyRow | null | undefined)[]): PolicyInForce {
  const effective = (resources.length ? resources : [undefined]).map((r) => {
    const pick = <F extends Field>(f: F) => r?.[f] ?? account?.[f] ?? null;
    return {
      approval: pick('approval'),
      timeout: pick('approval_timeout_minutes'),
      cancel: pick('cancel_cutoff_minutes'),
      reschedule: pick('reschedule_cutoff_minutes'),
      lateCancelFee: pick('late_cancel_fee'),
      noShowFee: pick('no_show_fee'),
      deposit: pick('deposit'),
    };
  });
  const requiring = effective.filter((e) => e.approval === 'required');
  const timeouts = requiring.map((e) => e.timeout ?? DEFAULT_APPROVAL_TIMEOUT_MINUTES);
  return {
    approvalRequired: requiring.length > 0,
    approvalTimeoutMinutes: timeouts.length ? Math.min(...timeouts) : DEFAULT_APPROVAL_TIMEOUT_MINUTES,
    cancelCutoffMinutes: maxOf(effective.map((e) => e.cancel)),
    rescheduleCutoffMinutes: maxOf(effective.map((e) => e.reschedule)),
    // Fees are not added across currencies: one resource's applies (docs/policies.md#fees).
    lateCancelFee: chargeable(effective.find((e) => e.lateCancelFee)?.lateCancelFee),
    noShowFee: chargeable(effective.find((e) => e.noShowFee)?.noShowFee),
    // Like fees: one resource's deposit (the first in segment order), never a sum across currencies.
    deposit: effective.find((e) => e.deposit)?.deposit ?? null,
  };
}

/** The policy in force on the given resources of the account (read in the caller's transaction). */
export async function loadPolicy(db: DbHandle, scope: AccountScope, resourceIds: readonly string[]): Promise<PolicyInForce> {
  const [account, resources] = await Promise.all([accountBookingPolicy(db, scope), resourceBookingPolicies(db, scope, resourceIds)]);
  return policyInForce(account, resources);
}
