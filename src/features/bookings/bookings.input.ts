/**
 * Request bodies → checked plain values for the planner. Everything a schema cannot say
 * (end after start, exactly one of resource/resources, expires_at rules) is checked here,
 * with the offending parameter named in bracket form; `prefix` names an import item.
 */
import { ApiError, invalid, missing } from '../../lib/errors.js';
import { parseRfc3339 } from '../../lib/time-format.js';
import type { CandidateOrder, ConflictPolicy, FairnessPeriod } from '../../core/availability/types.js';
import type { PlanSegmentInput } from '../../core/availability/booking-plan.js';

export interface SegmentBody {
  start: string;
  end: string;
  resource?: string;
  resources?: string[];
  quantity?: number;
  location?: string | null;
  buffer_before_minutes?: number;
  buffer_after_minutes?: number;
  candidate_order?: CandidateOrder;
  fairness_period?: FairnessPeriod;
}

export interface ParsedSegment extends PlanSegmentInput {
  /** Whether the caller named the location (stored: re-checks keep requiring it). */
  locationRequested: boolean;
}

/** A resource or location id that the body mentions, with where it was mentioned. */
export interface Reference {
  id: string;
  param: string;
}

export interface ParsedSegments {
  segments: ParsedSegment[];
  resources: Reference[];
  locations: Reference[];
}

export function instant(text: string, param: string): number {
  const ms = parseRfc3339(text);
  if (ms === null) throw invalid(param, `Invalid ${param}: must be an RFC 3339 date-time such as 2026-03-02T14:00:00Z.`);
  return ms;
}

/**
 * Booked time ends by 9999-01-01T00:00:00Z, as searches do (features/availability/range.ts):
 * planning pads the time it looks at by days for zone math, and past year 9999 there is no
 * date PostgreSQL or RFC 3339 can express.
 */
const PLANNABLE_UNTIL = Date.UTC(9999, 0, 1);

function plannable(text: string, param: string): number {
  const ms = instant(text, param);
  if (ms > PLANNABLE_UNTIL) throw invalid(param, `Invalid ${param}: booked time must end by 9999-01-01T00:00:00Z.`);
  return ms;
}

export function parseSegments(body: SegmentBody[], prefix = ''): ParsedSegments {
  const resources: Reference[] = [];
  const locations: Reference[] = [];
  const segments = body.map((s, i): ParsedSegment => {
    const p = `${prefix}segments[${i}]`;
    const start = plannable(s.start, `${p}.start`);
    const end = plannable(s.end, `${p}.end`);
    if (end <= start) throw invalid(`${p}.end`, `Invalid ${p}.end: must be after ${p}.start.`);
    if (s.resource !== undefined && s.resources !== undefined) {
      throw new ApiError('parameters_exclusive', `Give ${p}.resource or ${p}.resources, not both.`, `${p}.resources`);
    }
    if (s.resource === undefined && s.resources === undefined) {
      throw missing(`${p}.resource`, `Each segment needs a resource or a list of candidate resources: ${p}.resource is missing.`);
    }
    if (s.resource !== undefined) resources.push({ id: s.resource, param: `${p}.resource` });
    s.resources?.forEach((id, j) => resources.push({ id, param: `${p}.resources[${j}]` }));
    const location = s.location ?? null;
    if (location !== null) locations.push({ id: location, param: `${p}.location` });
    return {
      start,
      end,
      quantity: s.quantity ?? 1,
      ...(s.resource !== undefined ? { resource: s.resource } : { resources: s.resources }),
      location,
      locationRequested: location !== null,
      bufferBeforeMinutes: s.buffer_before_minutes ?? null,
      bufferAfterMinutes: s.buffer_after_minutes ?? null,
      candidateOrder: s.candidate_order ?? 'listed',
      ...(s.fairness_period ? { fairnessPeriod: s.fairness_period } : {}),
    };
  });
  return { segments, resources, locations };
}

export function distinctIds(refs: readonly Reference[]): string[] {
  return [...new Set(refs.map((r) => r.id))];
}

/** `expires_at`: only on pending bookings (and attendees), and in the future. */
export function parseExpiresAt(value: string | null | undefined, status: string, now: Date, param = 'expires_at'): Date | null {
  if (value === undefined || value === null) return null;
  if (status !== 'pending') throw invalid(param, `${param} can only be set while the status is pending.`);
  const ms = instant(value, param);
  if (ms <= now.getTime()) throw invalid(param, `Invalid ${param}: must be in the future.`);
  return new Date(ms);
}

export const POLICIES: readonly ConflictPolicy[] = ['reject', 'capacity_only', 'allow'];
