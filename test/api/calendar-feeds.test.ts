import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { expectError, setupTestApp, type Client } from '../support/harness.js';
import { at, book, eventsOf, futureDay, openResource, seg } from './bookings.helpers.js';
import { addDays, feedServer, googleExport, outlookExport } from './calendar-feeds.helpers.js';
import { eventually } from '../support/receiver.js';

// Fetches use the webhook time limit: short here, for the timeout case.
const t = await setupTestApp({ webhookTimeoutMs: 1500 });
const feeds = await feedServer();

/** The next Monday at least `ahead` days from today. */
function nextMonday(ahead = 7): string {
  let day = futureDay(ahead);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
  return day;
}

async function room(api: Client, timezone = 'Europe/Berlin') {
  return openResource(api, { timezone }, [{ start: '00:00', end: '24:00' }]);
}

async function subscribe(api: Client, resource: string, url: string, extra: Record<string, unknown> = {}) {
  const res = await api.post('/v1/calendar_feeds', { resource, url, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const tryBook = (api: Client, resource: string, day: string, from: string, to: string) =>
  api.post('/v1/bookings', { segments: [seg(resource, day, from, to)] });

describe('calendar feeds', () => {
  it("syncs a Google-like export at once, and its busy time blocks bookings and search at the events' real times", async () => {
    const api = await t.newAccount();
    const r = await room(api, 'UTC');
    const monday = nextMonday();
    const url = feeds.serve(`/google-${r.id}.ics`, { ics: googleExport(monday, 4), etag: '"v1"' });
    const feed = await subscribe(api, r.id, url, { refresh_minutes: 30, description: "Ada's calendar", metadata: { staff: 'ada' } });
    expect(feed).toMatchObject({
      object: 'calendar_feed',
      resource: r.id,
      url: `${new URL(url).origin}/…`,
      refresh_minutes: 30,
      busy_count: 4,
      last_error: null,
      consecutive_failures: 0,
      last_synced_at: expect.any(String),
      metadata: { staff: 'ada' },
    });
    expect(feed.id).toMatch(/^cfd_/);

    // 09:00 Berlin in winter is 08:00Z; the moved third week is 13:00–14:30Z; the excluded second week is free.
    const conflict = await tryBook(api, r.id, monday, '08:30', '09:30');
    expectError(conflict, 409, 'booking_conflict');
    expect(conflict.body.error.conflicts[0]).toMatchObject({ reason: 'blocked', calendar_feed: feed.id, event_uid: 'weekly-1on1@google.com' });
    expect((await tryBook(api, r.id, addDays(monday, 7), '08:00', '09:00')).status).toBe(200);
    expect((await tryBook(api, r.id, addDays(monday, 14), '08:00', '09:00')).status).toBe(200);
    expectError(await tryBook(api, r.id, addDays(monday, 14), '14:00', '15:00'), 409, 'booking_conflict');
    // Transparent and cancelled events are free; the all-day event holds the whole day in the resource's zone.
    expect((await tryBook(api, r.id, addDays(monday, 1), '11:00', '12:00')).status).toBe(200);
    expect((await tryBook(api, r.id, addDays(monday, 1), '14:00', '15:00')).status).toBe(200);
    expectError(await tryBook(api, r.id, addDays(monday, 3), '23:00', '23:30'), 409, 'booking_conflict');

    // Availability search agrees with booking.
    const search = await api.post('/v1/availability', {
      segments: [{ resource: r.id, duration_minutes: 60 }],
      from: at(monday, '06:00'),
      to: at(monday, '11:00'),
    });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    const starts = (search.body.slots as any[]).map((s) => s.start);
    expect(starts).toContain(at(monday, '07:00'));
    expect(starts).toContain(at(monday, '09:00'));
    expect(starts.filter((s) => s > at(monday, '07:00') && s < at(monday, '09:00'))).toEqual([]);
    const [synced] = await eventsOf(api, 'calendar_feed.synced', feed.id);
    expect(synced.data.object).toMatchObject({ busy_count: 4 });
  });

  it('reads an Outlook-like export with a Windows zone name', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const day = nextMonday(10);
    const feed = await subscribe(api, r.id, feeds.serve(`/outlook-${r.id}.ics`, { ics: outlookExport(day) }));
    expect(feed.busy_count).toBe(1);
    const res = await tryBook(api, r.id, day, '09:30', '10:30');
    expect(res.body.error.conflicts[0]).toMatchObject({ calendar_feed: feed.id, event_uid: '040000008200E00074C5B7101A82E00800000000@outlook.com' });
  });

  it('sends If-None-Match and If-Modified-Since, and a 304 keeps the busy time and writes no synced event', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const path = `/etag-${r.id}.ics`;
    const feed = await subscribe(api, r.id, feeds.serve(path, { ics: outlookExport(nextMonday()), etag: '"abc"', lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' }));
    t.clock.advance(60_000);
    const again = await api.post(`/v1/calendar_feeds/${feed.id}/sync`);
    expect(again.status).toBe(200);
    const last = feeds.seen.filter((s) => s.path === path).at(-1)!;
    expect(last.headers['if-none-match']).toBe('"abc"');
    expect(last.headers['if-modified-since']).toBe('Tue, 01 Dec 2026 10:00:00 GMT');
    expect(again.body).toMatchObject({ busy_count: 1, last_error: null });
    expect(Date.parse(again.body.last_synced_at)).toBeGreaterThan(Date.parse(feed.last_synced_at));
    expect(await eventsOf(api, 'calendar_feed.synced', feed.id)).toHaveLength(1);
  });

  it('keeps the last good busy time when the feed times out, sends a 10 MB body or malformed text, and counts the failures', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const day = nextMonday();
    const path = `/flaky-${r.id}.ics`;
    const feed = await subscribe(api, r.id, feeds.serve(path, { ics: outlookExport(day) }));
    const cases: [Parameters<typeof feeds.serve>[1], RegExp][] = [
      [{ hang: true }, /timed out after 1500 ms/],
      [{ bytes: 10 * 1024 * 1024 }, /larger than 5242880 bytes/],
      [{ ics: 'BEGIN:VCALENDAR\r\nthis is : not ; ical\r\nBEGIN:VEVENT\r\n' }, /not a valid iCalendar text|could not be read/],
      [{ status: 500 }, /unexpected status 500/],
    ];
    for (const [i, [answer, error]] of cases.entries()) {
      feeds.serve(path, answer);
      const res = await api.post(`/v1/calendar_feeds/${feed.id}/sync`);
      expect(res.status).toBe(200);
      expect(res.body.last_error).toMatch(error);
      expect(res.body).toMatchObject({ consecutive_failures: i + 1, busy_count: 1, last_synced_at: feed.last_synced_at });
      expectError(await tryBook(api, r.id, day, '09:30', '10:30'), 409, 'booking_conflict');
    }
    expect(await eventsOf(api, 'calendar_feed.failed', feed.id)).toHaveLength(cases.length);
    feeds.serve(path, { ics: outlookExport(day) });
    expect((await api.post(`/v1/calendar_feeds/${feed.id}/sync`)).body).toMatchObject({ consecutive_failures: 0, last_error: null });
  });

  it('flags a booking that a sync makes conflict, naming the feed and the event; deleting the feed removes the busy time', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const day = nextMonday();
    const path = `/late-${r.id}.ics`;
    const feed = await subscribe(api, r.id, feeds.serve(path, { ics: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n' }));
    expect(feed.busy_count).toBe(0);
    const booking = await book(api, { segments: [seg(r.id, day, '09:00', '10:00')] });
    feeds.serve(path, { ics: outlookExport(day) });
    await api.post(`/v1/calendar_feeds/${feed.id}/sync`);
    const flagged = (await api.get(`/v1/bookings/${booking.id}`)).body;
    expect(flagged.conflicted).toBe(true);
    expect(flagged.conflicts[0]).toMatchObject({ reason: 'blocked', calendar_feed: feed.id, event_uid: '040000008200E00074C5B7101A82E00800000000@outlook.com' });
    expect(await eventsOf(api, 'booking.conflicted', booking.id)).toHaveLength(1);

    const deleted = await api.del(`/v1/calendar_feeds/${feed.id}`);
    expect(deleted.body).toEqual({ id: feed.id, object: 'calendar_feed', deleted: true });
    expect((await api.get(`/v1/bookings/${booking.id}`)).body.conflicted).toBe(false);
    expect((await tryBook(api, r.id, day, '10:00', '11:00')).status).toBe(200);
    expectError(await api.get(`/v1/calendar_feeds/${feed.id}`), 404, 'resource_missing');
  });

  it('writes only the busy intervals a sync changed, adds and removes the rest, and keeps the rows the feed still holds untouched', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const monday = nextMonday();
    const path = `/diff-${r.id}.ics`;
    const feed = await subscribe(api, r.id, feeds.serve(path, { ics: googleExport(monday, 6) }));
    const stored = () =>
      sql<{ position: number; version: string; uid: string }>`
        select position, xmin::text as version, uid from calendar_feed_busy
        where account_id = ${api.accountId} and feed_id = ${feed.id} order by position`.execute(t.db.kysely).then((r) => r.rows);
    const before = await stored();
    expect(before.map((row) => row.position)).toEqual(before.map((_, i) => i + 1));

    // One event renamed: its row alone is written again.
    feeds.serve(path, { ics: googleExport(monday, 6).replace('UID:conference@google.com', 'UID:summit@google.com') });
    expect((await api.post(`/v1/calendar_feeds/${feed.id}/sync`)).body).toMatchObject({ busy_count: before.length, last_error: null });
    const renamed = await stored();
    const rewritten = renamed.filter((row, i) => row.version !== before[i].version);
    expect(rewritten.map((row) => row.uid)).toEqual(['summit@google.com']);

    // Fewer weeks, then more: the rows follow the feed, numbered without a gap.
    for (const weeks of [3, 8]) {
      feeds.serve(path, { ics: googleExport(monday, weeks) });
      const synced = (await api.post(`/v1/calendar_feeds/${feed.id}/sync`)).body;
      const rows = await stored();
      expect(rows.map((row) => row.position)).toEqual(rows.map((_, i) => i + 1));
      expect(rows).toHaveLength(synced.busy_count);
      expect(new Set(rows.map((row) => row.uid))).toEqual(new Set(['weekly-1on1@google.com', 'conference@google.com']));
    }
    // The fifth week, gone with three weeks and back with eight, blocks its Monday 09:00 in Berlin (08:00Z in winter) again.
    expect((await tryBook(api, r.id, addDays(monday, 28), '08:00', '09:00')).status).toBe(409);
  });

  it('syncs due feeds in the worker, where one broken feed never fails the sync of another', async () => {
    const api = await t.newAccount();
    const r1 = await room(api);
    const r2 = await room(api);
    const day = nextMonday();
    const good = await subscribe(api, r1.id, feeds.serve(`/good-${r1.id}.ics`, { ics: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n' }), { refresh_minutes: 5 });
    const broken = await subscribe(api, r2.id, feeds.serve(`/broken-${r2.id}.ics`, { ics: outlookExport(day) }), { refresh_minutes: 5 });
    feeds.serve(`/good-${r1.id}.ics`, { ics: outlookExport(day) });
    feeds.serve(`/broken-${r2.id}.ics`, { ics: 'garbage' });
    t.clock.advance(6 * 60_000);
    await t.runWorker('calendar-feeds.sync');
    expect((await api.get(`/v1/calendar_feeds/${good.id}`)).body).toMatchObject({ busy_count: 1, last_error: null });
    expect((await api.get(`/v1/calendar_feeds/${broken.id}`)).body).toMatchObject({ busy_count: 1, consecutive_failures: 1, last_error: expect.stringMatching(/iCalendar/) });
    const listed = await api.get('/v1/calendar_feeds', { resource: r1.id });
    expect(listed.body.data.map((f: any) => f.id)).toEqual([good.id]);
  });

  it('refuses bad input at create with a clear 4xx', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const url = feeds.serve('/ok.ics', { ics: outlookExport(nextMonday()) });
    expectError(await api.post('/v1/calendar_feeds', { resource: r.id, url, refresh_minutes: 4 }), 400, 'parameter_invalid', 'refresh_minutes');
    expectError(await api.post('/v1/calendar_feeds', { resource: r.id, url: 'not a url' }), 400, 'parameter_invalid', 'url');
    expectError(await api.post('/v1/calendar_feeds', { resource: r.id, url: 'ftp://example.com/cal.ics' }), 400, 'parameter_invalid', 'url');
    expectError(await api.post('/v1/calendar_feeds', { resource: r.id, url: 'https://user:pw@example.com/cal.ics' }), 400, 'parameter_invalid', 'url');
    expectError(await api.post('/v1/calendar_feeds', { resource: 'res_nope', url }), 404, 'resource_missing', 'resource');
    expectError(await api.post('/v1/calendar_feeds', { resource: r.id, url, colour: 'red' }), 400, 'parameter_unknown');
    expectError(await api.post('/v1/calendar_feeds', { url }), 400, 'parameter_missing');
    const other = await t.newAccount();
    expectError(await other.post('/v1/calendar_feeds', { resource: r.id, url }), 404, 'resource_missing');
  });

  // Last in the file: the stopped worker stays stopped.
  it('a worker that stops gives up a fetch that hangs instead of waiting out its time limit, and records no failure on the feed', async () => {
    const api = await t.newAccount();
    const r = await room(api);
    const path = `/hanging-${r.id}.ics`;
    const feed = await subscribe(api, r.id, feeds.serve(path, { ics: outlookExport(nextMonday()) }), { refresh_minutes: 5 });
    feeds.serve(path, { hang: true });
    const asked = () => feeds.seen.filter((s) => s.path === path).length;
    const before = asked();
    t.clock.advance(6 * 60_000);
    const [worker] = t.startWorkers(['calendar-feeds.sync']);
    await eventually(() => asked() > before, { what: 'the due feed fetched by the worker' });
    await worker.stop(AbortSignal.abort());
    // Had the stop waited for the fetch, its time limit would have run out and been counted.
    expect((await api.get(`/v1/calendar_feeds/${feed.id}`)).body).toMatchObject({ consecutive_failures: 0, last_error: null, busy_count: 1 });
    expect(await eventsOf(api, 'calendar_feed.failed', feed.id)).toHaveLength(0);
  });
});
