import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp, type ApiResponse } from '../support/harness.js';
import { futureDay, openResource, seg } from './bookings.helpers.js';

/**
 * Hostile input (issue "Fair under hostile load", lists 4 and 5): each request here once made
 * the service answer 500, or quietly did something else than asked. Each must be a clear 4xx
 * in the error shape, or the right answer.
 */
const t = await setupTestApp();
const api = await t.newAccount();

function expectShape(res: ApiResponse, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body?.error).toMatchObject({ type: expect.any(String), code: expect.any(String), message: expect.any(String) });
  expect(res.body.error.request_id).toBe(res.headers['request-id']);
}

describe('deeply nested JSON', () => {
  it('is refused with 400 before any work, with or without a key', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    for (const client of [api, api.withKey('')]) {
      const res = await client.request('POST', '/v1/locations', deep);
      expectShape(res, 400);
      expect(res.body.error.code).toBe('parameter_invalid');
      expect(res.body.error.message).toMatch(/nest/i);
    }
    const arrays = await api.request('POST', '/v1/locations', '['.repeat(5000) + ']'.repeat(5000));
    expectShape(arrays, 400);
  });

  it('still takes the nesting real bodies need (an import item, a preview of a booking)', async () => {
    const room = await openResource(api);
    const day = futureDay(12);
    const imported = await api.post('/v1/bookings/import', {
      bookings: [{ segments: [seg([room.id], day, '10:00', '11:00')], metadata: { a: 'b' } }],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const preview = await api.post('/v1/conflict_previews', {
      method: 'POST',
      path: '/v1/bookings',
      body: { segments: [seg([room.id], day, '12:00', '13:00')], metadata: { a: 'b' } },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  });
});

describe('lone surrogates', () => {
  it('in metadata: 400 naming the key, where PostgreSQL would refuse the jsonb (was a 500)', async () => {
    const res = await api.post('/v1/locations', { name: 'Hall', metadata: { note: '\udfff' } });
    expectShape(res, 400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'metadata[note]' });
    expect(res.body.error.message).toMatch(/surrogate|unicode/i);
  });

  it('in a text field: 400 naming the field, never stored silently as U+FFFD', async () => {
    for (const name of ['\udfff', 'a\ud800b', 'trailing \ud83d']) {
      const res = await api.post('/v1/locations', { name });
      expectShape(res, 400);
      expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param: 'name' });
    }
    const list = await api.get('/v1/locations', { limit: 100 });
    expect(list.body.data.filter((l: any) => String(l.name).includes('\ufffd'))).toEqual([]);
  });

  it('in an object key: 400 naming the key', async () => {
    const res = await api.post('/v1/locations', { name: 'Hall', metadata: { 'k\udc00': 'v' } });
    expectShape(res, 400);
    expect(res.body.error.code).toBe('parameter_invalid');
  });

  it('a well-formed pair (an emoji) is kept as sent', async () => {
    const res = await api.post('/v1/locations', { name: 'Hall \ud83c\udf89', metadata: { party: '\ud83c\udf89' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.name).toBe('Hall 🎉');
    expect(res.body.metadata.party).toBe('🎉');
  });
});

describe('extreme dates', () => {
  it('a segment ending 9999-12-31T23:59:59Z is 400 naming the field (was a 500 from zone math past year 9999)', async () => {
    const room = await openResource(api);
    for (const conflict_policy of ['reject', 'allow']) {
      const res = await api.post('/v1/bookings', {
        segments: [{ resource: room.id, start: '9999-12-31T22:00:00Z', end: '9999-12-31T23:59:59Z' }],
        conflict_policy,
      });
      expectShape(res, 400);
      expect(res.body.error.param).toMatch(/^segments\[0\]\.(start|end)$/);
    }
    const imported = await api.post('/v1/bookings/import', {
      bookings: [{ segments: [{ resource: room.id, start: '9999-12-31T22:00:00Z', end: '9999-12-31T23:59:59Z' }] }],
    });
    expectShape(imported, 400);
    expect(imported.body.error.param).toMatch(/^bookings\[0\]\.segments\[0\]\.(start|end)$/);
  });

  it('a booking list to the last date in the farthest-ahead zone answers 200 (was a 500)', async () => {
    for (const timezone of ['Pacific/Kiritimati', 'Etc/GMT-14', 'Pacific/Pago_Pago', 'UTC']) {
      const last = await api.get('/v1/bookings', { to_date: '9999-12-31', timezone });
      expect(last.status, `${timezone}: ${JSON.stringify(last.body)}`).toBe(200);
      const first = await api.get('/v1/bookings', { from_date: '1000-01-01', timezone });
      expect(first.status, `${timezone}: ${JSON.stringify(first.body)}`).toBe(200);
      const both = await api.get('/v1/bookings', { from_date: '1000-01-01', to_date: '9999-12-31', timezone });
      expect(both.status, `${timezone}: ${JSON.stringify(both.body)}`).toBe(200);
    }
  });

  it('blocks and overrides at the edges of the calendar are 4xx or 200, never 500', async () => {
    const room = await openResource(api);
    const cases: [string, unknown][] = [
      ['/v1/blocks', { resource: room.id, start: '9999-12-31T22:00:00Z', end: '9999-12-31T23:59:59Z' }],
      ['/v1/blocks', { resource: room.id, start: '1000-01-01T00:00:00Z', end: '1000-01-01T01:00:00+14:00' }],
      ['/v1/schedule_overrides', { resource: room.id, date: '9999-12-31', intervals: [{ start: '00:00', end: '24:00' }] }],
      ['/v1/schedule_overrides', { resource: room.id, date: '1000-01-01', intervals: [{ start: '00:00', end: '24:00' }] }],
      ['/v1/schedules', { resource: room.id, effective_from: '9999-12-31', weeks: [{ monday: [{ start: '09:00', end: '17:00' }] }] }],
    ];
    for (const [url, body] of cases) {
      const res = await api.post(url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
  });
});

describe('bodies that are not objects', () => {
  it('on an update or an action endpoint: 400, never an empty update', async () => {
    const loc = await api.post('/v1/locations', { name: 'Kept' });
    const room = await openResource(api);
    const targets = [`/v1/locations/${loc.body.id}`, `/v1/resources/${room.id}`, `/v1/resources/${room.id}/archive`];
    for (const url of targets) {
      for (const raw of ['null', '[]', '[{}]', '"text"', '5', 'true']) {
        const res = await api.request('POST', url, raw);
        expectShape(res, 400);
        expect(res.body.error.code, `${url} ${raw}`).toMatch(/^(parameter_invalid|body_invalid_json)$/);
        expect(res.body.error.message, `${url} ${raw}`).toMatch(/object/i);
      }
    }
    // Nothing happened: the resource is still active, and no update event was written.
    expect((await api.get(`/v1/resources/${room.id}`)).body.status).toBe('active');
    const events = await api.get('/v1/events', { type: 'resource.updated', limit: 100 });
    expect(events.body.data.filter((e: any) => e.data.object.id === room.id)).toEqual([]);
  });

  it('an absent body and an empty object still mean "nothing to change"', async () => {
    const loc = await api.post('/v1/locations', { name: 'Absent' });
    expect((await api.request('POST', `/v1/locations/${loc.body.id}`)).status).toBe(200);
    expect((await api.post(`/v1/locations/${loc.body.id}`, {})).status).toBe(200);
  });
});

describe('validation messages', () => {
  it('a filter with a wrong value lists every allowed value', async () => {
    const res = await api.get('/v1/bookings', { status: 'nope' });
    expectShape(res, 400);
    expect(res.body.error.param).toBe('status');
    for (const value of ['pending', 'confirmed', 'cancelled', 'completed', 'no_show', 'expired']) {
      expect(res.body.error.message).toContain(value);
    }
    const order = await api.get('/v1/bookings', { order: 'sideways' });
    expectShape(order, 400);
    for (const value of ['created', 'start', '-start']) expect(order.body.error.message).toContain(value);
  });

  it('a body field with a wrong value lists every allowed value too', async () => {
    const room = await openResource(api);
    const res = await api.post('/v1/bookings', { segments: [seg(room.id, futureDay(9), '10:00', '11:00')], conflict_policy: 'maybe' });
    expectShape(res, 400);
    expect(res.body.error.param).toBe('conflict_policy');
    for (const value of ['reject', 'capacity_only', 'allow']) expect(res.body.error.message).toContain(value);
  });
});

describe('Idempotency-Key and Service-Version', () => {
  it('never answers a body rendered in one version under a Service-Version header naming another', async () => {
    const room = await openResource(api);
    const body = { segments: [seg(room.id, futureDay(15), '10:00', '11:00')] };
    const key = `idem-version-${Date.now()}`;
    const first = await api.post('/v1/bookings', body, { idempotencyKey: key, version: '2026-05-01' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toHaveProperty('cancel_reason');
    expect(first.headers['service-version']).toBe('2026-05-01');

    // The same request under the same version replays.
    const again = await api.post('/v1/bookings', body, { idempotencyKey: key, version: '2026-05-01' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);

    // Under another version it is another request (its answer would differ): refused, and
    // nothing is booked twice.
    const other = await api.post('/v1/bookings', body, { idempotencyKey: key, version: '2026-10-16' });
    expectError(other, 400, 'idempotency_key_reused', 'Idempotency-Key');
    expect(other.body.error.message).toMatch(/Service-Version/);
    const list = await api.get('/v1/bookings', { resource: room.id });
    expect(list.body.data).toHaveLength(1);
  });
});
