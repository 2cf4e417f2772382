import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { at, futureDay, openResource, seg } from './bookings.helpers.js';

const t = await setupTestApp();
const day = futureDay(12);

describe('booking input errors', () => {
  it('names the segment end that is not after its start', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const body = { segments: [seg(r.id, day, '10:00', '11:00'), seg(r.id, day, '12:00', '12:00')] };
    expectError(await api.post('/v1/bookings', body), 400, 'parameter_invalid', 'segments[1].end');
    expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '11:00', '10:00')] }), 400, 'parameter_invalid', 'segments[0].end');
  });

  it('needs exactly one of resource and resources', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const both = { resource: r.id, resources: [r.id], start: at(day, '10:00'), end: at(day, '11:00') };
    expectError(await api.post('/v1/bookings', { segments: [both] }), 400, 'parameters_exclusive', 'segments[0].resources');
    const neither = { start: at(day, '10:00'), end: at(day, '11:00') };
    expectError(await api.post('/v1/bookings', { segments: [neither] }), 400, 'parameter_missing', 'segments[0].resource');
  });

  it('checks shapes and limits with the parameter named', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const ok = seg(r.id, day, '10:00', '11:00');
    expectError(await api.post('/v1/bookings', { segments: [] }), 400, 'parameter_invalid', 'segments');
    expectError(await api.post('/v1/bookings', {}), 400, 'parameter_missing', 'segments');
    expectError(await api.post('/v1/bookings', { segments: Array(21).fill(ok) }), 400, 'parameter_invalid', 'segments');
    expectError(await api.post('/v1/bookings', { segments: [{ ...ok, quantity: 0 }] }), 400, 'parameter_invalid', 'segments[0].quantity');
    expectError(await api.post('/v1/bookings', { segments: [{ ...ok, buffer_after_minutes: 1441 }] }), 400, 'parameter_invalid', 'segments[0].buffer_after_minutes');
    expectError(await api.post('/v1/bookings', { segments: [{ ...ok, start: 'tomorrow' }] }), 400, 'parameter_invalid', 'segments[0].start');
    expectError(await api.post('/v1/bookings', { segments: [{ ...ok, colour: 'red' }] }), 400, 'parameter_unknown', 'segments[0].colour');
    const many = { resources: Array(51).fill(r.id), start: ok.start, end: ok.end };
    expectError(await api.post('/v1/bookings', { segments: [many] }), 400, 'parameter_invalid', 'segments[0].resources');
    expectError(await api.post('/v1/bookings', { segments: [{ resources: [], start: ok.start, end: ok.end }] }), 400, 'parameter_invalid', 'segments[0].resources');
    expectError(await api.post('/v1/bookings', { segments: [ok], seats: 0 }), 400, 'parameter_invalid', 'seats');
    expectError(await api.post('/v1/bookings', { segments: [ok], status: 'completed' }), 400, 'parameter_invalid', 'status');
    expectError(await api.post('/v1/bookings', { segments: [ok], conflict_policy: 'maybe' }), 400, 'parameter_invalid', 'conflict_policy');
    expectError(await api.post('/v1/bookings', { segments: [ok], metadata: { k: 5 } }), 400, 'parameter_invalid', 'metadata[k]');
  });

  it('takes expires_at only on a pending booking and only in the future', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const ok = seg(r.id, day, '10:00', '11:00');
    const future = new Date(Date.now() + 3600_000).toISOString();
    const past = new Date(Date.now() - 1000).toISOString();
    expectError(await api.post('/v1/bookings', { segments: [ok], expires_at: future }), 400, 'parameter_invalid', 'expires_at');
    expectError(await api.post('/v1/bookings', { segments: [ok], status: 'pending', expires_at: past }), 400, 'parameter_invalid', 'expires_at');
  });

  it('answers 404 naming the unknown resource, candidate or replaced booking', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    expectError(await api.post('/v1/bookings', { segments: [seg('res_nope', day, '10:00', '11:00')] }), 404, 'resource_missing', 'segments[0].resource');
    expectError(
      await api.post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00'), seg([r.id, 'res_nope'], day, '12:00', '13:00')] }),
      404,
      'resource_missing',
      'segments[1].resources[1]',
    );
    expectError(await api.post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00')], replaces: 'bk_nope' }), 404, 'resource_missing', 'replaces');
  });

  it("never reveals another account's resources or bookings", async () => {
    const a = await t.newAccount();
    const b = await t.newAccount();
    const r = await openResource(a);
    expectError(await b.post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00')] }), 404, 'resource_missing', 'segments[0].resource');
    const booked = (await a.post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00')] })).body;
    expectError(await b.get(`/v1/bookings/${booked.id}`), 404, 'resource_missing');
    expectError(await b.post(`/v1/bookings/${booked.id}/cancel`), 404, 'resource_missing');
  });

  it('needs the bookings permission', async () => {
    const api = await t.newAccount();
    const r = await openResource(api);
    const readOnly = await t.restrictedKey({ permissions: { bookings: 'read' } });
    const res = await api.withKey(readOnly).post('/v1/bookings', { segments: [seg(r.id, day, '10:00', '11:00')] });
    expectError(res, 403, 'permission_denied');
    expect((await api.withKey(readOnly).get('/v1/bookings')).status).toBe(200);
  });
});
