import { describe, expect, it } from 'vitest';
import { validate } from '@scalar/openapi-parser';
import { setupTestApp } from '../support/harness.js';
import { routeCatalogue } from '../../src/http/openapi.js';
import { LATEST_API_VERSION } from '../../src/lib/api-versions.js';

const t = await setupTestApp();
const doc = (await t.api.get('/v1/openapi.json', undefined, { key: '' })).body;

/** Routes of the app that the document must describe: every one but HEAD twins and hidden ones. */
const documented = routeCatalogue(t.app).filter((r) => r.method !== 'HEAD' && !r.hidden);
const toPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/$/, '') || '/';

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.info.version).toBe(LATEST_API_VERSION);
  });

  it('is checked by a validator that does refuse broken documents', async () => {
    const broken = structuredClone(doc);
    delete broken.info;
    broken.paths['/v1/accounts'].get.responses = 'nope';
    expect((await validate(broken)).valid).toBe(false);
  });

  it('describes every route of the app', () => {
    expect(documented.length).toBeGreaterThan(20);
    const missing = documented.filter((r) => !doc.paths[toPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('declares each path parameter of each route', () => {
    for (const r of documented) {
      const op = doc.paths[toPath(r.url)][r.method.toLowerCase()];
      for (const name of [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1])) {
        expect(op.parameters?.find((p: any) => p.in === 'path' && p.name === name), `${r.method} ${r.url} :${name}`).toMatchObject({ required: true });
      }
    }
  });

  it('declares the headers every route reads: Service-Account, Service-Version, Idempotency-Key', () => {
    for (const r of documented) {
      const op = doc.paths[toPath(r.url)][r.method.toLowerCase()];
      const header = (name: string) => op.parameters?.find((p: any) => p.in === 'header' && p.name === name);
      const label = `${r.method} ${r.url}`;
      if (!r.access || r.access.public) {
        expect(op.security, label).toEqual([]);
        continue;
      }
      if (r.access.account === 'required') expect(header('Service-Account'), label).toMatchObject({ required: true });
      else if (r.access.account === 'optional') expect(header('Service-Account'), label).toMatchObject({ required: false });
      else expect(header('Service-Account'), label).toBeUndefined();
      expect(header('Service-Version'), label).toBeDefined();
      if (r.method === 'POST') expect(header('Idempotency-Key'), label).toMatchObject({ schema: { maxLength: 255 } });
      expect(op.responses.default, label).toBeDefined();
    }
  });

  it('lists the query parameters of the lists, with their bounds and the metadata filter', () => {
    const params = (path: string) => Object.fromEntries(doc.paths[path].get.parameters.filter((p: any) => p.in === 'query').map((p: any) => [p.name, p]));
    const resources = params('/v1/resources');
    expect(Object.keys(resources).sort()).toEqual(['default_location', 'ending_before', 'limit', 'metadata', 'starting_after', 'status', 'type']);
    expect(resources.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(resources.metadata).toMatchObject({ style: 'deepObject', explode: true });
    for (const path of ['/v1/accounts', '/v1/locations']) expect(Object.keys(params(path))).toContain('metadata');
    expect(Object.keys(params('/v1/events')).sort()).toEqual(['actor.id', 'actor.type', 'ending_before', 'limit', 'starting_after', 'type']);
  });

  it('documents request bodies with their limits', () => {
    const body = doc.paths['/v1/resources'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['name', 'type']);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.capacity).toMatchObject({ minimum: 1, maximum: 10000 });
    expect(body.properties.buffer_before_minutes).toMatchObject({ minimum: 0, maximum: 1440 });
    expect(body.properties.metadata).toMatchObject({ maxProperties: 50, propertyNames: { maxLength: 40 } });
  });

  it('titles each operation with a short name, and keeps its sentence as the start of the description', () => {
    const ops = Object.values<any>(doc.paths).flatMap((item) => Object.values<any>(item));
    const long = ops.filter((op) => op.summary.length > 80 || /[`:;(]/.test(op.summary)).map((op) => op.summary);
    expect(long).toEqual([]);
    const create = doc.paths['/v1/series'].post;
    expect(create.summary).toBe('Create a series');
    expect(create.description).toMatch(/^Create a series: every occurrence up to horizon_days ahead is booked at once/);
    expect(doc.paths['/v1/series/{id}/split'].post.summary).toBe('Split a series');
    expect(doc.paths['/v1/bookings/{id}'].get).toMatchObject({ summary: 'Retrieve a booking' });
    expect(doc.paths['/v1/bookings/{id}'].get.description).not.toMatch(/^Retrieve a booking/);
  });

  it('describes the error shape once and points every operation at it', () => {
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['type', 'code', 'message', 'param', 'request_id']);
    expect(doc.paths['/v1/accounts'].post.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it('needs no key and is served as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('the docs page', () => {
  it('serves an HTML page at /docs that loads the document and its script from this server', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 301, 302]).toContain(redirect.statusCode);
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/v1/openapi.json');
    const script = /src="([^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    expect(script!.startsWith('http')).toBe(false); // no CDN: works offline
    const js = await t.app.inject({ method: 'GET', url: new URL(script!, 'http://x/docs/').pathname });
    expect(js.statusCode).toBe(200);
  });
});
