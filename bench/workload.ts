/**
 * The availability workload (docs/performance.md, "Availability"), shared by the in-process
 * benchmark and the one over HTTP: one resource in Europe/Paris open 08:00–20:00 with 300
 * half-hour bookings over 30 days, and 50 candidates of one type open 09:00–18:00 with two
 * thirds of their hours booked over 7 days. Ranges start 2027-03-01 and cross a
 * daylight-saving change.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Temporal } from 'temporal-polyfill';
import type { DbHandle } from '../src/db/transaction.js';
import { newId, ID_PREFIX } from '../src/lib/ids.js';

export const TZ = 'Europe/Paris';
export const FIRST_DAY = '2027-03-01'; // the range crosses the 2027-03-28 daylight-saving change
export const MIN = 60_000;

export const localMs = (date: string, minutes: number) =>
  Temporal.PlainDate.from(date).toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toZonedDateTime(TZ).epochMilliseconds;
export const addDays = (date: string, n: number) => Temporal.PlainDate.from(date).add({ days: n }).toString();
export const iso = (ms: number) => new Date(ms).toISOString();

/** Confirmed one-segment bookings written with SQL: the benchmarks measure reading them. */
export async function insertBookings(db: DbHandle, accountId: string, holds: { resource: string; start: number; end: number }[]) {
  const now = new Date();
  for (let i = 0; i < holds.length; i += 500) {
    const chunk = holds.slice(i, i + 500).map((h) => ({ ...h, id: newId(ID_PREFIX.booking) }));
    await db
      .insertInto('bookings')
      .values(
        chunk.map((h) => ({
          account_id: accountId,
          id: h.id,
          livemode: false,
          status: 'confirmed' as const,
          expires_at: null,
          start_at: new Date(h.start),
          end_at: new Date(h.end),
          seats: null,
          conflict_policy: 'reject' as const,
          conflicted: false,
          conflicts: null,
          metadata: '{}',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('booking_segments')
      .values(
        chunk.map((h) => ({
          account_id: accountId,
          booking_id: h.id,
          position: 0,
          resource_id: h.resource,
          location_id: null,
          start_at: new Date(h.start),
          end_at: new Date(h.end),
          held_start: new Date(h.start),
          held_end: new Date(h.end),
          quantity: 1,
          buffer_before_minutes: 0,
          buffer_after_minutes: 0,
          booking_status: 'confirmed' as const,
          booking_expires_at: null,
        })),
      )
      .execute();
  }
}

export const everyDay = (start: string, end: string) =>
  Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [{ start, end }]]));

export interface Hold {
  resource: string;
  start: number;
  end: number;
}

/** 10 half-hour bookings a day for 30 days, never overlapping, inside 08:00–20:00. */
export function soloHoldsOf(solo: string): Hold[] {
  const holds: Hold[] = [];
  for (let d = 0; d < 30; d++) {
    const date = addDays(FIRST_DAY, d);
    for (let k = 0; k < 10; k++) {
      const start = localMs(date, 8 * 60 + ((k * 7 + d * 3) % 24) * 30);
      holds.push({ resource: solo, start, end: start + 30 * MIN });
    }
  }
  return holds;
}

/** Each hour of 09:00–18:00 over 7 days, two thirds of the coaches booked. */
export function coachHoldsOf(coaches: string[]): Hold[] {
  const holds: Hold[] = [];
  for (const [i, id] of coaches.entries()) {
    for (let d = 0; d < 7; d++) {
      const date = addDays(FIRST_DAY, d);
      for (let h = 9; h < 18; h++) {
        if ((h + i + d) % 3 === 0) continue;
        holds.push({ resource: id, start: localMs(date, h * 60), end: localMs(date, h * 60 + 60) });
      }
    }
  }
  return holds;
}

/**
 * An iCalendar text of `events` half-hour events from tomorrow on, eight a half-day, one in
 * five weekly (4 instances). `version` changes the first event's UID, so that each new
 * version is a different text, which a sync fetches and parses whole and of which it writes
 * the one changed event.
 */
export function icalFeed(events: number, version: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench//Feed//EN'];
  // From the next UTC midnight: the same times on every call of the day, so that a sync finds
  // only what `version` changed, as a real calendar changes an event or two between syncs.
  const day0 = Math.ceil(Date.now() / 86_400_000) * 86_400_000;
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  for (let i = 0; i < events; i++) {
    const start = day0 + Math.floor(i / 8) * 86_400_000 / 2 + (i % 8) * 3_600_000;
    lines.push('BEGIN:VEVENT', `UID:bench-${i}-${i === 0 ? version : 0}@bench`, `DTSTAMP:${stamp(day0)}`, `DTSTART:${stamp(start)}`, `DTEND:${stamp(start + 1_800_000)}`);
    if (i % 5 === 0) lines.push('RRULE:FREQ=WEEKLY;COUNT=4');
    lines.push('SUMMARY:Busy', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n') + '\r\n';
}

/** A local HTTP server on 127.0.0.1 answering every request with `text()` as text/calendar. */
export async function serveFeed(text: () => string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(text()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.ics`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
