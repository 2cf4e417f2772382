import { describe, expect, it } from 'vitest';
import { expectError, setupTestApp } from '../support/harness.js';
import { ApiError, ERROR_TABLE } from '../../src/lib/errors.js';
import { LATEST_API_VERSION } from '../../src/lib/api-versions.js';

const t = await setupTestApp();
const api = await t.newAccount();

const raw = (method: string, url: string, opts: { headers?: Record<string, string>; payload?: string | Buffer } = {}) =>
  t.app.inject({ method: method as 'POST', url, headers: { authorization: `Bearer ${t.testKey}`, 'service-account': api.accountId, ...opts.headers }, payload: opts.payload });

const parse = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
  status: res.statusCode,
  body: JSON.parse(res.body),
  headers: res.headers as Record<string, string>,
});

describe('request ids', () => {
  it('puts a req_ Request-Id on every response and repeats it in error bodies', async () => {
    const ok = await api.get('/v1/resources');
    expect(ok.headers['request-id']).toMatch(/^req_[0-9a-z]{26}$/);
    const err = await api.get('/v1/resources/res_missing');
    const e = expectError(err, 404, 'resource_missing', null);
    expect(e.request_id).toBe(err.headers['request-id']);
    expect(e.type).toBe('invalid_request_error');
    const unauth = await api.get('/v1/resources', undefined, { key: '' });
    expect(expectError(unauth, 401, 'api_key_missing').request_id).toBe(unauth.headers['request-id']);
    const health = await t.api.get('/healthz', undefined, { key: '' });
    expect(health.headers['request-id']).toMatch(/^req_/);
  });

  it('gives each request its own id', async () => {
    const a = await api.get('/v1/resources');
    const b = await api.get('/v1/resources');
    expect(a.headers['request-id']).not.toBe(b.headers['request-id']);
  });
});

describe('JSON only', () => {
  it('answers a body that is not JSON with 400 body_invalid_json', async () => {
    expectError(await api.request('POST', '/v1/locations', '{"name": "Hall",'), 400, 'body_invalid_json', null);
  });

  it('answers a POST body of another content type with 415 content_type_unsupported', async () => {
    const res = parse(await raw('POST', '/v1/locations', { headers: { 'content-type': 'text/plain' }, payload: 'name=Hall' }));
    expectError(res, 415, 'content_type_unsupported', null);
    const form = parse(await raw('POST', '/v1/locations', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=Hall' }));
    expectError(form, 415, 'content_type_unsupported');
  });

  it('answers a body sent without any content type with 415', async () => {
    expectError(parse(await raw('POST', '/v1/locations', { payload: '{"name":"Hall"}' })), 415, 'content_type_unsupported');
  });

  it('accepts application/json with a charset', async () => {
    const res = parse(await raw('POST', '/v1/locations', { headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{"name":"Hall"}' }));
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Hall');
  });

  it('treats a POST without a body as an empty object', async () => {
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    const res = parse(await raw('POST', `/v1/resources/${r.body.id}/archive`));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('archived');
  });

  it('refuses a JSON body that is not an object with parameter_invalid', async () => {
    expectError(await api.request('POST', '/v1/locations', '[]'), 400, 'parameter_invalid', null);
    expectError(await api.request('POST', '/v1/locations', '"Hall"'), 400, 'parameter_invalid', null);
  });

  it('answers a body over 1 MiB with 413 request_too_large, before parsing or authenticating', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
    expectError(await api.request('POST', '/v1/locations', big), 413, 'request_too_large', null);
    // Not even valid JSON and no key: the size is refused first.
    const junk = parse(await t.app.inject({ method: 'POST', url: '/v1/locations', headers: { 'content-type': 'application/json' }, payload: '{'.repeat(1024 * 1024 + 1) }));
    expectError(junk, 413, 'request_too_large');
  });

  it('accepts a body of exactly 1 MiB (the limit itself is allowed)', async () => {
    const base = JSON.stringify({ name: 'Hall', metadata: { pad: '' } });
    const padded = base.replace('"pad":""', `"pad":""${' '.repeat(1024 * 1024 - base.length)}`);
    expect(Buffer.byteLength(padded)).toBe(1024 * 1024);
    const res = await api.request('POST', '/v1/locations', padded);
    expect(res.status).toBe(200);
  });

  it('refuses text holding a NUL character with parameter_invalid naming the field, never a 500', async () => {
    expectError(await api.post('/v1/locations', { name: 'Ha\u0000ll' }), 400, 'parameter_invalid', 'name');
    expectError(await api.post('/v1/locations', { name: 'Hall', metadata: { note: 'a\u0000' } }), 400, 'parameter_invalid', 'metadata[note]');
    expectError(await api.get('/v1/resources', { type: 'a\u0000b' }), 400, 'parameter_invalid', 'type');
    expectError(await api.get('/v1/resources/res_%00'), 400, 'parameter_invalid', 'id');
  });
});

describe('unknown parameters', () => {
  it('refuses an unknown body parameter, naming it', async () => {
    expectError(await api.post('/v1/locations', { name: 'Hall', colour: 'red' }), 400, 'parameter_unknown', 'colour');
  });

  it('refuses an unknown query parameter on a list, naming it', async () => {
    expectError(await api.get('/v1/resources', { colour: 'red' }), 400, 'parameter_unknown', 'colour');
  });

  it('refuses query parameters on routes that take none', async () => {
    const loc = await api.post('/v1/locations', { name: 'Hall' });
    expectError(await api.get(`/v1/locations/${loc.body.id}`, { expand: 'x' }), 400, 'parameter_unknown', 'expand');
    expectError(await api.del(`/v1/locations/${loc.body.id}?force=true`), 400, 'parameter_unknown', 'force');
  });

  it('refuses a body on a DELETE, which takes none', async () => {
    const loc = await api.post('/v1/locations', { name: 'Hall' });
    expectError(await api.request('DELETE', `/v1/locations/${loc.body.id}`, { force: true }), 400, 'parameter_unknown', 'force');
    expect((await api.get(`/v1/locations/${loc.body.id}`)).status).toBe(200);
  });

  it('refuses an unknown parameter on an action that takes no body', async () => {
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    expectError(await api.post(`/v1/resources/${r.body.id}/archive`, { now: true }), 400, 'parameter_unknown', 'now');
  });
});

describe('validation errors', () => {
  it('names a missing required parameter with parameter_missing', async () => {
    expectError(await api.post('/v1/resources', { type: 'room' }), 400, 'parameter_missing', 'name');
  });

  it('does not coerce body types: "5" is not an integer', async () => {
    expectError(await api.post('/v1/resources', { name: 'Room', type: 'room', capacity: '5' }), 400, 'parameter_invalid', 'capacity');
    expectError(await api.post('/v1/resources', { name: 'Room', type: 'room', capacity: 1.5 }), 400, 'parameter_invalid', 'capacity');
  });

  it('coerces query strings to the numbers they name', async () => {
    expect((await api.get('/v1/resources', { limit: '5' })).status).toBe(200);
    expectError(await api.get('/v1/resources', { limit: 'five' }), 400, 'parameter_invalid', 'limit');
  });
});

describe('urls', () => {
  it('answers an unknown path or method with 404 url_invalid', async () => {
    expectError(await api.get('/v1/nothing'), 404, 'url_invalid', null);
    expectError(await api.request('PUT', '/v1/resources', {}), 404, 'url_invalid');
    expectError(await t.api.get('/nothing', undefined, { key: '' }), 404, 'url_invalid');
  });

  it('answers an id longer than any id with 404 resource_missing in the error shape', async () => {
    const res = await api.get(`/v1/resources/res_${'x'.repeat(300)}`);
    expectError(res, 404, 'resource_missing');
    expect(res.headers['request-id']).toMatch(/^req_/);
  });

  it('answers a URL with broken percent-encoding with 404 url_invalid in the error shape', async () => {
    for (const url of ['/v1/resources/%zz', '/v1/resources/%E0%A4%A', '/%']) {
      const res = await api.get(url);
      expectError(res, 404, 'url_invalid');
      expect(res.headers['request-id']).toMatch(/^req_/);
    }
  });

  it('refuses a repeated single-valued query parameter', async () => {
    expectError(await api.get('/v1/resources?limit=1&limit=2'), 400, 'parameter_invalid', 'limit');
  });

  it('accepts a trailing slash', async () => {
    expect((await api.get('/v1/resources/')).status).toBe(200);
  });
});

describe('ids and timestamps', () => {
  it('gives prefixed ids that sort by creation time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await api.post('/v1/locations', { name: `L${i}` })).body.id);
    for (const id of ids) expect(id).toMatch(/^loc_[0-9a-z]{26}$/);
    expect([...ids].sort()).toEqual(ids);
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    expect(r.body.id).toMatch(/^res_/);
    const e = await api.get('/v1/events', { limit: 1 });
    expect(e.body.data[0].id).toMatch(/^evt_/);
  });

  it('writes timestamps as RFC 3339 UTC with Z and whole seconds', async () => {
    const r = await api.post('/v1/resources', { name: 'Room', type: 'room' });
    for (const field of ['created_at', 'updated_at']) {
      expect(r.body[field]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(Math.abs(Date.parse(r.body[field]) - Date.now())).toBeLessThan(60_000);
    }
  });
});

describe('versions', () => {
  it('echoes the version used in Service-Version, on successes, errors and replays', async () => {
    expect((await api.get('/v1/resources')).headers['service-version']).toBe(LATEST_API_VERSION);
    expect((await api.get('/v1/resources', undefined, { version: '2026-05-01' })).headers['service-version']).toBe('2026-05-01');
    expect((await api.get('/v1/resources/res_nope')).headers['service-version']).toBe(LATEST_API_VERSION);
    const first = await api.post('/v1/locations', { name: 'V' }, { idempotencyKey: 'version-replay' });
    const again = await api.post('/v1/locations', { name: 'V' }, { idempotencyKey: 'version-replay' });
    expect(first.headers['service-version']).toBe(LATEST_API_VERSION);
    expect(again.headers['service-version']).toBe(LATEST_API_VERSION);
  });

  it('refuses an unknown Service-Version with 400 api_version_invalid', async () => {
    expectError(await api.get('/v1/resources', undefined, { version: '2020-01-01' }), 400, 'api_version_invalid', 'Service-Version');
  });
});

describe('the error table', () => {
  it('maps every code of docs/api-conventions.md#errors to its status and type, and nothing else', () => {
    const expected: Record<string, [number, string]> = {
      parameter_missing: [400, 'invalid_request_error'],
      parameter_invalid: [400, 'invalid_request_error'],
      parameter_unknown: [400, 'invalid_request_error'],
      parameters_exclusive: [400, 'invalid_request_error'],
      body_invalid_json: [400, 'invalid_request_error'],
      api_version_invalid: [400, 'invalid_request_error'],
      service_account_required: [400, 'invalid_request_error'],
      idempotency_key_reused: [400, 'idempotency_error'],
      api_key_missing: [401, 'authentication_error'],
      api_key_invalid: [401, 'authentication_error'],
      booking_session_expired: [401, 'authentication_error'],
      permission_denied: [403, 'permission_error'],
      resource_missing: [404, 'invalid_request_error'],
      url_invalid: [404, 'invalid_request_error'],
      resource_in_use: [409, 'conflict_error'],
      booking_conflict: [409, 'conflict_error'],
      invalid_state_transition: [409, 'conflict_error'],
      seats_exhausted: [409, 'conflict_error'],
      policy_violation: [409, 'conflict_error'],
      override_exists: [409, 'conflict_error'],
      account_in_use: [409, 'conflict_error'],
      idempotency_key_in_use: [409, 'idempotency_error'],
      request_too_large: [413, 'invalid_request_error'],
      content_type_unsupported: [415, 'invalid_request_error'],
      rate_limited: [429, 'rate_limit_error'],
      internal_error: [500, 'api_error'],
      database_unavailable: [503, 'api_error'],
    };
    expect(Object.fromEntries(Object.entries(ERROR_TABLE).map(([k, v]) => [k, [...v]]))).toEqual(expected);
    for (const [code, [status, type]] of Object.entries(expected)) {
      const e = new ApiError(code as keyof typeof ERROR_TABLE, 'x');
      expect([e.status, e.type]).toEqual([status, type]);
    }
  });
});
