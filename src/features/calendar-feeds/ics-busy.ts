/**
 * The busy time in an iCalendar text (docs/calendar-feeds.md#what-counts-as-busy): pure, text
 * in, intervals out, parsed by ical.js.
 *
 * - Every VEVENT is busy unless it is `TRANSP:TRANSPARENT` or `STATUS:CANCELLED`.
 * - Recurring events are expanded with their RRULE, RDATE and EXDATE; an instance moved or
 *   changed by a RECURRENCE-ID override takes the override's time and status.
 * - A TZID is read with the VTIMEZONE of the same calendar; a TZID without one is taken as an
 *   IANA zone name when it is one, else (and for floating times) the resource's zone.
 * - All-day events (DATE values) cover their days in the resource's zone.
 * - Only what overlaps [from, to) is kept; limits on events and intervals keep one feed from
 *   costing without bound.
 */
import ICAL from 'ical.js';
import { isValidTimeZone, localToInstant } from '../../core/time/wall-time.js';

export interface BusyInterval {
  start: number;
  end: number;
  uid: string;
}

export interface BusyLimits {
  from: number;
  to: number;
  /** VEVENTs in the text. */
  maxEvents: number;
  /** Busy intervals within [from, to). */
  maxIntervals: number;
}

/** The text is not a usable calendar, or is over a limit: the sync fails with this message. */
export class FeedContentError extends Error {}

const DAY_MS = 86_400_000;
/** Instances looked at per recurring event before giving up (a rule that never reaches `to`). */
const MAX_INSTANCES_PER_EVENT = 200_000;

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

function isFree(c: Component): boolean {
  const transp = String(c.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(c.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp === 'TRANSPARENT' || status === 'CANCELLED';
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An ICAL.Time as an instant: in its VTIMEZONE or UTC, else as wall time in `fallbackZone`. */
function instantOf(time: Time, tzid: string | null, resourceZone: string): number {
  const date = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return localToInstant(date, 0, resourceZone);
  const zone = time.zone as { tzid?: string } | null;
  if (zone && zone.tzid && zone.tzid !== 'floating') return time.toUnixTime() * 1000;
  const wallZone = tzid && isValidTimeZone(tzid) ? tzid : resourceZone;
  return localToInstant(date, time.hour * 60 + time.minute, wallZone) + time.second * 1000;
}

function tzidOf(c: Component, name: 'dtstart' | 'dtend'): string | null {
  const value = c.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

/** One occurrence's interval; an all-day event without an end covers its one day. */
function intervalOf(start: Time, end: Time, item: Component, resourceZone: string): { start: number; end: number } {
  const s = instantOf(start, tzidOf(item, 'dtstart'), resourceZone);
  let e = instantOf(end, tzidOf(item, 'dtend') ?? tzidOf(item, 'dtstart'), resourceZone);
  if (e <= s && start.isDate) e = s + DAY_MS;
  return { start: s, end: e };
}

export function busyFromIcs(text: string, resourceZone: string, limits: BusyLimits): BusyInterval[] {
  let root: Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (err) {
    throw new FeedContentError(`not a valid iCalendar text: ${String((err as Error).message ?? err).slice(0, 200)}`);
  }
  if (root.name !== 'vcalendar') throw new FeedContentError(`not a valid iCalendar text: it starts with ${root.name.toUpperCase()}, not VCALENDAR`);
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length > limits.maxEvents) throw new FeedContentError(`the feed has ${vevents.length} events, more than ${limits.maxEvents}`);

  const masters = new Map<string, Component>();
  const overrides = new Map<string, Component[]>();
  for (const c of vevents) {
    const uid = String(c.getFirstPropertyValue('uid') ?? '');
    if (c.hasProperty('recurrence-id')) overrides.set(uid, [...(overrides.get(uid) ?? []), c]);
    else if (!masters.has(uid)) masters.set(uid, c);
  }

  const out: BusyInterval[] = [];
  const keep = (uid: string, iv: { start: number; end: number }) => {
    if (iv.end <= iv.start || iv.end <= limits.from || iv.start >= limits.to) return;
    out.push({ uid, start: iv.start, end: iv.end });
    if (out.length > limits.maxIntervals) throw new FeedContentError(`the feed has more than ${limits.maxIntervals} busy intervals within the horizon`);
  };

  try {
    for (const [uid, master] of masters) {
      const event = new ICAL.Event(master, { exceptions: overrides.get(uid) ?? [], strictExceptions: true });
      overrides.delete(uid);
      if (!event.startDate) continue;
      if (!event.isRecurring()) {
        if (!isFree(master)) keep(uid, intervalOf(event.startDate, event.endDate, master, resourceZone));
        continue;
      }
      const it = event.iterator();
      for (let n = 0, next = it.next(); next; next = it.next(), n++) {
        if (n > MAX_INSTANCES_PER_EVENT) throw new FeedContentError(`event ${uid} repeats more than ${MAX_INSTANCES_PER_EVENT} times before the horizon`);
        const details = event.getOccurrenceDetails(next);
        const item = details.item.component;
        const iv = intervalOf(details.startDate, details.endDate, item, resourceZone);
        // Occurrences come in order of their original start: past the horizon, stop.
        if (instantOf(next, tzidOf(master, 'dtstart'), resourceZone) >= limits.to && iv.start >= limits.to) break;
        if (!isFree(item)) keep(uid, iv);
      }
    }
    // Overrides whose series is not in the feed stand on their own.
    for (const [uid, list] of overrides) {
      for (const c of list) {
        const event = new ICAL.Event(c);
        if (event.startDate && !isFree(c)) keep(uid, intervalOf(event.startDate, event.endDate, c, resourceZone));
      }
    }
  } catch (err) {
    if (err instanceof FeedContentError) throw err;
    throw new FeedContentError(`the feed could not be read: ${String((err as Error).message ?? err).slice(0, 200)}`);
  }
  return out.sort((a, b) => a.start - b.start || (a.uid < b.uid ? -1 : 1));
}
