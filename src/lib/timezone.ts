import { Temporal } from 'temporal-polyfill';
import { invalid } from './errors.js';

const known = new Map<string, boolean>();

/** An IANA time zone name that Temporal accepts (e.g. Europe/Paris, UTC). Offsets are refused. */
export function isValidTimeZone(name: string): boolean {
  let ok = known.get(name);
  if (ok === undefined) {
    try {
      ok = /^[A-Za-z]/.test(name) && Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(name) !== null;
    } catch {
      ok = false;
    }
    known.set(name, ok);
  }
  return ok;
}

/**
 * The canonical spelling of an IANA zone name (`europe/paris` → `Europe/Paris`), or null when
 * it is not one. Names are stored in this form so that equal zones compare equal.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!isValidTimeZone(name)) return null;
  return Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(name).timeZoneId;
}

/** A `timezone` parameter in canonical form: 400 parameter_invalid when it is not an IANA name. */
export function checkTimeZone(tz: string): string {
  const canonical = canonicalTimeZone(tz);
  if (!canonical) throw invalid('timezone', `'${tz}' is not an IANA time zone name.`);
  return canonical;
}
