import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { countRows, hoursFromNow, insertBooking, insertSchedule } from '../support/sql-fixtures.js';

const t = await setupTestApp();

async function accountWithResource() {
  const api = await t.newAccount();
  const loc = await api.post('/v1/locations', { name: 'Hall' });
  const res = await api.post('/v1/resources', { name: 'Room', type: 'room', default_location: loc.body.id });
  return { api, accountId: api.accountId, locationId: loc.body.id as string, resourceId: res.body.id as string };
}

describe('deleting an account', () => {
  it('removes the account and everything under it, and emits account.deleted', async () => {
    const { api, accountId, resourceId, locationId } = await accountWithResource();
    await insertSchedule(t.db.kysely, { accountId, resourceId, locationId });
    // A booking that has ended does not hold the account back, and goes with it.
    await insertBooking(t.db.kysely, { accountId, resourceId, status: 'completed', start: hoursFromNow(-3), end: hoursFromNow(-2) });

    const res = await t.api.del(`/v1/accounts/${accountId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: accountId, object: 'account', deleted: true });

    expectError(await t.api.get(`/v1/accounts/${accountId}`), 404, 'resource_missing');
    expectError(await api.get('/v1/resources'), 404, 'resource_missing', 'Service-Account');
    for (const table of ['locations', 'resources', 'schedules', 'bookings', 'booking_segments'] as const) {
      expect(await countRows(t.db.kysely, table, accountId)).toBe(0);
    }
    const deleted = (await t.api.get('/v1/events', { type: 'account.deleted' })).body.data;
    expect(deleted.find((e: any) => e.data.object.id === accountId)).toMatchObject({ account: accountId, data: { object: { object: 'account', id: accountId } } });
    // The platform's events about the account stay readable after it is gone.
    expect((await t.api.get('/v1/events', { type: 'resource.created' })).body.data.some((e: any) => e.data.object.id === resourceId)).toBe(true);
  });

  it('is refused with 409 account_in_use while a confirmed booking has not ended, and nothing is removed', async () => {
    const { api, accountId, resourceId } = await accountWithResource();
    await insertBooking(t.db.kysely, { accountId, resourceId, status: 'confirmed', start: hoursFromNow(-1), end: hoursFromNow(1) });
    const e = expectError(await t.api.del(`/v1/accounts/${accountId}`), 409, 'account_in_use', null);
    expect(e.type).toBe('conflict_error');
    expect((await t.api.get(`/v1/accounts/${accountId}`)).status).toBe(200);
    expect((await api.get(`/v1/resources/${resourceId}`)).status).toBe(200);
    expect((await t.api.get('/v1/events', { type: 'account.deleted' }, { account: accountId })).body.data).toEqual([]);
  });

  it('is refused while a pending booking in the future has not expired', async () => {
    const { accountId, resourceId } = await accountWithResource();
    await insertBooking(t.db.kysely, { accountId, resourceId, status: 'pending', start: hoursFromNow(24), end: hoursFromNow(25), expiresAt: hoursFromNow(1) });
    expectError(await t.api.del(`/v1/accounts/${accountId}`), 409, 'account_in_use');
    const { accountId: other, resourceId: r2 } = await accountWithResource();
    await insertBooking(t.db.kysely, { accountId: other, resourceId: r2, status: 'pending', start: hoursFromNow(24), end: hoursFromNow(25), expiresAt: null });
    expectError(await t.api.del(`/v1/accounts/${other}`), 409, 'account_in_use');
  });

  it('goes ahead when the only bookings are cancelled, ended, or pending past their expiry', async () => {
    const { accountId, resourceId } = await accountWithResource();
    await insertBooking(t.db.kysely, { accountId, resourceId, status: 'cancelled', start: hoursFromNow(24), end: hoursFromNow(25) });
    await insertBooking(t.db.kysely, { accountId, resourceId, status: 'confirmed', start: hoursFromNow(-5), end: hoursFromNow(-4) });
    await insertBooking(t.db.kysely, { accountId, resourceId, status: 'pending', start: hoursFromNow(24), end: hoursFromNow(25), expiresAt: hoursFromNow(-1) });
    expect((await t.api.del(`/v1/accounts/${accountId}`)).status).toBe(200);
    expect(await countRows(t.db.kysely, 'bookings', accountId)).toBe(0);
  });

  it('becomes possible once the blocking booking is cancelled', async () => {
    const { accountId, resourceId } = await accountWithResource();
    const booking = await insertBooking(t.db.kysely, { accountId, resourceId, status: 'confirmed', start: hoursFromNow(2), end: hoursFromNow(3) });
    expectError(await t.api.del(`/v1/accounts/${accountId}`), 409, 'account_in_use');
    await t.db.kysely.updateTable('bookings').set({ status: 'cancelled' }).where('account_id', '=', accountId).where('id', '=', booking).execute();
    expect((await t.api.del(`/v1/accounts/${accountId}`)).status).toBe(200);
  });

  it("leaves other accounts' data untouched", async () => {
    const a = await accountWithResource();
    const b = await accountWithResource();
    expect((await t.api.del(`/v1/accounts/${a.accountId}`)).status).toBe(200);
    expect((await b.api.get(`/v1/resources/${b.resourceId}`)).status).toBe(200);
    expect((await b.api.get(`/v1/locations/${b.locationId}`)).status).toBe(200);
  });

  it('leaves a key bound to the deleted account unable to reach anything', async () => {
    const { accountId } = await accountWithResource();
    const key = await t.restrictedKey({ permissions: { resources: 'read', accounts: 'write' }, account: accountId });
    expect((await t.api.del(`/v1/accounts/${accountId}`, { key })).status).toBe(200);
    expectError(await t.api.get('/v1/resources', undefined, { key }), 404, 'resource_missing', 'Service-Account');
  });
});
