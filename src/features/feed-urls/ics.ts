/**
 * iCalendar (RFC 5545) rendering of a resource's bookings: pure, plain values in, text out.
 * Rules (docs/feed-urls.md):
 * - every time is written in UTC (`…Z`), so no VTIMEZONE is needed and every client agrees;
 * - UID is the booking id, stable for the life of the booking;
 * - SEQUENCE is the booking's revision (it grows with every change of the booking row);
 * - a cancelled booking that had been confirmed stays in the feed as STATUS:CANCELLED, so a
 *   subscribed calendar removes it instead of keeping a stale copy.
 * Lines end with CRLF and are folded at 75 octets; text values are escaped.
 */

export interface FeedEvent {
  uid: string;
  start: Date;
  end: Date;
  sequence: number;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  summary: string;
  description?: string;
  location?: string | null;
  created: Date;
  lastModified: Date;
}

export interface FeedCalendar {
  name: string;
  description?: string;
  events: FeedEvent[];
}

export const PRODID = '-//Scheduling API//Calendar feed 1.0//EN';

/** `20261221T100000Z` */
export function icsUtc(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** TEXT escaping: backslash, semicolon, comma, newline. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (UTF-8), never inside a multi-byte character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
      limit = 74; // continuation lines start with one space
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: FeedEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsUtc(event.lastModified)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  lines.push(
    `CREATED:${icsUtc(event.created)}`,
    `LAST-MODIFIED:${icsUtc(event.lastModified)}`,
    `TRANSP:${event.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
  );
  return lines;
}

export function renderCalendar(calendar: FeedCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...(calendar.description ? [`X-WR-CALDESC:${escapeText(calendar.description)}`] : []),
    // How often subscribers should poll: Apple and Outlook read these two.
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
