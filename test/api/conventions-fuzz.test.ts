import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { setupTestApp, type ApiResponse } from '../support/harness.js';

/**
 * Bad input anywhere gets a 4xx in the one error shape, never a 500: random bodies and query
 * strings thrown at the foundation's endpoints.
 */
const t = await setupTestApp();
const api = await t.newAccount();
const loc = await api.post('/v1/locations', { name: 'Fuzz hall' });
const res = await api.post('/v1/resources', { name: 'Fuzz room', type: 'room' });

function expectWellFormed(r: ApiResponse, label: string) {
  expect(r.status, `${label}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
  if (r.status >= 400) {
    expect(r.body?.error, label).toMatchObject({ type: expect.any(String), code: expect.any(String), message: expect.any(String), request_id: r.headers['request-id'] });
    expect(r.body.error.param === null || typeof r.body.error.param === 'string', label).toBe(true);
  }
}

const fieldNames = ['name', 'type', 'capacity', 'timezone', 'default_location', 'buffer_before_minutes', 'buffer_after_minutes', 'metadata', 'other'];
const anyValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: -20000, max: 20000 }),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('Europe/Paris', 'utc', 'Mars/Base', '', loc.body.id, 'loc_nope'),
  fc.dictionary(fc.string({ unit: 'binary', maxLength: 45 }), fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.integer(), fc.constant(null)), { maxKeys: 4 }),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
);
const body = fc.dictionary(fc.constantFrom(...fieldNames), anyValue, { maxKeys: 6 });

describe('random input', () => {
  it('never makes the resource, location or account endpoints answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const cases: [string, Promise<ApiResponse>][] = [
          ['POST /v1/resources', api.post('/v1/resources', b)],
          ['POST /v1/resources/{id}', api.post(`/v1/resources/${res.body.id}`, b)],
          ['POST /v1/locations', api.post('/v1/locations', b)],
          ['POST /v1/locations/{id}', api.post(`/v1/locations/${loc.body.id}`, b)],
          ['POST /v1/accounts', t.api.post('/v1/accounts', b)],
          ['POST /v1/accounts/{id}', t.api.post(`/v1/accounts/${api.accountId}`, b)],
        ];
        for (const [label, promise] of cases) expectWellFormed(await promise, label);
      }),
      { numRuns: 60 },
    );
  });

  it('never makes a list answer 5xx, whatever the query string', async () => {
    const key = fc.constantFrom('limit', 'starting_after', 'ending_before', 'type', 'status', 'default_location', 'metadata[a]', 'metadata[]', 'x');
    const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.integer({ min: -5, max: 200 }).map(String), fc.constantFrom('res_', 'active', 'resource.*', '*'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 4 }), async (pairs) => {
        const qs = new URLSearchParams(pairs).toString();
        for (const url of ['/v1/resources', '/v1/locations', '/v1/events']) expectWellFormed(await api.get(`${url}?${qs}`), `${url}?${qs}`);
        expectWellFormed(await t.api.get(`/v1/accounts?${qs}`), `/v1/accounts?${qs}`);
      }),
      { numRuns: 60 },
    );
  });

  it('never answers 5xx to random raw bodies and content types', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1', ''), async (raw, type) => {
        const r = await t.app.inject({
          method: 'POST',
          url: '/v1/locations',
          headers: { authorization: `Bearer ${t.testKey}`, 'service-account': api.accountId, ...(type ? { 'content-type': type } : {}) },
          payload: raw,
        });
        expectWellFormed({ status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined, headers: r.headers as Record<string, string> }, `${type} ${JSON.stringify(raw)}`);
      }),
      { numRuns: 100 },
    );
  });
});
