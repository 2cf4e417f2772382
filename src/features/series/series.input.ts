/**
 * Series request bodies → checked plain values. What a schema cannot say is checked here,
 * with the offending parameter named: the rule (param `rrule`, a message naming the part),
 * exactly one of resource/resources per template segment, the time zone.
 */
import { ApiError, invalid, missing } from '../../lib/errors.js';
import { metadataForCreate } from '../../lib/metadata.js';
import { canonicalTimeZone, parseWallTime } from '../../core/time/wall-time.js';
import { parseRecurrenceRule, type RecurrenceRule, type RuleParseOptions } from '../../core/recurrence/rule.js';
import { firstOccurrence, RuleNeverOccursError, type SeriesRecurrence } from '../../core/recurrence/expand.js';
import type { SeriesTemplate, TemplateSegment } from '../../core/recurrence/template.js';
import type { SeriesTemplateRow } from '../../db/schema.js';
import type { Reference } from '../../capacity/index.js';
import type { CandidateOrder, FairnessPeriod } from '../../core/availability/types.js';

export interface TemplateSegmentBody {
  resource?: string;
  resources?: string[];
  offset_minutes?: number | null;
  duration_minutes: number;
  quantity?: number | null;
  location?: string | null;
  buffer_before_minutes?: number | null;
  buffer_after_minutes?: number | null;
  candidate_order?: CandidateOrder;
  fairness_period?: FairnessPeriod;
}

export interface TemplateBody {
  segments: TemplateSegmentBody[];
  seats?: number | null;
  metadata?: Record<string, string> | null;
}

export interface ParsedTemplate {
  /** As stored and shown (the output shape). */
  row: SeriesTemplateRow;
  resources: Reference[];
  locations: Reference[];
}

export function parseTemplate(body: TemplateBody): ParsedTemplate {
  const resources: Reference[] = [];
  const locations: Reference[] = [];
  const segments = body.segments.map((s, i) => {
    const p = `template.segments[${i}]`;
    if (s.resource !== undefined && s.resources !== undefined) {
      throw new ApiError('parameters_exclusive', `Give ${p}.resource or ${p}.resources, not both.`, `${p}.resources`);
    }
    if (s.resource === undefined && s.resources === undefined) {
      throw missing(`${p}.resource`, `Each template segment needs a resource or a list of candidate resources: ${p}.resource is missing.`);
    }
    if (s.resource !== undefined) resources.push({ id: s.resource, param: `${p}.resource` });
    s.resources?.forEach((id, j) => resources.push({ id, param: `${p}.resources[${j}]` }));
    if (s.location !== undefined && s.location !== null) locations.push({ id: s.location, param: `${p}.location` });
    return {
      resource: s.resource ?? null,
      resources: s.resources ?? null,
      offset_minutes: s.offset_minutes ?? null,
      duration_minutes: s.duration_minutes,
      quantity: s.quantity ?? null,
      location: s.location ?? null,
      buffer_before_minutes: s.buffer_before_minutes ?? null,
      buffer_after_minutes: s.buffer_after_minutes ?? null,
      candidate_order: s.candidate_order ?? 'listed',
      ...(s.fairness_period ? { fairness_period: s.fairness_period } : {}),
    };
  });
  const metadata = body.metadata === undefined || body.metadata === null ? null : metadataForCreate(body.metadata);
  return { row: { segments, seats: body.seats ?? null, metadata }, resources, locations };
}

/** The stored template in the core's terms. */
export function templateOf(row: SeriesTemplateRow): SeriesTemplate {
  return {
    segments: row.segments.map(
      (s): TemplateSegment => ({
        ...(s.resource !== null ? { resource: s.resource } : { resources: s.resources ?? [] }),
        offsetMinutes: s.offset_minutes,
        durationMinutes: s.duration_minutes,
        quantity: s.quantity,
        location: s.location,
        bufferBeforeMinutes: s.buffer_before_minutes,
        bufferAfterMinutes: s.buffer_after_minutes,
        candidateOrder: s.candidate_order ?? 'listed',
        ...(s.fairness_period ? { fairnessPeriod: s.fairness_period } : {}),
      }),
    ),
    seats: row.seats,
    metadata: row.metadata,
  };
}

export function parseRule(text: string, param = 'rrule', options: RuleParseOptions = {}): RecurrenceRule {
  const parsed = parseRecurrenceRule(text, options);
  if (!parsed.ok) throw invalid(param, `Invalid ${param}: ${parsed.message}`);
  return parsed.rule;
}

/** The rule of a stored series: parsed as it was accepted (see RuleParseOptions.stored). */
export const parseStoredRule = (text: string): RecurrenceRule => parseRule(text, 'rrule', { stored: true });

export function parseStartTime(text: string, param = 'start_time'): number {
  const minutes = parseWallTime(text);
  if (minutes === null) throw invalid(param, `Invalid ${param}: must be a wall time HH:MM from 00:00 to 23:59.`);
  return minutes;
}

export function parseTimezone(text: string, param = 'timezone'): string {
  const zone = canonicalTimeZone(text);
  if (zone === null) throw invalid(param, `Invalid ${param}: '${text}' is not an IANA time zone name.`);
  return zone;
}

/** 400 on `rrule` when the rule can never produce an occurrence (e.g. 30 February). */
export function assertRuleOccurs(recurrence: SeriesRecurrence): void {
  try {
    firstOccurrence(recurrence);
  } catch (err) {
    if (err instanceof RuleNeverOccursError) {
      throw invalid('rrule', 'Invalid rrule: the rule produces no occurrence (check BYMONTH, BYMONTHDAY and BYDAY together).');
    }
    throw err;
  }
}
