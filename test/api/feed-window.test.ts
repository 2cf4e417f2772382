/**
 * A resource's calendar feed at the edges of its window (183 days back, 731 ahead), for every
 * status: the feed reads its segments in parts bounded by the window (migration 037,
 * src/capacity/feed-bookings.repository.ts), and these are the cases where a part could miss
 * a segment or find one twice. The clock is pinned, so the window's edges are known to the
 * millisecond.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setupTestApp, type Client } from '../support/harness.js';
import { parseCalendar } from './feed-urls.helpers.js';
import { iso } from './bookings.helpers.js';
import { FEED_DAYS_AHEAD, FEED_DAYS_BACK } from '../../src/features/feed-urls/feed-urls.service.js';
import { feedBookings } from '../../src/capacity/index.js';

const t = await setupTestApp();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const now = t.clock.set(Math.floor(Date.now() / HOUR) * HOUR).getTime();
const from = now - FEED_DAYS_BACK * DAY;
const to = now + FEED_DAYS_AHEAD * DAY;

/** Segment times around the window's edges, and whether the feed shows a booking of a shown status there. */
const TIMES: Record<string, { start: number; end: number; shown: boolean }> = {
  endingAtTheWindowsStart: { start: from - HOUR, end: from, shown: false },
  startingAtTheWindowsEnd: { start: to, end: to + HOUR, shown: false },
  endingJustInside: { start: from - HOUR, end: from + MIN, shown: true },
  startingJustInside: { start: to - MIN, end: to + HOUR, shown: true },
  startingADayBefore: { start: from - DAY, end: from + MIN, shown: true },
  startingJustOverADayBefore: { start: from - DAY - MIN, end: from + MIN, shown: true },
  startingMonthsBeforeStillRunning: { start: from - 60 * DAY, end: from + HOUR, shown: true },
  longEndedBefore: { start: from - 60 * DAY, end: from - DAY, shown: false },
  tomorrow: { start: now + DAY, end: now + DAY + HOUR, shown: true },
};

type Made = { id: string; start: number; end: number };

async function open(api: Client, name: string) {
  const res = await api.post('/v1/resources', { name, type: 'room', capacity: 100 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

/** Bookings imported (the past allowed), one an item; `segments` as [resource, start, end, extra]. */
async function importBookings(api: Client, items: { status: string; segments: [string, number, number, Record<string, unknown>?][] }[]): Promise<string[]> {
  const res = await api.post('/v1/bookings/import', {
    bookings: items.map((i) => ({ status: i.status, segments: i.segments.map(([resource, start, end, extra]) => ({ resource, start: iso(start), end: iso(end), ...extra })) })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: string }[]).map((b) => b.id);
}

async function feed(api: Client, resource: string) {
  const res = await api.get(`/v1/resources/${resource}/calendar.ics`);
  expect(res.status, String(res.body)).toBe(200);
  return parseCalendar(res.body as string).events;
}

/** Earliest first, then by id: the feed's order. */
const inFeedOrder = (made: Made[]) => [...made].sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const uid = (id: string) => `${id}@scheduling-api`;

describe("a resource's calendar feed at the edges of its window", () => {
  it('shows confirmed, completed, no-show and confirmed-then-cancelled bookings that overlap the window, at their own times, earliest first then by id, and no others', async () => {
    const api = await t.newAccount();
    const room = await open(api, 'Room');
    const shown: Made[] = [];
    const cancelled = new Set<string>();
    for (const status of ['confirmed', 'completed', 'no_show', 'cancelled after confirmed']) {
      const entries = Object.values(TIMES);
      const ids = await importBookings(api, entries.map(({ start, end }) => ({ status: status === 'cancelled after confirmed' ? 'confirmed' : status, segments: [[room, start, end]] })));
      for (const [i, id] of ids.entries()) {
        if (status === 'cancelled after confirmed') {
          expect((await api.post(`/v1/bookings/${id}/cancel`, {})).status).toBe(200);
          cancelled.add(id);
        }
        if (entries[i]!.shown) shown.push({ id, start: entries[i]!.start, end: entries[i]!.end });
      }
    }
    // Never on anyone's calendar: cancelled without having been confirmed, pending, expired, requested.
    const hidden = Object.values(TIMES).filter((x) => x.shown);
    for (const status of ['cancelled', 'pending', 'expired']) await importBookings(api, hidden.map(({ start, end }) => ({ status, segments: [[room, start, end]] })));
    const requested = await importBookings(api, hidden.map(({ start, end }) => ({ status: 'pending', segments: [[room, start, end]] })));
    // The status of a booking under approval (docs/policies.md#approval); the trigger of migration 011 copies it onto the segments.
    await sql`update bookings set status = 'requested' where account_id = ${api.accountId} and id = any(${requested}::text[])`.execute(t.db.kysely);

    const events = await feed(api, room);
    expect(events.map((e) => e.uid)).toEqual(inFeedOrder(shown).map((b) => uid(b.id)));
    for (const [i, b] of inFeedOrder(shown).entries()) {
      expect(events[i]).toMatchObject({ start: iso(b.start), end: iso(b.end), status: cancelled.has(b.id) ? 'CANCELLED' : 'CONFIRMED' });
    }
  });

  it('shows a booking with several segments on the resource once, from the first of them in the window to the last, whichever part of the read finds each', async () => {
    const api = await t.newAccount();
    const room = await open(api, 'Room');
    const other = await open(api, 'Other room');
    const [spanning, settled] = await importBookings(api, [
      // One segment before the window, one running into it from months before, two inside, one elsewhere.
      {
        status: 'confirmed',
        segments: [
          [room, from - 90 * DAY, from - 89 * DAY],
          [room, from - 60 * DAY, from + HOUR],
          [room, now + DAY, now + DAY + HOUR],
          [other, now + DAY + HOUR, now + DAY + 2 * HOUR],
          [room, now + DAY + 2 * HOUR, now + DAY + 3 * HOUR],
        ],
      },
      { status: 'completed', segments: [[room, from - 2 * DAY, from + MIN], [room, now - DAY, now - DAY + HOUR]] },
    ]);
    const events = await feed(api, room);
    expect(events.map((e) => [e.uid, e.start, e.end])).toEqual([
      [uid(spanning!), iso(from - 60 * DAY), iso(now + DAY + 3 * HOUR)],
      [uid(settled!), iso(from - 2 * DAY), iso(now - DAY + HOUR)],
    ]);
    expect((await feed(api, other)).map((e) => [e.uid, e.start, e.end])).toEqual([[uid(spanning!), iso(now + DAY + HOUR), iso(now + DAY + 2 * HOUR)]]);
  });

  it('decides by the booking’s own times, not its buffers, and shows its own times', async () => {
    const api = await t.newAccount();
    const room = await open(api, 'Room');
    const day = 1440;
    const ids = await importBookings(api, [
      // Held into the window by its buffer after, but ends at its start.
      { status: 'confirmed', segments: [[room, from - HOUR, from, { buffer_after_minutes: 60 }]] },
      // Held into the window by its buffer before, but starts at its end.
      { status: 'confirmed', segments: [[room, to, to + HOUR, { buffer_before_minutes: 60 }]] },
      // Held from more than a day before the window by its buffers (read as a long hold), an hour long across its start.
      { status: 'confirmed', segments: [[room, from - 30 * MIN, from + 30 * MIN, { buffer_before_minutes: day, buffer_after_minutes: day }]] },
      { status: 'completed', segments: [[room, now, now + HOUR, { buffer_before_minutes: day }]] },
    ]);
    const events = await feed(api, room);
    expect(events.map((e) => [e.uid, e.start, e.end])).toEqual([
      [uid(ids[2]!), iso(from - 30 * MIN), iso(from + 30 * MIN)],
      [uid(ids[3]!), iso(now), iso(now + HOUR)],
    ]);
  });

  it('stops at its limit after the earliest, in the same order', async () => {
    const api = await t.newAccount();
    const room = await open(api, 'Room');
    // Two bookings at each of three times: ties go by id.
    const times = [now + 3 * DAY, from - 2 * DAY, now + DAY];
    const ids = await importBookings(api, times.flatMap((start) => [0, 1].map(() => ({ status: 'confirmed', segments: [[room, start, start + 3 * DAY]] as [string, number, number][] }))));
    const made = ids.map((id, i) => ({ id, start: times[Math.floor(i / 2)]!, end: times[Math.floor(i / 2)]! + 3 * DAY }));
    const rows = await feedBookings(t.db.kysely, api.accountId, room, { from: new Date(from), to: new Date(to) }, 4);
    expect(rows.map((r) => [r.id, r.start_at.getTime()])).toEqual(inFeedOrder(made).slice(0, 4).map((b) => [b.id, b.start]));
  });
});
