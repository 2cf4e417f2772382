/**
 * Errors of the API as a receptionist reads them: one sentence that names the resource and
 * says why ("Studio A is closed then: floor maintenance"), with the code, ids and the API's
 * own message kept for a "Details" disclosure. Every page (the console's views, its sign-in,
 * the manage page) asks this one function.
 */
import { say } from './dom.js';

export interface Conflict {
  resource?: string | null;
  reason: string;
  message?: string;
  rule?: string;
  limit?: number;
}

export interface Explained {
  sentence: string;
  details: string;
}

export interface Context {
  /** The name of a resource id ("The resource" when the page knows none). */
  name?(resource: string | null | undefined): string;
  /** The reason of a block over that resource at the time tried, if the page knows one. */
  blockReason?(resource: string | null | undefined): string | null;
}

function conflictSentence(c: Conflict, ctx: Context): string {
  const who = ctx.name?.(c.resource) ?? 'The resource';
  switch (c.reason) {
    case 'blocked': {
      const why = ctx.blockReason?.(c.resource);
      return `${who} is closed then${why ? `: ${why}` : ''}.`;
    }
    case 'outside_schedule':
      return `${who} is not working then.`;
    case 'holiday':
      return `${who} is closed for a holiday then.`;
    case 'capacity_exceeded':
      return `${who} is fully booked then.`;
    case 'resource_archived':
      return `${who} is no longer in use.`;
    case 'no_candidate_available':
      return 'No one is free then.';
    case 'start_passed':
      return 'That time has already passed.';
    case 'too_soon':
      return `That is too soon: ${who} takes bookings at least ${c.limit ?? 'some'} minutes ahead.`;
    case 'too_far_ahead':
      return `That is too far ahead: ${who} takes bookings up to ${c.limit ?? 'some'} days ahead.`;
    case 'limit_reached':
      return `${who} has reached its limit of ${c.limit ?? ''} bookings ${c.rule === 'max_per_week' ? 'a week' : 'a day'}.`.replace('  ', ' ');
    // The API's own message names ids and UTC times: it stays behind "Details".
    default:
      return 'That time is not free.';
  }
}

/** The API's stable codes (src/lib/errors.ts) as sentences; the one table every page asks. */
const BY_CODE: Record<string, string> = {
  invalid_state_transition: 'This booking can no longer be changed that way.',
  seats_exhausted: 'Every seat is taken then.',
  resource_missing: 'This was not found: it may have been deleted.',
  resource_in_use: 'This is still in use, so it cannot be removed.',
  idempotency_key_in_use: 'The same change is already on its way.',
  idempotency_key_reused: 'The same change was already sent with other values: reload and try again.',
  rate_limited: 'Too many changes at once: wait a moment and try again.',
  api_key_missing: 'No key was given: sign in with an API key.',
  api_key_invalid: 'The key was refused: check it, or sign in with another one.',
  permission_denied: 'This key may not do that.',
  database_unavailable: 'The service is busy: wait a moment and try again.',
};

/** The booking rules (docs/policies.md) a change can run into, by the `rule` of a 409 policy_violation. */
const BY_RULE: Record<string, string> = {
  cancel_cutoff_minutes: 'It is too close to the start to cancel this booking.',
  reschedule_cutoff_minutes: 'It is too close to the start to move this booking.',
  deposit: 'This booking can only be confirmed once its deposit is paid.',
};

/** A time the person chose (a new booking's start or end, a manage link's slot) that the API refuses. */
const TIME_PARAM = /(^|[.\]])(start|end)$/;

export function explain(error: unknown, ctx: Context = {}): Explained {
  const e = error as { message?: string; code?: string; status?: number; param?: string | null; requestId?: string | null; body?: { conflicts?: Conflict[]; rule?: string } | null };
  const conflicts = e?.body?.conflicts ?? [];
  const details = [
    e?.code && e.code !== 'unknown' ? `code: ${e.code}` : null,
    e?.param ? `parameter: ${e.param}` : null,
    e?.body?.rule ? `rule: ${e.body.rule}` : null,
    ...conflicts.map((c) => `conflict: ${c.reason}${c.resource ? ` (${c.resource})` : ''}`),
    e?.requestId ? `request: ${e.requestId}` : null,
    e?.message ? `message: ${e.message}` : null,
  ]
    .filter(Boolean)
    .join('\n');
  let sentence: string;
  if (conflicts.length > 0) sentence = [...new Set(conflicts.map((c) => conflictSentence(c, ctx)))].join(' ');
  else if (e?.code && BY_CODE[e.code]) sentence = BY_CODE[e.code]!;
  else if (e?.code === 'policy_violation') sentence = BY_RULE[e.body?.rule ?? ''] ?? 'The booking rules do not allow that.';
  else if (e?.code === 'parameter_invalid' && e.param && TIME_PARAM.test(e.param)) sentence = 'That time cannot be booked: choose another one.';
  else if (e?.code === 'parameter_invalid' || e?.code === 'parameter_missing') sentence = 'Some of what was entered is not valid. Check the form and try again.';
  // fetch's own failure, or the client's SchedulingConnectionError (status 0: no answer came).
  else if (e instanceof TypeError || e?.status === 0) sentence = 'The service could not be reached. Check the connection and try again.';
  else sentence = 'Something went wrong. Try again; if it goes on, show the details to whoever runs the service.';
  return { sentence, details };
}

/** "<doing> did not work. <sentence>" in the live region, with the code and ids behind "Details". */
export function sayFailed(doing: string, error: unknown, ctx: Context = {}): void {
  const { sentence, details } = explain(error, ctx);
  say(`${doing} did not work. ${sentence}`, 'error', details);
}
