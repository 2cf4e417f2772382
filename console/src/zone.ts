/**
 * Times as people read them: in the resource's time zone, in the browser's locale format (or one a page prefers),
 * labelled with that zone, and with the viewer's own time beside them when it differs.
 */

/*
 * A page may be told whose reading to use instead of the browser's: the manage page shows a
 * booking in its customer's locale and time zone when the booking names them
 * (docs/manage-links.md). Unset, both are the browser's.
 */
let locale: string | undefined;
let viewer: string | undefined;

/** Formats in `preferred` from now on, when the browser knows it (else keeps its own). */
export function useLocale(preferred: string | null | undefined): void {
  if (!preferred) return;
  try {
    if (Intl.DateTimeFormat.supportedLocalesOf([preferred]).length > 0) locale = preferred;
  } catch {
    // Not a well-formed tag: the browser's locale stays.
  }
}

/** Takes `zone` as the viewer's from now on, when it is a zone the browser knows. */
export function useViewerZone(zone: string | null | undefined): void {
  if (!zone) return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    viewer = zone;
  } catch {
    // Unknown to this browser: the browser's own zone stays.
  }
}

export const viewerZone = (): string => viewer ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Europe/Paris" → "Paris time"; "UTC" stays "UTC". */
export function zoneLabel(tz: string): string {
  if (!tz.includes('/')) return tz;
  return `${tz.slice(tz.lastIndexOf('/') + 1).replace(/_/g, ' ')} time`;
}

export function formatTime(instant: string | Date, tz: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: tz, hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

export function formatDay(instant: string | Date, tz: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: tz, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(instant));
}

/** "Tuesday 15 December 2026, 10:00–11:00" in tz (the end's day named too when it differs). */
export function formatRange(start: string, end: string, tz: string): string {
  const sameDay = formatDay(start, tz) === formatDay(end, tz);
  return `${formatDay(start, tz)}, ${formatTime(start, tz)}–${sameDay ? '' : formatDay(end, tz) + ', '}${formatTime(end, tz)}`;
}

/** The same range as the viewer's clock reads it, or null when it reads the same. */
export function inViewerZone(start: string, end: string, tz: string, viewer = viewerZone()): string | null {
  if (formatRange(start, end, viewer) === formatRange(start, end, tz)) return null;
  return formatRange(start, end, viewer);
}

/** Morning (before 12:00), afternoon (before 17:00) or evening, by the wall clock of tz. */
export function partOfDay(instant: string, tz: string): 'Morning' | 'Afternoon' | 'Evening' {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(new Date(instant)));
  return hour < 12 ? 'Morning' : hour < 17 ? 'Afternoon' : 'Evening';
}

/** "2 Mar 2026, 09:30:05" in tz, in the browser's locale format: when something happened. */
export function formatMoment(instant: string | Date, tz: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: tz, dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(instant));
}
