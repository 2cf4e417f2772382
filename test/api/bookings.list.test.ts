import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, setupTestApp, type Client } from '../support/harness.js';
import { at, book, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const d1 = futureDay(20);
const d2 = futureDay(21);
const d3 = futureDay(22);

let api: Client & { accountId: string };
const ids: Record<string, string> = {};
let roomA: string;
let roomB: string;
let hall: string;

beforeAll(async () => {
  api = await t.newAccount({ timezone: 'Pacific/Auckland' });
  hall = (await api.post('/v1/locations', { name: 'Hall' })).body.id;
  roomA = (await openResource(api, { timezone: 'UTC', default_location: hall }, [{ start: '00:00', end: '24:00' }])).id;
  roomB = (await openResource(api, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }])).id;
  // Created in this order; starts in another order.
  ids.late = (await book(api, { segments: [seg(roomA, d3, '10:00', '11:00')], metadata: { tag: 'x' } })).id;
  ids.early = (await book(api, { segments: [seg(roomB, d1, '10:00', '11:00')], status: 'pending' })).id;
  ids.mid = (await book(api, { segments: [seg(roomA, d2, '10:00', '11:00')], metadata: { tag: 'x' } })).id;
  ids.midB = (await book(api, { segments: [seg(roomB, d2, '10:00', '11:00')] })).id;
  ids.conflicted = (await book(api, { segments: [seg(roomB, d2, '10:30', '11:30')], conflict_policy: 'allow' })).id;
  ids.cancelled = (await book(api, { segments: [seg(roomA, d1, '12:00', '13:00')] })).id;
  await api.post(`/v1/bookings/${ids.cancelled}/cancel`);
});

const list = async (query: Record<string, string | number | boolean> = {}) => {
  const res = await api.get('/v1/bookings', query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { object: string; data: any[]; has_more: boolean };
};
const idsOf = (page: { data: any[] }) => page.data.map((b) => b.id);

describe('listing bookings', () => {
  it('lists newest first by default', async () => {
    const page = await list();
    expect(page.object).toBe('list');
    expect(idsOf(page)).toEqual([ids.cancelled, ids.conflicted, ids.midB, ids.mid, ids.early, ids.late]);
  });

  it('orders by start, earliest first or last, with cursors that work in that order', async () => {
    const all = idsOf(await list({ order: 'start' }));
    expect(all).toEqual([ids.early, ids.cancelled, ids.mid, ids.midB, ids.conflicted, ids.late]);
    expect(idsOf(await list({ order: '-start' }))).toEqual([...all].reverse());
    const first = await list({ order: 'start', limit: 2 });
    expect(first.has_more).toBe(true);
    const second = await list({ order: 'start', limit: 2, starting_after: first.data[1].id });
    expect(idsOf(second)).toEqual(all.slice(2, 4));
    const back = await list({ order: 'start', limit: 2, ending_before: second.data[0].id });
    expect(idsOf(back)).toEqual(all.slice(0, 2));
    const desc = await list({ order: '-start', limit: 4, starting_after: ids.late });
    expect(idsOf(desc)).toEqual([...all].reverse().slice(1, 5));
    expectError(await api.get('/v1/bookings', { order: 'start', starting_after: 'bk_missing' }), 400, 'parameter_invalid', 'starting_after');
    expectError(await api.get('/v1/bookings', { order: 'end' }), 400, 'parameter_invalid', 'order');
  });

  it('pages newest first with starting_after and ending_before', async () => {
    const first = await list({ limit: 4 });
    expect(first.has_more).toBe(true);
    const rest = await list({ limit: 4, starting_after: first.data[3].id });
    expect(idsOf(rest)).toEqual([ids.early, ids.late]);
    expect(rest.has_more).toBe(false);
    expectError(await api.get('/v1/bookings', { starting_after: ids.late, ending_before: ids.early }), 400, 'parameters_exclusive');
  });

  it('filters by status (the effective one), resource, location, conflicted and metadata', async () => {
    expect(idsOf(await list({ status: 'pending' }))).toEqual([ids.early]);
    expect(idsOf(await list({ status: 'cancelled' }))).toEqual([ids.cancelled]);
    expect(idsOf(await list({ resource: roomA }))).toEqual([ids.cancelled, ids.mid, ids.late]);
    // The same filters again (one statement, written once) with other values.
    expect(idsOf(await list({ resource: roomB }))).toEqual([ids.conflicted, ids.midB, ids.early]);
    expect(idsOf(await list({ location: hall }))).toEqual([ids.cancelled, ids.mid, ids.late]);
    expect(idsOf(await list({ conflicted: true }))).toEqual([ids.conflicted]);
    expect(idsOf(await list({ conflicted: false, resource: roomB }))).toEqual([ids.midB, ids.early]);
    expect(idsOf(await list({ 'metadata[tag]': 'x' }))).toEqual([ids.mid, ids.late]);
    expect(idsOf(await list({ series: 'ser_none' }))).toEqual([]);
    expectError(await api.get('/v1/bookings', { status: 'late' }), 400, 'parameter_invalid', 'status');
  });

  it("pages one resource's bookings newest first, each once however many of its segments are there, with the other filters", async () => {
    const other = await t.newAccount();
    const room = (await openResource(other, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }])).id;
    const neighbour = (await openResource(other, { timezone: 'UTC' }, [{ start: '00:00', end: '24:00' }])).id;
    const mine: string[] = [];
    mine.push((await book(other, { segments: [seg(room, d1, '08:00', '09:00'), seg(room, d1, '10:00', '11:00')] })).id);
    for (const hour of ['12', '13', '14']) mine.push((await book(other, { segments: [seg(room, d1, `${hour}:00`, `${hour}:30`)], metadata: { hour } })).id);
    // Newer bookings of the neighbour, between which the room's must still be found.
    for (const hour of ['08', '09', '10', '11']) await book(other, { segments: [seg(neighbour, d2, `${hour}:00`, `${hour}:30`)] });
    const byRoom = async (query: Record<string, string | number>) => {
      const res = await other.get('/v1/bookings', { resource: room, ...query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { data: any[]; has_more: boolean };
    };
    const newestFirst = [...mine].reverse();
    const first = await byRoom({ limit: 2 });
    expect([idsOf(first), first.has_more]).toEqual([newestFirst.slice(0, 2), true]);
    const second = await byRoom({ limit: 2, starting_after: first.data[1].id });
    expect([idsOf(second), second.has_more]).toEqual([newestFirst.slice(2, 4), false]);
    const back = await byRoom({ limit: 2, ending_before: second.data[0].id });
    expect(idsOf(back)).toEqual(newestFirst.slice(0, 2));
    expect(idsOf(await byRoom({ 'metadata[hour]': '13' }))).toEqual([mine[2]]);
    expect(idsOf(await byRoom({ limit: 10 }))).toEqual(newestFirst);
    expect(idsOf(await byRoom({ order: '-start' }))).toEqual(newestFirst);
  });

  it('selects bookings overlapping from/to', async () => {
    expect(idsOf(await list({ from: at(d2, '10:45'), to: at(d2, '11:15') }))).toEqual([ids.conflicted, ids.midB, ids.mid]);
    expect(idsOf(await list({ from: at(d2, '11:00'), to: at(d2, '12:00') }))).toEqual([ids.conflicted]);
    expect(idsOf(await list({ from: at(d2, '09:00'), to: at(d2, '10:01'), order: 'start' }))).toEqual([ids.mid, ids.midB]);
    expect(idsOf(await list({ to: at(d1, '11:00'), order: 'start' }))).toEqual([ids.early]);
    expect(idsOf(await list({ from: at(d3, '10:59') }))).toEqual([ids.late]);
    expectError(await api.get('/v1/bookings', { from: at(d2, '10:00'), to: at(d2, '09:00') }), 400, 'parameter_invalid', 'to');
  });

  it("selects local dates in a time zone, by default the account's", async () => {
    // In UTC, d2 holds mid, midB and conflicted.
    expect(idsOf(await list({ from_date: d2, to_date: d2, timezone: 'UTC', order: 'start' }))).toEqual([ids.mid, ids.midB, ids.conflicted]);
    // Auckland is 12–13 h ahead: its d2 runs from d1 11:00/12:00 UTC to d2 11:00/12:00 UTC.
    expect(idsOf(await list({ from_date: d2, to_date: d2, order: 'start' }))).toEqual([ids.cancelled, ids.mid, ids.midB, ids.conflicted]);
    expect(idsOf(await list({ from_date: d1, to_date: d1, order: 'start' }))).toEqual([ids.early]);
    expectError(await api.get('/v1/bookings', { from_date: d2, timezone: 'Mars/Olympus' }), 400, 'parameter_invalid', 'timezone');
    expectError(await api.get('/v1/bookings', { from_date: d2, to_date: d1 }), 400, 'parameter_invalid', 'to_date');
  });
});
