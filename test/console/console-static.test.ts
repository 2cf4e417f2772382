import { describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestApp, ensureConsoleBuilt } from '../client/server.js';
import { consoleRoutes } from '../../src/features/console/console.routes.js';
import Fastify from 'fastify';

ensureConsoleBuilt();
const { app } = await buildTestApp();

describe('the console at /console', () => {
  it('serves the built page with a strict Content-Security-Policy, and its hashed assets cached for a year', async () => {
    const redirect = await app.inject({ method: 'GET', url: '/console' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/console/');

    const page = await app.inject({ method: 'GET', url: '/console/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain('<title>Scheduling console</title>');

    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const js = await app.inject({ method: 'GET', url: script! });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 in the error shape for a missing file, and never serves a file outside the build folder', async () => {
    const missing = await app.inject({ method: 'GET', url: '/console/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body).error.code).toBe('url_invalid');
    for (const url of ['/console/../package.json', '/console/%2e%2e/package.json', '/console/..%2f..%2fpackage.json', '/console/assets/..%2F..%2F..%2Fpackage.json']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('"workspaces"');
    }
  });

  it('says how to build the console when it is not built', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'console-empty-'));
    const bare = Fastify();
    consoleRoutes(bare as never, empty + '/');
    const res = await bare.inject({ method: 'GET', url: '/console/' });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).error.message).toContain('npm run build:console');
    await mkdir(join(empty, 'assets'));
    await writeFile(join(empty, 'index.html'), '<!doctype html><title>x</title>');
    expect((await bare.inject({ method: 'GET', url: '/console/' })).statusCode).toBe(200);
    await bare.close();
  });

  it('is left out of the OpenAPI document', async () => {
    const doc = JSON.parse((await app.inject({ method: 'GET', url: '/v1/openapi.json' })).body);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/console'))).toEqual([]);
  });
});
