import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp, expectError } from '../support/harness.js';
import { eventsOf } from './bookings.helpers.js';
import { createSeries, dailyKeys, liveKeys, occurrences, openResource, pinClock, segment, seriesBody, skipped } from './series.helpers.js';

const t = await setupTestApp();
beforeEach(() => pinClock(t));

describe('creating a series', () => {
  it('books every occurrence up to the horizon, each a confirmed booking carrying series and occurrence_key', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { metadata: { teacher: 'Ana' }, template: { segments: [segment(room.id)], seats: 8, metadata: { class: 'yoga' } } }));
    expect(series).toMatchObject({
      object: 'series',
      livemode: false,
      status: 'active',
      rrule: 'FREQ=DAILY',
      start_date: '2027-01-04',
      start_time: '10:00',
      timezone: 'UTC',
      horizon_days: 14,
      conflict_policy: 'reject',
      generated_until: '2027-01-18T08:00:00Z',
      ends_before: null,
      split_from: null,
      split_into: null,
      metadata: { teacher: 'Ana' },
      template: {
        segments: [
          { resource: room.id, resources: null, offset_minutes: null, duration_minutes: 60, quantity: null, location: null, buffer_before_minutes: null, buffer_after_minutes: null },
        ],
        seats: 8,
        metadata: { class: 'yoga' },
      },
    });
    expect(series.id).toMatch(/^ser_/);

    const booked = await occurrences(api, series.id);
    expect(booked.map((b) => b.occurrence_key)).toEqual(dailyKeys('2027-01-04', 14));
    expect(booked[0]).toMatchObject({
      status: 'confirmed',
      series: series.id,
      start: '2027-01-04T10:00:00Z',
      end: '2027-01-04T11:00:00Z',
      seats: 8,
      seats_taken: 0,
      conflict_policy: 'reject',
      conflicted: false,
      metadata: { class: 'yoga' },
      segments: [{ resource: room.id, start: '2027-01-04T10:00:00Z', end: '2027-01-04T11:00:00Z', quantity: 1 }],
    });
    expect(await skipped(api, series.id)).toEqual([]);
  });

  it('writes series.created and a booking.created for every occurrence', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 3 }));
    const created = await eventsOf(api, 'series.created', series.id);
    expect(created).toHaveLength(1);
    expect(created[0].data.object).toEqual(series);
    const bookings = (await eventsOf(api, 'booking.created')).filter((e) => e.data.object.series === series.id);
    expect(bookings.map((e) => e.data.object.occurrence_key).sort()).toEqual(dailyKeys('2027-01-04', 3));
  });

  it("defaults to the account's time zone, a 90-day horizon and policy reject; occurrences keep local wall time", async () => {
    const api = await t.newAccount({ timezone: 'Europe/Paris' });
    const room = await openResource(api, { timezone: 'Europe/Paris' });
    const body: Record<string, unknown> = seriesBody(room.id, { rrule: 'FREQ=WEEKLY;BYDAY=MO', start_time: '09:00' });
    delete body.horizon_days;
    const series = await createSeries(api, body);
    expect(series).toMatchObject({ timezone: 'Europe/Paris', horizon_days: 90, conflict_policy: 'reject', generated_until: '2027-04-04T08:00:00Z' });
    const booked = await occurrences(api, series.id);
    expect(booked).toHaveLength(13);
    // 09:00 in Paris is 08:00Z in winter and 07:00Z after 28 March 2027.
    expect(booked[0]).toMatchObject({ occurrence_key: '2027-01-04T09:00', start: '2027-01-04T08:00:00Z' });
    expect(booked.at(-1)).toMatchObject({ occurrence_key: '2027-03-29T09:00', start: '2027-03-29T07:00:00Z' });
  });

  it('does not generate occurrences that start before the series is created', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { start_date: '2026-12-20', horizon_days: 3 }));
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 3));
    expect(await skipped(api, series.id)).toEqual([]);
  });

  it('places a multi-segment template by offsets, candidates and quantities like a booking', async () => {
    const api = await t.newAccount();
    const a = await openResource(api, { name: 'A' });
    const b = await openResource(api, { name: 'B' });
    const pool = await openResource(api, { name: 'Pool', capacity: 3 });
    const series = await createSeries(
      api,
      seriesBody(a.id, {
        horizon_days: 1,
        template: {
          segments: [
            { resource: a.id, duration_minutes: 30 },
            { resources: [a.id, b.id], duration_minutes: 30, offset_minutes: 0 },
            { resource: pool.id, duration_minutes: 45, quantity: 2, buffer_after_minutes: 15 },
          ],
        },
      }),
    );
    const [first] = await occurrences(api, series.id);
    expect(first.segments).toEqual([
      expect.objectContaining({ resource: a.id, start: '2027-01-04T10:00:00Z', end: '2027-01-04T10:30:00Z' }),
      expect.objectContaining({ resource: b.id, start: '2027-01-04T10:00:00Z', end: '2027-01-04T10:30:00Z' }),
      expect.objectContaining({ resource: pool.id, start: '2027-01-04T10:30:00Z', end: '2027-01-04T11:15:00Z', quantity: 2, buffer_after_minutes: 15 }),
    ]);
    expect(series.template.segments[1]).toMatchObject({ resource: null, resources: [a.id, b.id], offset_minutes: 0 });
  });

  it('counts COUNT over the rule, skipped occurrences included', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    await api.post('/v1/schedule_overrides', { resource: room.id, date: '2027-01-05', intervals: [] });
    const series = await createSeries(api, seriesBody(room.id, { rrule: 'FREQ=DAILY;COUNT=4' }));
    expect(await liveKeys(api, series.id)).toEqual(['2027-01-04T10:00', '2027-01-06T10:00', '2027-01-07T10:00']);
    expect((await skipped(api, series.id)).map((s) => s.occurrence_key)).toEqual(['2027-01-05T10:00']);
  });

  it('reads, lists with status and metadata filters, and pages', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const one = await createSeries(api, seriesBody(room.id, { horizon_days: 1, metadata: { kind: 'yoga' } }));
    const two = await createSeries(api, seriesBody(room.id, { horizon_days: 1, start_time: '12:00', metadata: { kind: 'pilates' } }));
    expect((await api.get(`/v1/series/${one.id}`)).body).toEqual(one);
    const all = await api.get('/v1/series');
    expect(all.body).toMatchObject({ object: 'list', has_more: false });
    expect(all.body.data.map((s: any) => s.id)).toEqual([two.id, one.id]);
    expect((await api.get('/v1/series', { 'metadata[kind]': 'yoga' })).body.data.map((s: any) => s.id)).toEqual([one.id]);
    expect((await api.get('/v1/series', { status: 'active', limit: 1 })).body).toMatchObject({ data: [{ id: two.id }], has_more: true });
    expect((await api.get('/v1/series', { status: 'active', limit: 1, starting_after: two.id })).body.data.map((s: any) => s.id)).toEqual([one.id]);
    expect((await api.get('/v1/series', { status: 'cancelled' })).body.data).toEqual([]);
    expectError(await api.get('/v1/series', { status: 'paused' }), 400, 'parameter_invalid', 'status');
    expectError(await api.get('/v1/series/ser_missing'), 404, 'resource_missing');
  });

  it("keeps another account's series out of sight", async () => {
    const api = await t.newAccount();
    const other = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 1 }));
    expectError(await other.get(`/v1/series/${series.id}`), 404, 'resource_missing');
    expectError(await other.get(`/v1/series/${series.id}/skipped_occurrences`), 404, 'resource_missing');
    expectError(await other.post(`/v1/series/${series.id}/cancel`), 404, 'resource_missing');
    expect((await other.get('/v1/series')).body.data).toEqual([]);
    // Its resource is unknown to the other account too.
    expectError(await other.post('/v1/series', seriesBody(room.id)), 404, 'resource_missing', 'template.segments[0].resource');
  });
});
