import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';

const t = await setupTestApp();

describe('the range of dates', () => {
  it('takes dates from year 1000 wherever a date is taken, without a server error', async () => {
    const api = await t.newAccount({ timezone: 'Europe/Paris' });
    const resource = (await api.post('/v1/resources', { name: 'Room', type: 'room' })).body;
    const schedule = await api.post('/v1/schedules', {
      resource: resource.id,
      effective_from: '1000-01-01',
      weeks: [{ monday: [{ start: '09:00', end: '17:00' }] }],
    });
    expect(schedule.status).toBe(200);
    expect(schedule.body.effective_from).toBe('1000-01-01');
    const override = await api.post('/v1/schedule_overrides', { resource: resource.id, date: '1000-01-01', intervals: [] });
    expect(override.status).toBe(200);
    const overrides = await api.get('/v1/schedule_overrides', { resource: resource.id, from_date: '1000-01-01', to_date: '1000-12-31' });
    expect(overrides.body.data).toHaveLength(1);
    const bookings = await api.get('/v1/bookings', { from_date: '1000-01-01', to_date: '1000-01-02' });
    expect(bookings.status).toBe(200);
    expect(bookings.body.data).toEqual([]);
  });

  it('refuses dates before year 1000 with parameter_invalid naming the field', async () => {
    const api = await t.newAccount({ timezone: 'Europe/Paris' });
    expectError(await api.get('/v1/bookings', { from_date: '0001-01-01' }), 400, 'parameter_invalid', 'from_date');
    const resource = (await api.post('/v1/resources', { name: 'Room', type: 'room' })).body;
    expectError(
      await api.post('/v1/schedule_overrides', { resource: resource.id, date: '0999-12-31', intervals: [] }),
      400,
      'parameter_invalid',
      'date',
    );
  });
});

describe('the range of times', () => {
  it('refuses a date-time before year 1000 in a booking import with parameter_invalid, not a server error', async () => {
    const api = await t.newAccount({ timezone: 'Asia/Tokyo' });
    const resource = (await api.post('/v1/resources', { name: 'Room', type: 'room' })).body;
    const res = await api.post('/v1/bookings/import', {
      bookings: [{ segments: [{ resource: resource.id, start: '0001-01-01T00:00:00+09:00', end: '0001-01-01T01:00:00+09:00' }] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('parameter_invalid');
    expect(res.body.error.param).toBe('bookings[0].segments[0].start');
  });
});
