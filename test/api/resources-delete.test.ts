import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { hoursFromNow, insertBooking } from '../support/sql-fixtures.js';

const t = await setupTestApp();

describe('deleting a resource', () => {
  it('deletes a booking-free resource with its schedules and emits resource.deleted', async () => {
    const api = await t.newAccount();
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    const schedule = await api.post('/v1/schedules', { resource: r.body.id, effective_from: '2027-01-04', weeks: [{ monday: [{ start: '09:00', end: '17:00' }] }] });
    expect(schedule.status).toBe(200);

    const res = await api.del(`/v1/resources/${r.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: r.body.id, object: 'resource', deleted: true });
    expectError(await api.get(`/v1/resources/${r.body.id}`), 404, 'resource_missing');
    expectError(await api.get(`/v1/schedules/${schedule.body.id}`), 404, 'resource_missing');
    const rows = await t.db.kysely.selectFrom('schedules').select('id').where('account_id', '=', api.accountId).execute();
    expect(rows).toEqual([]);
    const [event] = (await api.get('/v1/events', { type: 'resource.deleted' })).body.data;
    expect(event.data.object).toMatchObject({ id: r.body.id, object: 'resource', name: 'Room' });
  });

  it('refuses a resource that has any booking, even a past cancelled one, with 409 resource_in_use', async () => {
    const api = await t.newAccount();
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    await insertBooking(t.db.kysely, { accountId: api.accountId, resourceId: r.body.id, status: 'cancelled', start: hoursFromNow(-48), end: hoursFromNow(-47) });
    const e = expectError(await api.del(`/v1/resources/${r.body.id}`), 409, 'resource_in_use', null);
    expect(e.type).toBe('conflict_error');
    expect((await api.get(`/v1/resources/${r.body.id}`)).body.status).toBe('active');
    expect((await api.get('/v1/events', { type: 'resource.deleted' })).body.data).toEqual([]);
  });

  it('answers a second delete with 404', async () => {
    const api = await t.newAccount();
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    expect((await api.del(`/v1/resources/${r.body.id}`)).status).toBe(200);
    expectError(await api.del(`/v1/resources/${r.body.id}`), 404, 'resource_missing');
  });
});

describe('locations in use', () => {
  it('cannot be deleted while a resource names it as default_location (409 resource_in_use)', async () => {
    const api = await t.newAccount();
    const loc = await api.post('/v1/locations', { name: 'Hall' });
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room', default_location: loc.body.id });
    expectError(await api.del(`/v1/locations/${loc.body.id}`), 409, 'resource_in_use');
    expect((await api.get(`/v1/locations/${loc.body.id}`)).status).toBe(200);
    await api.post(`/v1/resources/${r.body.id}`, { default_location: null });
    expect((await api.del(`/v1/locations/${loc.body.id}`)).status).toBe(200);
  });

  it('cannot be deleted while a schedule interval or a future booking uses it', async () => {
    const api = await t.newAccount();
    const loc = await api.post('/v1/locations', { name: 'Hall' });
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    const s = await api.post('/v1/schedules', { resource: r.body.id, effective_from: '2027-01-04', weeks: [{ monday: [{ start: '09:00', end: '17:00', location: loc.body.id }] }] });
    expect(s.status).toBe(200);
    expectError(await api.del(`/v1/locations/${loc.body.id}`), 409, 'resource_in_use');
    expect((await api.del(`/v1/schedules/${s.body.id}`)).status).toBe(200);

    await insertBooking(t.db.kysely, { accountId: api.accountId, resourceId: r.body.id, start: hoursFromNow(2), end: hoursFromNow(3), locationId: loc.body.id });
    expectError(await api.del(`/v1/locations/${loc.body.id}`), 409, 'resource_in_use');
  });
});
