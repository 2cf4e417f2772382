/**
 * API versions (docs/api-conventions.md#versions). Code works in the latest shape; each entry of the chain
 * knows how to turn an object of its version into the shape of the version before it.
 * Rendering for an old version walks the chain from the latest down to that version.
 */
export const API_VERSIONS = ['2026-05-01', '2026-10-16', '2026-12-01'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const LATEST_API_VERSION: ApiVersion = '2026-12-01';

type Obj = Record<string, unknown>;

interface VersionChange {
  /** The version that introduced the change; rendering for anything older undoes it. */
  version: ApiVersion;
  description: string;
  /** Undo the change on one object of the given `object` type, in place on a copy. */
  down: Partial<Record<string, (obj: Obj) => Obj>>;
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

function downgradeObject(obj: Obj, target: ApiVersion): Obj {
  let out = obj;
  for (const change of CHANGES) {
    if (change.version <= target) break;
    const fn = change.down[String(out.object)];
    if (fn) out = fn(out);
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
 * version it is rendered in.
 */
export function renderInVersion(value: unknown, target: ApiVersion): unknown {
  if (target === LATEST_API_VERSION) return value;
  return walk(value, target);
}

/** User data: never transformed, whatever keys it holds (`{"object": "booking"}` is a string map). */
const OPAQUE_KEYS = new Set(['metadata']);

function walk(value: unknown, target: ApiVersion): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, target));
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  let obj: Obj = {};
  for (const [k, v] of Object.entries(value as Obj)) obj[k] = OPAQUE_KEYS.has(k) ? v : walk(v, target);
  if (obj.object === 'event' && obj.data && typeof obj.data === 'object') {
    const data = obj.data as Obj;
    const inner = data.object as Obj | undefined;
    const prev = data.previous_attributes as Obj | null | undefined;
    if (inner && prev && typeof inner.object === 'string') {
      // previous_attributes carry the same field names as the object they describe.
      const prevAsObject = downgradeObject({ ...prev, object: inner.object }, target);
      const { object: _o, ...prevRendered } = prevAsObject;
      obj = { ...obj, data: { ...data, previous_attributes: prevRendered } };
    }
    if ('api_version' in obj) obj = { ...obj, api_version: target };
  }
  if (typeof obj.object === 'string') obj = downgradeObject(obj, target);
  return obj;
}
