import { Temporal } from 'temporal-polyfill';

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
