/**
 * The booking lists that read an index of their own (migration 035; docs/performance.md, "Lists
 * at scale"): by a metadata pair, through the pairs the triggers keep as bookings are written
 * and changed; and by start from an instant, in two parts (the bookings starting at most a day
 * before it, and the longer ones), merged into one order. What each lists must be what the list
 * listed before: every booking that passes the filters, in the list's order, across pages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type Client } from '../support/harness.js';
import { at, book, futureDay, openResource, seg } from './bookings.helpers.js';
import type { BookingStatus } from '../../src/db/schema.js';

const t = await setupTestApp();
const d1 = futureDay(30);
const d2 = futureDay(31);
const d3 = futureDay(32);
const d4 = futureDay(33);

const listOf = (api: Client) => async (query: Record<string, string | number>) => {
  const res = await api.get('/v1/bookings', query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: { id: string }[]; has_more: boolean };
};
const idsOf = (page: { data: { id: string }[] }) => page.data.map((b) => b.id);

/** Every page of a list, `limit` at a time, forward by starting_after; then back by ending_before from its end. */
async function walked(list: ReturnType<typeof listOf>, query: Record<string, string | number>, limit: number) {
  const forward: string[] = [];
  let page = await list({ ...query, limit });
  forward.push(...idsOf(page));
  while (page.has_more) {
    page = await list({ ...query, limit, starting_after: forward.at(-1)! });
    forward.push(...idsOf(page));
  }
  const backward = forward.slice(-1);
  let before = forward.at(-1);
  while (before !== undefined) {
    page = await list({ ...query, limit, ending_before: before });
    backward.unshift(...idsOf(page));
    before = page.has_more ? idsOf(page)[0] : undefined;
  }
  return { forward, backward };
}

describe('listing bookings by a metadata pair', () => {
  let api: Client & { accountId: string };
  let room: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await t.newAccount();
    room = (await openResource(api, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }])).id;
    const other = (await openResource(api, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }])).id;
    ids.first = (await book(api, { segments: [seg(room, d2, '10:00', '11:00')], metadata: { order: 'A1' } })).id;
    ids.web = (await book(api, { segments: [seg(room, d1, '10:00', '11:00')], metadata: { order: 'A1', channel: 'web' } })).id;
    ids.elsewhere = (await book(api, { segments: [seg(other, d3, '10:00', '11:00')], metadata: { order: 'A1' } })).id;
    ids.moved = (await book(api, { segments: [seg(room, d3, '10:00', '11:00')], metadata: { order: 'B2' } })).id;
    ids.bare = (await book(api, { segments: [seg(room, d4, '10:00', '11:00')] })).id;
    ids.cancelled = (await book(api, { segments: [seg(room, d4, '12:00', '13:00')], metadata: { order: 'A1' } })).id;
    await api.post(`/v1/bookings/${ids.cancelled}/cancel`);
    // Another account's booking with the same pair is never listed.
    const stranger = await t.newAccount();
    const theirs = (await openResource(stranger, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }])).id;
    await book(stranger, { segments: [seg(theirs, d1, '10:00', '11:00')], metadata: { order: 'A1' } });
  });

  it('lists the bookings that hold the pair newest first, across pages both ways, with the other filters and in the start orders', async () => {
    const list = listOf(api);
    const a1 = [ids.cancelled, ids.elsewhere, ids.web, ids.first];
    expect(idsOf(await list({ 'metadata[order]': 'A1' }))).toEqual(a1);
    expect(await walked(list, { 'metadata[order]': 'A1' }, 1)).toEqual({ forward: a1, backward: a1 });
    expect(idsOf(await list({ 'metadata[order]': 'A1', 'metadata[channel]': 'web' }))).toEqual([ids.web]);
    expect(idsOf(await list({ 'metadata[channel]': 'web', 'metadata[order]': 'B2' }))).toEqual([]);
    expect(idsOf(await list({ 'metadata[order]': 'A1', resource: room }))).toEqual([ids.cancelled, ids.web, ids.first]);
    expect(idsOf(await list({ 'metadata[order]': 'A1', status: 'confirmed' }))).toEqual([ids.elsewhere, ids.web, ids.first]);
    expect(idsOf(await list({ 'metadata[order]': 'A1', order: 'start' }))).toEqual([ids.web, ids.first, ids.elsewhere, ids.cancelled]);
    expect(idsOf(await list({ 'metadata[order]': 'A1', order: '-start', from: at(d2, '00:00') }))).toEqual([ids.cancelled, ids.elsewhere, ids.first]);
    expect(idsOf(await list({ 'metadata[order]': 'none' }))).toEqual([]);
  });

  it("follows a booking's metadata as it changes: a pair removed no longer lists it, a pair added does", async () => {
    const list = listOf(api);
    expect(idsOf(await list({ 'metadata[order]': 'B2' }))).toEqual([ids.moved]);
    const res = await api.post(`/v1/bookings/${ids.moved}`, { metadata: { order: 'C3', note: 'moved' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(idsOf(await list({ 'metadata[order]': 'B2' }))).toEqual([]);
    expect(idsOf(await list({ 'metadata[order]': 'C3' }))).toEqual([ids.moved]);
    expect(idsOf(await list({ 'metadata[note]': 'moved', 'metadata[order]': 'C3' }))).toEqual([ids.moved]);
    // An empty value removes the key.
    await api.post(`/v1/bookings/${ids.moved}`, { metadata: { note: '' } });
    expect(idsOf(await list({ 'metadata[note]': 'moved' }))).toEqual([]);
    expect(idsOf(await list({ 'metadata[order]': 'C3' }))).toEqual([ids.moved]);
    // A booking written with metadata through another door: the import.
    const imported = await api.post('/v1/bookings/import', { bookings: [{ segments: [seg(room, d4, '15:00', '16:00')], metadata: { order: 'C3' } }] });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await list({ 'metadata[order]': 'C3' })).data.length).toBe(2);
  });
});

describe('listing bookings by start from an instant', () => {
  let api: Client & { accountId: string };
  const ids: Record<string, string> = {};
  const from = at(d2, '09:00');

  beforeAll(async () => {
    api = await t.newAccount();
    const room = (await openResource(api, { timezone: 'UTC', capacity: 10 }, [{ start: '00:00', end: '24:00' }])).id;
    const span = async (start: string, end: string) => (await book(api, { segments: [{ resource: room, start, end }] })).id as string;
    // Ended before `from`, or at it: never listed from it.
    ids.ended = await span(at(d1, '10:00'), at(d1, '11:00'));
    ids.endsAtFrom = await span(at(d1, '09:00'), from);
    // Running at `from`, each started longer before it.
    ids.threeDays = await span(at(d1, '00:00'), at(d4, '00:00'));
    ids.dayAndMinute = await span(at(d1, '08:59'), at(d2, '10:00'));
    ids.aDayBefore = await span(at(d1, '09:00'), at(d2, '09:15'));
    ids.underADay = await span(at(d1, '09:01'), at(d2, '09:30'));
    // Starting after it.
    ids.morning = await span(at(d2, '10:00'), at(d2, '11:00'));
    ids.sameStart = await span(at(d2, '10:00'), at(d2, '10:30'));
    ids.later = await span(at(d3, '10:00'), at(d3, '11:00'));
  });

  it('lists every booking still running at the instant, the long ones that began days before among them, in start order both ways and across pages', async () => {
    const list = listOf(api);
    const ascending = [ids.threeDays, ids.dayAndMinute, ids.aDayBefore, ids.underADay, ...[ids.morning, ids.sameStart].sort(), ids.later];
    const descending = [...ascending].reverse();
    expect(idsOf(await list({ order: 'start', from }))).toEqual(ascending);
    expect(idsOf(await list({ order: '-start', from }))).toEqual(descending);
    for (const limit of [1, 2, 4]) {
      expect(await walked(list, { order: 'start', from }, limit)).toEqual({ forward: ascending, backward: ascending });
      expect(await walked(list, { order: '-start', from }, limit)).toEqual({ forward: descending, backward: descending });
    }
    expect(idsOf(await list({ order: 'start', from, to: at(d2, '10:00') }))).toEqual([ids.threeDays, ids.dayAndMinute, ids.aDayBefore, ids.underADay]);
  });

  it('lists a local day by start with the bookings that began on an earlier day and run into it', async () => {
    const list = listOf(api);
    expect(idsOf(await list({ order: 'start', from_date: d3, to_date: d3, timezone: 'UTC' }))).toEqual([ids.threeDays, ids.later]);
    expect(idsOf(await list({ order: '-start', from_date: d2, to_date: d2, timezone: 'UTC' }))).toEqual([
      ...[ids.morning, ids.sameStart].sort().reverse(),
      ids.underADay,
      ...[ids.endsAtFrom, ids.aDayBefore].sort().reverse(),
      ids.dayAndMinute,
      ids.threeDays,
    ]);
  });
});

describe('listing bookings by a status of two conditions', () => {
  it('lists cancelled bookings and requested ones past their approval timeout, expired ones and pending ones past their hold, newest first across pages both ways', async () => {
    const api = await t.newAccount();
    const room = (await openResource(api, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }])).id;
    const made: string[] = [];
    for (let hour = 0; hour < 12; hour++) made.push((await book(api, { segments: [seg(room, d1, `${String(hour).padStart(2, '0')}:00`, `${String(hour).padStart(2, '0')}:30`)] })).id);
    // Each booking's state written in SQL: the API reaches the lapsed ones only with time.
    const past = new Date(Date.now() - 3600_000);
    const future = new Date(Date.now() + 3600_000);
    const states: [BookingStatus, Date | null][] = [
      ['cancelled', null], ['requested', past], ['confirmed', null], ['expired', null], ['pending', past], ['cancelled', null],
      ['requested', future], ['pending', future], ['requested', past], ['expired', null], ['pending', past], ['cancelled', null],
    ];
    for (const [i, [status, expires]] of states.entries()) {
      await t.db.kysely.updateTable('bookings').set({ status, expires_at: expires }).where('account_id', '=', api.accountId).where('id', '=', made[i]).execute();
    }
    const newestFirst = (wanted: (i: number) => boolean) => made.filter((_, i) => wanted(i)).sort().reverse();
    const cancelled = newestFirst((i) => states[i][0] === 'cancelled' || (states[i][0] === 'requested' && states[i][1] === past));
    const expired = newestFirst((i) => states[i][0] === 'expired' || (states[i][0] === 'pending' && states[i][1] === past));
    expect([cancelled.length, expired.length]).toEqual([5, 4]);

    const list = listOf(api);
    for (const [status, wanted] of [['cancelled', cancelled], ['expired', expired]] as const) {
      expect(idsOf(await list({ status, limit: 20 }))).toEqual(wanted);
      for (const limit of [1, 2, 3]) expect(await walked(list, { status }, limit)).toEqual({ forward: wanted, backward: wanted });
      // With a resource, the segments drive the walk and the status is one condition again.
      expect(idsOf(await list({ status, resource: room, limit: 20 }))).toEqual(wanted);
    }
  });
});
