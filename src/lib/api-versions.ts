/**
 * API versions (docs/api-conventions.md#versions). Code works in the latest shape; each entry of the chain
 * knows how to turn an object of its version into the shape of the version before it.
 * Rendering for an old version walks the chain from the latest down to that version.
 */
import { AUDIT_VERSION, DEPOSITS_VERSION, LATEST_API_VERSION, PLANNER_VERSION, POLICIES_VERSION, PRIVACY_VERSION, type ApiVersion } from './api-version-dates.js';
import { EVENT_TYPE_SINCE } from './event-type-versions.js';

// The versions themselves, for the many modules that ask this one.
export * from './api-version-dates.js';

type Obj = Record<string, unknown>;

interface VersionChange {
  /** The version that introduced the change; rendering for anything older undoes it. */
  version: ApiVersion;
  description: string;
  /**
   * Undo the change on one object of the given `object` type, in place on a copy. `null`: the
   * object does not exist in the older version (left out of lists; 404 on its own). An event's
   * change (`event`) sees the event in the latest shape, before its data is rendered.
   */
  down: Partial<Record<string, (obj: Obj) => Obj | null>>;
}

function rename(obj: Obj, from: string, to: string): Obj {
  if (!(from in obj)) return obj;
  const out: Obj = {};
  for (const [k, v] of Object.entries(obj)) out[k === from ? to : k] = v;
  return out;
}

function omit(obj: Obj, key: string): Obj {
  if (!(key in obj)) return obj;
  const { [key]: _dropped, ...rest } = obj;
  return rest;
}

/**
 * Reasons added in 2026-12-01 (booking rules), as the closest reason an older client knows:
 * not enough notice reads as a start that has passed, too far ahead as outside the schedule,
 * a cap reached as capacity exceeded.
 */
const OLD_REASON: Record<string, string> = {
  too_soon: 'start_passed',
  too_far_ahead: 'outside_schedule',
  limit_reached: 'capacity_exceeded',
};

const oldReason = (reason: unknown) => (typeof reason === 'string' && reason in OLD_REASON ? OLD_REASON[reason] : reason);

/** A conflict list in the reasons of 2026-10-16: new reasons mapped, `rule` and `limit` left out. */
function conflictsBefore20261201(conflicts: unknown): unknown {
  if (!Array.isArray(conflicts)) return conflicts;
  return conflicts.map((c: Obj) => {
    if (!c || typeof c !== 'object') return c;
    const { rule: _rule, limit: _limit, ...rest } = c;
    const out: Obj = { ...rest, reason: oldReason(c.reason) };
    if (Array.isArray(c.candidates)) out.candidates = c.candidates.map((k: Obj) => ({ ...k, reason: oldReason(k.reason) }));
    return out;
  });
}

const withConflicts = (o: Obj): Obj => ('conflicts' in o ? { ...o, conflicts: conflictsBefore20261201(o.conflicts) } : o);

/** Before 2027-02-15 a day closed by a holiday reads as outside the schedule, without the `holiday` named. */
const beforeHolidays = (reason: unknown) => (reason === 'holiday' ? 'outside_schedule' : reason);

function conflictsBefore20270215(conflicts: unknown): unknown {
  if (!Array.isArray(conflicts)) return conflicts;
  return conflicts.map((c: Obj) => {
    if (!c || typeof c !== 'object') return c;
    const out: Obj = { ...omit(c, 'holiday'), reason: beforeHolidays(c.reason) };
    if (Array.isArray(c.candidates)) out.candidates = c.candidates.map((k: Obj) => ({ ...k, reason: beforeHolidays(k.reason) }));
    return out;
  });
}

const withConflictsBeforeHolidays = (o: Obj): Obj => ('conflicts' in o ? { ...o, conflicts: conflictsBefore20270215(o.conflicts) } : o);

/** An explanation with each of its candidates' reasons passed through `reason`. */
function mapExplanation(o: Obj, reason: (r: Obj) => Obj): Obj {
  if (!Array.isArray(o.segments)) return o;
  const segments = o.segments.map((s: Obj) => ({
    ...s,
    candidates: Array.isArray(s.candidates)
      ? s.candidates.map((c: Obj) => ({ ...c, reasons: Array.isArray(c.reasons) ? c.reasons.map(reason) : c.reasons }))
      : s.candidates,
  }));
  return { ...o, segments };
}

function reasonBeforeHolidays(r: Obj): Obj {
  const out: Obj = { ...omit(r, 'holiday'), reason: beforeHolidays(r.reason) };
  if (Array.isArray(r.working_days)) out.working_days = r.working_days.map((d: Obj) => omit(d, 'holiday'));
  return out;
}

/** What 2027-02-01 added to a booking (docs/policies.md): gone for older clients. */
const POLICY_BOOKING_FIELDS = ['customer', 'charges', 'policy_overrides'];

/** What 2027-03-15 added to a booking (docs/policies.md#deposits): gone for older clients. */
const DEPOSIT_BOOKING_FIELDS = ['deposit', 'payment_status', 'amount_paid', 'payments', 'refunds'];

/** An account or resource before 2027-03-15: its booking_policy without `deposit`. */
function withoutDepositPolicy(o: Obj): Obj {
  const policy = o.booking_policy;
  if (!policy || typeof policy !== 'object') return o;
  return { ...o, booking_policy: omit(policy as Obj, 'deposit') };
}

/** A booking before 2027-02-01: `requested` reads as `pending`, and none of the new fields. */
function bookingBefore20270201(o: Obj): Obj {
  let out = o;
  for (const key of POLICY_BOOKING_FIELDS) out = omit(out, key);
  return out.status === 'requested' ? { ...out, status: 'pending' } : out;
}

/** Newest first. */
const CHANGES: VersionChange[] = [
  {
    version: '2027-05-01',
    description:
      "Privacy: `POST /v1/customers/erase` (a customer's personal data replaced by a tombstone everywhere it was copied), exports of an account's data (`POST /v1/accounts/{id}/exports`, the `export` object, its download), and the events `customer.erased` and `export.ready` (not sent to older versions). No existing object changed shape.",
    down: {
      event: (e) => {
        const rename = EVENT_TYPE_SINCE[String(e.type)];
        return rename && rename.since === PRIVACY_VERSION ? null : e;
      },
    },
  },
  {
    version: '2027-04-15',
    description:
      'Booking sessions: `POST /v1/booking_sessions` (with list, read and expire) makes a short-lived client secret (`bks_…`) that an embedded booker or the hosted page `/book/{client_secret}` uses to search, hold, fill in and confirm one booking; events `booking_session.completed` and `booking_session.expired` (not sent to older versions); the error `booking_session_expired`. Older versions do not see booking sessions.',
    down: {
      booking_session: () => null,
    },
  },
  {
    version: '2027-04-01',
    description:
      'Returning customers: `prefer_previous_resource` on bookings (create, reschedule) and availability search and explain, with `customer_reference` on search and explain: the resource of the customer\'s latest completed or confirmed booking is tried first. Explain segments gained `previous_resource`. Older versions may not send the new fields (400 parameter_unknown) and do not see `previous_resource`.',
    down: {
      availability_explanation: (o) =>
        Array.isArray(o.segments) ? { ...o, segments: o.segments.map((s: Obj) => omit(s, 'previous_resource')) } : o,
    },
  },
  {
    version: '2027-03-15',
    description:
      'Deposits: `deposit` in the booking policy; `deposit`, `payment_status`, `amount_paid`, `payments` and `refunds` on bookings; POST /v1/bookings/{id}/payments; events `booking.payment_recorded` and `booking.refund_due` (not sent to older versions). Older versions see a booking waiting for its deposit as a pending hold.',
    down: {
      booking: (o) => DEPOSIT_BOOKING_FIELDS.reduce(omit, o),
      account: (o) => withoutDepositPolicy(o),
      resource: (o) => withoutDepositPolicy(o),
      event: (e) => {
        const since = EVENT_TYPE_SINCE[String(e.type)];
        if (since?.since === DEPOSITS_VERSION && since.before === null) return null;
        // An approval that starts the deposit's hold leaves the booking pending: not a confirm to an older client.
        const object = (e.data as Obj | undefined)?.object as Obj | undefined;
        return e.type === 'booking.approved' && object?.status === 'pending' ? { ...e, type: 'booking.updated' } : e;
      },
    },
  },
  {
    version: AUDIT_VERSION,
    description:
      'Audit: events gained `actor` (who made the change, through which door) and `request_id`; `GET /v1/events` filters by `actor.type` and `actor.id`; `GET /v1/bookings/{id}/history` lists a booking\'s changes. Older versions do not see the fields, may not send the filters (400 parameter_unknown), and do not have the history (404 resource_missing).',
    down: {
      event: (e) => omit(omit(e, 'actor'), 'request_id'),
      booking_change: () => null,
    },
  },
  {
    version: '2027-02-15',
    description:
      'The planner, further: `holidays` on accounts and resources (public holidays by country and region close the local day), the conflict and explain reason `holiday` (with the holiday named), GET /v1/holidays; `assignment_weight` and `assignment_priority` on resources, candidate order `weighted` with `fairness_period`. Older versions see `holiday` as `outside_schedule`, without the holiday named, and a series template segment ordered `weighted` as `balanced`.',
    down: {
      account: (o) => omit(o, 'holidays'),
      resource: (o) => omit(omit(omit(o, 'holidays'), 'assignment_weight'), 'assignment_priority'),
      series: (o) => {
        const template = o.template as Obj | undefined;
        if (!template || !Array.isArray(template.segments)) return o;
        const segments = template.segments.map((s: Obj) => {
          const out = omit(s, 'fairness_period');
          return out.candidate_order === 'weighted' ? { ...out, candidate_order: 'balanced' } : out;
        });
        return { ...o, template: { ...template, segments } };
      },
      booking: withConflictsBeforeHolidays,
      skipped_occurrence: withConflictsBeforeHolidays,
      availability_explanation: (o) => mapExplanation(o, reasonBeforeHolidays),
    },
  },
  {
    version: '2027-02-01',
    description:
      'Customers and booking policies: `customer` on bookings and attendees; `booking_policy` on accounts and resources; the booking status `requested` (older versions see `pending`), `policy_overrides` and `charges` on bookings; events `booking.requested` (not sent to older versions), `booking.approved` (older: `booking.confirmed`), `booking.declined` (older: `booking.cancelled`), `booking.charge_due` (not sent to older versions); the error `policy_violation`.',
    down: {
      booking: bookingBefore20270201,
      attendee: (o) => omit(o, 'customer'),
      account: (o) => omit(o, 'booking_policy'),
      resource: (o) => omit(o, 'booking_policy'),
      manage_view: (o) => omit(omit(o, 'locale'), 'time_zone'),
      event: (e) => {
        const data = e.data as Obj;
        if (e.type === 'booking.reminder' && data.reminder && typeof data.reminder === 'object') {
          return { ...e, data: { ...data, reminder: omit(omit(data.reminder as Obj, 'locale'), 'time_zone') } };
        }
        const rename = EVENT_TYPE_SINCE[String(e.type)];
        if (!rename || rename.since !== POLICIES_VERSION) return e;
        return rename.before === null ? null : { ...e, type: rename.before };
      },
    },
  },
  {
    version: '2027-01-10',
    description:
      'Waitlists: bookings gained `waitlist_limit` and `waitlist_hold_minutes`; attendees gained the status `waitlisted` and `waitlist_position`; events `attendee.waitlisted` and `attendee.promoted`. Older versions do not see waitlisted attendees: a promotion reads as `attendee.created`.',
    down: {
      booking: (o) => omit(omit(o, 'waitlist_limit'), 'waitlist_hold_minutes'),
      attendee: (o) => (o.status === 'waitlisted' ? null : omit(o, 'waitlist_position')),
      event: (e) => {
        const data = e.data as Obj;
        const previous = data.previous_attributes as Obj | null;
        if (e.type === 'attendee.waitlisted') return null;
        // The attendee appears when it takes a seat: for an older client, it was just added.
        if (e.type === 'attendee.promoted') return { ...e, type: 'attendee.created', data: { ...data, previous_attributes: null } };
        // It left the line (cancelled) without ever being visible.
        if (previous?.status === 'waitlisted') return null;
        return e;
      },
    },
  },
  {
    version: '2026-12-01',
    description:
      'Booking rules: `booking_rules` on accounts and resources; conflict reasons `too_soon`, `too_far_ahead` and `limit_reached` (with `rule` and `limit`); `candidate_order` on series template segments.',
    down: {
      account: (o) => omit(o, 'booking_rules'),
      resource: (o) => omit(o, 'booking_rules'),
      booking: withConflicts,
      skipped_occurrence: withConflicts,
      series: (o) => {
        const template = o.template as Obj | undefined;
        if (!template || !Array.isArray(template.segments)) return o;
        return { ...o, template: { ...template, segments: template.segments.map((s: Obj) => omit(s, 'candidate_order')) } };
      },
      availability_explanation: (o) => mapExplanation(o, (r) => ({ ...r, reason: oldReason(r.reason) })),
    },
  },
  {
    version: '2026-10-16',
    description: 'Booking `cancel_reason` renamed to `cancellation_reason`; attendees gained `expires_at`.',
    down: {
      booking: (o) => rename(o, 'cancellation_reason', 'cancel_reason'),
      attendee: (o) => omit(o, 'expires_at'),
    },
  },
];

function downgradeObject(obj: Obj, target: ApiVersion): Obj | null {
  let out: Obj | null = obj;
  for (const change of CHANGES) {
    if (change.version <= target) break;
    const fn: ((obj: Obj) => Obj | null) | undefined = change.down[String(out.object)];
    if (fn) out = fn(out);
    if (out === null) return null;
  }
  return out;
}

/**
 * Renders an error body in `target`: the `conflicts` of a 409 booking_conflict keep the
 * reasons that version knows (errors carry no `object`, so the chain above never sees them).
 */
export function renderErrorInVersion<T>(body: T, target: ApiVersion): T {
  const error = (body as { error?: Obj }).error;
  if (target >= PLANNER_VERSION || !error || !('conflicts' in error)) return body;
  let conflicts = conflictsBefore20270215(error.conflicts);
  if (target < '2026-12-01') conflicts = conflictsBefore20261201(conflicts);
  return { ...body, error: { ...error, conflicts } };
}

/**
 * Renders a response or event payload in `target`: walks lists, events (data.object and
 * data.previous_attributes) and nested objects. An event's `api_version` is set to the
 * version it is rendered in. Objects the version does not have are left out of arrays; an
 * event about one is left out too; `null` when the value itself is such an object.
 */
export function renderInVersion(value: unknown, target: ApiVersion): unknown {
  if (target === LATEST_API_VERSION) return value;
  return walk(value, target);
}

/** User data: never transformed, whatever keys it holds (`{"object": "booking"}` is a string map). */
const OPAQUE_KEYS = new Set(['metadata']);

function walk(value: unknown, target: ApiVersion): unknown {
  if (Array.isArray(value)) {
    // An object the version does not have is left out; nulls the value held stay.
    return value.flatMap((v) => {
      const out = walk(v, target);
      return out === null && v !== null ? [] : [out];
    });
  }
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  let source = value as Obj;
  const isEvent = source.object === 'event' && !!source.data && typeof source.data === 'object';
  if (isEvent) {
    // An event's own change sees it in the latest shape (its type, its previous attributes).
    const event = downgradeObject(source, target);
    if (event === null) return null;
    source = event;
  }
  let obj: Obj = {};
  for (const [k, v] of Object.entries(source)) obj[k] = OPAQUE_KEYS.has(k) ? v : walk(v, target);
  if (isEvent) {
    const data = obj.data as Obj;
    const inner = data.object as Obj | null | undefined;
    if (inner === null) return null;
    const prev = data.previous_attributes as Obj | null | undefined;
    const rawInner = (source.data as Obj).object as Obj | undefined;
    if (rawInner && prev && typeof rawInner.object === 'string') {
      // previous_attributes carry the same field names as the object they describe.
      const prevAsObject = downgradeObject({ ...prev, object: rawInner.object }, target);
      if (prevAsObject === null) return null;
      const { object: _o, ...prevRendered } = prevAsObject;
      obj = { ...obj, data: { ...data, previous_attributes: prevRendered } };
    }
    if ('api_version' in obj) obj = { ...obj, api_version: target };
    return obj;
  }
  if (typeof obj.object === 'string') return downgradeObject(obj, target);
  return obj;
}
