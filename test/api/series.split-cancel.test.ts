import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp, expectError } from '../support/harness.js';
import { book, eventsOf, seg } from './bookings.helpers.js';
import { createSeries, dailyKeys, liveKeys, occurrences, openResource, pinClock, segment, seriesBody } from './series.helpers.js';

const t = await setupTestApp();
beforeEach(() => pinClock(t));

describe('splitting a series', () => {
  it('ends the series before `at` and hands the rest to a new series with the changes', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const big = await openResource(api, { name: 'Big room' });
    const old = await createSeries(api, seriesBody(room.id, { horizon_days: 6, metadata: { club: 'chess' } }));
    const res = await api.post(`/v1/series/${old.id}/split`, { at: '2027-01-07T00:00:00Z', start_time: '11:00', template: { segments: [segment(big.id)] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = res.body;
    expect(created).toMatchObject({
      object: 'series',
      status: 'active',
      split_from: old.id,
      split_into: null,
      start_date: '2027-01-04',
      start_time: '11:00',
      rrule: 'FREQ=DAILY',
      horizon_days: 6,
      metadata: { club: 'chess' },
      generated_until: '2027-01-10T08:00:00Z',
    });
    const after = (await api.get(`/v1/series/${old.id}`)).body;
    expect(after).toMatchObject({ status: 'active', ends_before: '2027-01-07T00:00:00Z', split_into: created.id });

    expect(await liveKeys(api, old.id)).toEqual(dailyKeys('2027-01-04', 3));
    const cancelled = (await occurrences(api, old.id)).filter((b) => b.status === 'cancelled');
    expect(cancelled.map((b) => [b.occurrence_key, b.cancellation_reason])).toEqual([
      ['2027-01-07T10:00', 'series_split'],
      ['2027-01-08T10:00', 'series_split'],
      ['2027-01-09T10:00', 'series_split'],
    ]);
    const taken = await occurrences(api, created.id);
    expect(taken.map((b) => [b.occurrence_key, b.segments[0].resource])).toEqual([
      ['2027-01-07T11:00', big.id],
      ['2027-01-08T11:00', big.id],
      ['2027-01-09T11:00', big.id],
    ]);

    const [split] = await eventsOf(api, 'series.split', old.id);
    expect(split.data.object).toEqual(after);
    expect(split.data.previous_attributes).toEqual({ ends_before: null, split_into: null });
    expect(await eventsOf(api, 'series.created', created.id)).toHaveLength(1);
  });

  it('keeps the cadence and COUNT of an unchanged rule across the split', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const old = await createSeries(api, seriesBody(room.id, { rrule: 'FREQ=DAILY;INTERVAL=2;COUNT=5', horizon_days: 20 }));
    const created = (await api.post(`/v1/series/${old.id}/split`, { at: '2027-01-07T00:00:00Z' })).body;
    expect(await liveKeys(api, old.id)).toEqual(['2027-01-04T10:00', '2027-01-06T10:00']);
    expect(await liveKeys(api, created.id)).toEqual(['2027-01-08T10:00', '2027-01-10T10:00', '2027-01-12T10:00']);
  });

  it('does not bring back an occurrence cancelled by hand', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const old = await createSeries(api, seriesBody(room.id, { horizon_days: 5 }));
    const byKey = Object.fromEntries((await occurrences(api, old.id)).map((b) => [b.occurrence_key, b]));
    await api.post(`/v1/bookings/${byKey['2027-01-07T10:00'].id}/cancel`);
    const created = (await api.post(`/v1/series/${old.id}/split`, { at: '2027-01-06T00:00:00Z', metadata: { part: '2' } })).body;
    expect(await liveKeys(api, created.id)).toEqual(['2027-01-06T10:00', '2027-01-08T10:00']);
  });

  it('refuses an `at` in the past or after ends_before, and a series that is not active', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const old = await createSeries(api, seriesBody(room.id, { horizon_days: 2 }));
    expectError(await api.post(`/v1/series/${old.id}/split`, { at: '2027-01-04T07:00:00Z' }), 400, 'parameter_invalid', 'at');
    await api.post(`/v1/series/${old.id}/cancel`, { from: '2027-01-10T00:00:00Z' });
    expectError(await api.post(`/v1/series/${old.id}/split`, { at: '2027-01-11T00:00:00Z' }), 400, 'parameter_invalid', 'at');
    await api.post(`/v1/series/${old.id}/cancel`);
    expectError(await api.post(`/v1/series/${old.id}/split`, { at: '2027-01-05T00:00:00Z' }), 409, 'invalid_state_transition');
  });
});

describe('cancelling a series', () => {
  it('from a future date: ends_before is set, later occurrences are cancelled, and the series stays active', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 5 }));
    const res = await api.post(`/v1/series/${series.id}/cancel`, { from: '2027-01-06T00:00:00Z' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', ends_before: '2027-01-06T00:00:00Z' });
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 2));
    const cancelled = (await occurrences(api, series.id)).filter((b) => b.status === 'cancelled');
    expect(cancelled.map((b) => b.cancellation_reason)).toEqual(['series_cancelled', 'series_cancelled', 'series_cancelled']);
    expect((await eventsOf(api, 'series.updated', series.id))[0].data.previous_attributes).toEqual({ ends_before: null });
    // A longer horizon adds nothing past ends_before.
    await api.post(`/v1/series/${series.id}`, { horizon_days: 10 });
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 2));
  });

  it('as a whole: the series is cancelled with every occurrence that has not started', async () => {
    const api = await t.newAccount();
    const room = await openResource(api, {}, [{ start: '00:00', end: '24:00' }]);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 3, start_time: '08:00' }));
    t.clock.set('2027-01-04T08:30:00Z');
    const res = await api.post(`/v1/series/${series.id}/cancel`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled' });
    const all = await occurrences(api, series.id);
    // The first occurrence had started (08:00–09:00): it is left alone.
    expect(all.map((b) => [b.occurrence_key, b.status])).toEqual([
      ['2027-01-04T08:00', 'confirmed'],
      ['2027-01-05T08:00', 'cancelled'],
      ['2027-01-06T08:00', 'cancelled'],
    ]);
    const [event] = await eventsOf(api, 'series.cancelled', series.id);
    expect(event.data.previous_attributes).toMatchObject({ status: 'active' });
    expectError(await api.post(`/v1/series/${series.id}/cancel`), 409, 'invalid_state_transition');
  });

  it('with a past `from`, cancels the whole series', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const series = await createSeries(api, seriesBody(room.id, { horizon_days: 2 }));
    const res = await api.post(`/v1/series/${series.id}/cancel`, { from: '2027-01-01T00:00:00Z' });
    expect(res.body).toMatchObject({ status: 'cancelled' });
    expect(await liveKeys(api, series.id)).toEqual([]);
  });
});

describe('changing a series whose occurrences sit on resources its template no longer names', () => {
  it('cancels them under their resources’ locks, so the bookings they crowded out are resolved', async () => {
    const api = await t.newAccount();
    const first = await openResource(api, { name: 'First room' });
    const second = await openResource(api, { name: 'Second room' });
    const series = await createSeries(api, seriesBody(first.id, { horizon_days: 10 }));
    // From 10 January the occurrences move to the second room; 4–9 January stay in the first.
    const moved = await api.post(`/v1/series/${series.id}`, { template: { segments: [segment(second.id)] }, from: '2027-01-10T00:00:00Z' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const crowded = await book(api, { segments: [seg(first.id, '2027-01-08', '10:00', '11:00')], conflict_policy: 'allow' });
    expect(crowded.conflicted).toBe(true);

    const res = await api.post(`/v1/series/${series.id}/cancel`, { from: '2027-01-07T00:00:00Z' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await liveKeys(api, series.id)).toEqual(dailyKeys('2027-01-04', 3));
    const after = (await api.get(`/v1/bookings/${crowded.id}`)).body;
    expect(after).toMatchObject({ conflicted: false, conflicts: null });
    expect(await eventsOf(api, 'booking.conflict_resolved', crowded.id)).toHaveLength(1);
  });
});
