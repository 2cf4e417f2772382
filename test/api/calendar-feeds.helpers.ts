/**
 * A local feed server for the calendar feed tests, and feeds shaped like real exports:
 * Google Calendar's (VTIMEZONE, weekly RRULE with EXDATE and a moved instance, all-day
 * events) and Outlook's (Windows zone names defined by their VTIMEZONE).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export type Answer =
  | { ics: string; etag?: string; lastModified?: string }
  | { status: number; body?: string }
  | { hang: true }
  | { bytes: number };

export interface SeenFeedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
}

/** Serves `answers[path]` (changeable between requests); answers 304 when the ETag matches. */
export async function feedServer() {
  const answers = new Map<string, Answer>();
  const seen: SeenFeedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({ path, headers: req.headers });
    const answer = answers.get(path);
    if (!answer) return void res.writeHead(404).end('no such feed');
    if ('hang' in answer) return void hanging.add(res);
    if ('bytes' in answer) {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'X');
      let sent = 0;
      const push = () => {
        while (sent < answer.bytes) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      res.on('error', () => undefined);
      return push();
    }
    if ('status' in answer) return void res.writeHead(answer.status).end(answer.body ?? '');
    if (answer.etag && req.headers['if-none-match'] === answer.etag) return void res.writeHead(304, { etag: answer.etag }).end();
    const headers: Record<string, string> = { 'content-type': 'text/calendar; charset=utf-8' };
    if (answer.etag) headers.etag = answer.etag;
    if (answer.lastModified) headers['last-modified'] = answer.lastModified;
    res.writeHead(200, headers).end(answer.ics);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    base,
    seen,
    serve(path: string, answer: Answer) {
      answers.set(path, answer);
      return `${base}${path}`;
    },
  };
}

/** `20270115T090000` (local) or `…Z` from a UTC ISO string's parts. */
const stamp = (date: string, hhmm = '0000') => `${date.replaceAll('-', '')}T${hhmm}00`;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const BERLIN = `BEGIN:VTIMEZONE
TZID:Europe/Berlin
X-LIC-LOCATION:Europe/Berlin
BEGIN:DAYLIGHT
TZOFFSETFROM:+0100
TZOFFSETTO:+0200
TZNAME:CEST
DTSTART:19700329T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0200
TZOFFSETTO:+0100
TZNAME:CET
DTSTART:19701025T030000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE`;

/**
 * Like a Google Calendar export (Europe/Berlin): a weekly 09:00–10:00 meeting for `weeks`
 * weeks from `monday`, its second week excluded (EXDATE) and its third moved to 14:00–15:30
 * (RECURRENCE-ID); a transparent event, a cancelled event, and an all-day event.
 */
export function googleExport(monday: string, weeks = 6): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Ada',
    'X-WR-TIMEZONE:Europe/Berlin',
    BERLIN,
    'BEGIN:VEVENT',
    `DTSTART;TZID=Europe/Berlin:${stamp(monday, '0900')}`,
    `DTEND;TZID=Europe/Berlin:${stamp(monday, '1000')}`,
    `RRULE:FREQ=WEEKLY;COUNT=${weeks};BYDAY=MO`,
    `EXDATE;TZID=Europe/Berlin:${stamp(addDays(monday, 7), '0900')}`,
    'DTSTAMP:20260101T000000Z',
    'UID:weekly-1on1@google.com',
    'SUMMARY:1:1',
    'TRANSP:OPAQUE',
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;TZID=Europe/Berlin:${stamp(addDays(monday, 14), '1400')}`,
    `DTEND;TZID=Europe/Berlin:${stamp(addDays(monday, 14), '1530')}`,
    `RECURRENCE-ID;TZID=Europe/Berlin:${stamp(addDays(monday, 14), '0900')}`,
    'DTSTAMP:20260101T000000Z',
    'UID:weekly-1on1@google.com',
    'SUMMARY:1:1 (moved)',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;TZID=Europe/Berlin:${stamp(addDays(monday, 1), '1200')}`,
    `DTEND;TZID=Europe/Berlin:${stamp(addDays(monday, 1), '1300')}`,
    'DTSTAMP:20260101T000000Z',
    'UID:lunch@google.com',
    'SUMMARY:Lunch (free)',
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;TZID=Europe/Berlin:${stamp(addDays(monday, 1), '1500')}`,
    `DTEND;TZID=Europe/Berlin:${stamp(addDays(monday, 1), '1600')}`,
    'DTSTAMP:20260101T000000Z',
    'UID:called-off@google.com',
    'SUMMARY:Called off',
    'STATUS:CANCELLED',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${addDays(monday, 3).replaceAll('-', '')}`,
    `DTEND;VALUE=DATE:${addDays(monday, 4).replaceAll('-', '')}`,
    'DTSTAMP:20260101T000000Z',
    'UID:conference@google.com',
    'SUMMARY:Conference',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.join('\r\n') + '\r\n';
}

/** Like an Outlook export: a Windows zone name defined by its VTIMEZONE, one busy event. */
export function outlookExport(day: string): string {
  return [
    'BEGIN:VCALENDAR',
    'METHOD:PUBLISH',
    'PRODID:Microsoft Exchange Server 2010',
    'VERSION:2.0',
    'X-WR-CALNAME:Calendar',
    'BEGIN:VTIMEZONE',
    'TZID:W. Europe Standard Time',
    'BEGIN:STANDARD',
    'DTSTART:16010101T030000',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:16010101T020000',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:040000008200E00074C5B7101A82E00800000000@outlook.com',
    'SUMMARY:Dentist',
    `DTSTART;TZID=W. Europe Standard Time:${stamp(day, '1000')}`,
    `DTEND;TZID=W. Europe Standard Time:${stamp(day, '1100')}`,
    'CLASS:PUBLIC',
    'PRIORITY:5',
    'DTSTAMP:20260101T000000Z',
    'TRANSP:OPAQUE',
    'STATUS:CONFIRMED',
    'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n') + '\r\n';
}

/** A weekly 09:00 (Europe/Berlin) event over the week of a daylight-saving change. */
export function dstWeekExport(before: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//DST//EN',
    BERLIN,
    'BEGIN:VEVENT',
    `DTSTART;TZID=Europe/Berlin:${stamp(before, '0900')}`,
    `DTEND;TZID=Europe/Berlin:${stamp(before, '1000')}`,
    'RRULE:FREQ=DAILY;COUNT=3',
    'DTSTAMP:20260101T000000Z',
    'UID:standup@dst',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n') + '\r\n';
}
