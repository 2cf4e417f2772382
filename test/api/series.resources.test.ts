import { beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp, expectError } from '../support/harness.js';
import { createSeries, liveKeys, openResource, pinClock, seriesBody } from './series.helpers.js';

const t = await setupTestApp();
beforeEach(() => pinClock(t));

describe('resources named by series', () => {
  it('refuses to delete a resource named in the template of an active series, and allows it once the series is cancelled', async () => {
    const api = await t.newAccount();
    const first = await openResource(api, { name: 'First choice' });
    const spare = await openResource(api, { name: 'Spare' });
    const series = await createSeries(api, seriesBody(first.id, { horizon_days: 2, template: { segments: [{ resources: [first.id, spare.id], duration_minutes: 30 }] } }));
    // The spare was never booked: only the series names it.
    expect(await liveKeys(api, series.id)).toHaveLength(2);
    const err = expectError(await api.del(`/v1/resources/${spare.id}`), 409, 'resource_in_use');
    expect(err.message).toContain(series.id);
    await api.post(`/v1/series/${series.id}/cancel`);
    expect((await api.del(`/v1/resources/${spare.id}`)).status).toBe(200);
  });

  it('lists a series occurrences with the bookings filter `series`', async () => {
    const api = await t.newAccount();
    const room = await openResource(api);
    const a = await createSeries(api, seriesBody(room.id, { horizon_days: 2 }));
    const b = await createSeries(api, seriesBody(room.id, { horizon_days: 2, start_time: '14:00' }));
    const listed = await api.get('/v1/bookings', { series: b.id });
    expect(listed.body.data.map((x: any) => x.series)).toEqual([b.id, b.id]);
    expect((await api.get('/v1/bookings', { series: a.id })).body.data).toHaveLength(2);
  });
});
