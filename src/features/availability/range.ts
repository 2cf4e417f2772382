import type { DbHandle } from '../../db/transaction.js';
import type { AccountScope } from '../../tenancy/index.js';
import { accountTimezone } from '../../tenancy/accounts.repository.js';
import { invalid, notFound } from '../../lib/errors.js';
import { isValidTimeZone } from '../../lib/timezone.js';
import { parseInstant } from '../../core/time/wall-time.js';
import type { Interval } from '../../core/time/types.js';
import type { ResourceFactsMap } from '../../capacity/index.js';

/** Searches and calendars look at most this far: 62 days (docs/availability.md#availability-search). */
export const MAX_RANGE_DAYS = 62;
const MAX_RANGE_MS = MAX_RANGE_DAYS * 24 * 3600 * 1000;

/**
 * Searches stay within years 1900–9998: far enough for any real calendar, and clear of the
 * edges where padded date ranges would leave what PostgreSQL and ISO strings can express.
 */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 0, 1);

function instant(text: string, param: 'from' | 'to'): number {
  const ms = parseInstant(text);
  if (ms === null) throw invalid(param, `Invalid ${param}: must be an RFC 3339 date-time such as 2026-03-02T14:00:00Z.`);
  if (ms < EARLIEST || ms > LATEST) throw invalid(param, `Invalid ${param}: must lie between 1900-01-01T00:00:00Z and 9999-01-01T00:00:00Z.`);
  return ms;
}

/** `from`/`to` as instants: to after from, at most 62 days (of real time) apart. */
export function checkRange(from: string, to: string): Interval {
  const start = instant(from, 'from');
  const end = instant(to, 'to');
  if (end <= start) throw invalid('to', 'Invalid to: must be after from.');
  if (end - start > MAX_RANGE_MS) throw invalid('to', `Invalid to: from and to may be at most ${MAX_RANGE_DAYS} days apart.`);
  return { start, end };
}

/** The zone given, checked; null when none is given (the account's is asked later). */
export function givenTimeZone(timezone: string | undefined): string | null {
  if (timezone === undefined) return null;
  if (!isValidTimeZone(timezone)) throw invalid('timezone', `Invalid timezone: '${timezone}' is not an IANA time zone name.`);
  return timezone;
}

/**
 * The zone of slot alignment and day boundaries: the one given, else the account's, read with
 * the facts where they were loaded (one statement less: docs/performance.md, "Round trips"),
 * else on its own.
 */
export async function resolveTimeZone(db: DbHandle, scope: AccountScope, given: string | null, facts?: ResourceFactsMap): Promise<string> {
  if (given !== null) return given;
  const zone = facts?.accountTimeZone ?? (await accountTimezone(db, scope));
  if (zone === undefined) throw notFound('account', scope.accountId, 'Service-Account');
  return zone;
}

