/**
 * API versions (docs/api-conventions.md#versions). Code works in the latest shape; each entry of the chain
 * knows how to turn an object of its version into the shape of the version before it.
 * Rendering for an old version walks the chain from the latest down to that version.
 */
export const API_VERSIONS = ['2026-05-01', '2026-10-16', '2026-12-01', '2027-01-10'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const LATEST_API_VERSION: ApiVersion = '2027-01-10';

/** The version that brought waitlists (docs/waitlists.md#older-api-versions). */
export const WAITLIST_VERSION: ApiVersion = '2027-01-10';

/** Whether a client pinned to `version` has what `since` introduced. */
export function versionHas(version: string, since: ApiVersion): boolean {
  return version >= since;
}

/**
 * Event types an older version does not have: endpoints pinned before `since` get them under
 * the type they knew (`before`), or not at all (`before` null).
 */
export const EVENT_TYPE_SINCE: Readonly<Record<string, { since: ApiVersion; before: string | null }>> = {
  'attendee.waitlisted': { since: WAITLIST_VERSION, before: null },
  // To an older client a promoted attendee is a new one (it never saw it waiting).
  'attendee.promoted': { since: WAITLIST_VERSION, before: 'attendee.created' },
};

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

/** Newest first. */
const CHANGES: VersionChange[] = [
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
      availability_explanation: (o) => {
        if (!Array.isArray(o.segments)) return o;
        const segments = o.segments.map((s: Obj) => ({
          ...s,
          candidates: Array.isArray(s.candidates)
            ? s.candidates.map((c: Obj) => ({
                ...c,
                reasons: Array.isArray(c.reasons) ? c.reasons.map((r: Obj) => ({ ...r, reason: oldReason(r.reason) })) : c.reasons,
              }))
            : s.candidates,
        }));
        return { ...o, segments };
      },
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

export function isApiVersion(v: string): v is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(v);
}

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
  if (target >= '2026-12-01' || !error || !('conflicts' in error)) return body;
  return { ...body, error: { ...error, conflicts: conflictsBefore20261201(error.conflicts) } };
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
