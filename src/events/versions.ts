/**
 * API versions (docs/api-conventions.md#versions). Code works in the latest shape; each entry of the chain
 * knows how to turn an object of its version into the shape of the version before it.
 * Rendering for an old version walks the chain from the latest down to that version.
 */
export const API_VERSIONS = ['2026-05-01', '2026-10-16'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const LATEST_API_VERSION: ApiVersion = '2026-10-16';

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

/** Newest first. */
const CHANGES: VersionChange[] = [
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
