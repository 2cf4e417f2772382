/**
 * Restricted keys, proven on every route. Generated from the app's own route table: for each
 * route, a key with `none`, `read` and `write` on the route's object family — and, to show the
 * grant that matters is that family's, the `none` key holds `write` on every other family.
 * Keys bound to one account are then pointed at another account on every route that acts for
 * an account. A new route is covered the day it is added.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../support/harness.js';
import { routeCatalogue } from '../../src/http/openapi.js';
import { type RouteAccess } from '../../src/http/context.js';
import { PERMISSION_FAMILIES, type PermissionFamily } from '../../src/tenancy/index.js';

const t = await setupTestApp();
const home = await t.newAccount({ name: 'Home' });
const other = await t.newAccount({ name: 'Other' });

const routes = routeCatalogue(t.app).filter(
  (r): r is typeof r & { access: RouteAccess } => !!r.access && !r.access.public && r.method !== 'HEAD',
);

const allFamilies = (level: 'none' | 'read' | 'write') => Object.fromEntries(PERMISSION_FAMILIES.map((f) => [f, level]));
const keys = new Map<string, string>();
async function keyFor(family: PermissionFamily, level: 'none' | 'read' | 'write', account: string | null = null) {
  const name = `${family}:${level}:${account}`;
  if (!keys.has(name)) {
    const permissions = level === 'none' ? { ...allFamilies('write'), [family]: 'none' as const } : { [family]: level };
    keys.set(name, await t.restrictedKey({ permissions, account }));
  }
  return keys.get(name)!;
}

const neededLevel = (r: { method: string; access: RouteAccess }) => r.access.level ?? (r.method === 'GET' ? 'read' : 'write');
const urlOf = (url: string) => url.replace(/:([A-Za-z_]+)/g, (_m, name) => (name === 'id' ? 'x_nope' : `${name}_nope`));

async function call(route: { method: string; url: string; access: RouteAccess }, key: string, account: string | null) {
  const body = route.method === 'POST' ? {} : undefined;
  return t.api.request(route.method, urlOf(route.url), body, { key, account });
}

describe('the permission matrix', () => {
  it('covers the routes of every family', () => {
    expect(routes.length).toBeGreaterThan(30);
    const families = new Set(routes.map((r) => r.access.permission));
    for (const f of ['accounts', 'resources', 'bookings', 'events', 'webhook_endpoints']) expect(families).toContain(f);
  });

  it('gives each route to write, to read only when it only reads, and never to none', async () => {
    const wrong: string[] = [];
    // The MCP endpoint takes any key and checks each tool's grant (test/api/mcp.test.ts).
    for (const route of routes.filter((r) => !r.access.grantsPerOperation)) {
      const family = route.access.permission;
      const account = route.access.account === 'none' ? null : home.accountId;
      const secretOnly = (route.access as { secretKeyOnly?: boolean }).secretKeyOnly === true;
      for (const level of ['none', 'read', 'write'] as const) {
        const res = await call(route, await keyFor(family, level), account);
        const denied = res.status === 403 && res.body?.error?.code === 'permission_denied';
        const shouldDeny = secretOnly || level === 'none' || (level === 'read' && neededLevel(route) === 'write');
        if (denied !== shouldDeny) wrong.push(`${route.method} ${route.url} with ${family}:${level} → ${res.status} ${res.body?.error?.code ?? ''}`);
        if (res.status >= 500) wrong.push(`${route.method} ${route.url} with ${family}:${level} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps a key bound to one account out of every other account', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access.account !== 'none')) {
      const key = await keyFor(route.access.permission, 'write', home.accountId);
      const res = await call(route, key, other.accountId);
      if (res.status !== 404 || res.body?.error?.code !== 'resource_missing' || res.body?.error?.param !== 'Service-Account') {
        wrong.push(`${route.method} ${route.url} → ${res.status} ${JSON.stringify(res.body?.error ?? res.body)}`);
      }
    }
    const accountKey = await keyFor('accounts', 'write', home.accountId);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await t.api.request(method, `/v1/accounts/${other.accountId}`, method === 'POST' ? { name: 'x' } : undefined, { key: accountKey, account: null });
      if (res.status !== 404) wrong.push(`${method} /v1/accounts/{other} → ${res.status}`);
    }
    expect((await t.api.request('GET', `/v1/accounts/${home.accountId}`, undefined, { key: accountKey, account: null })).status).toBe(200);
    expect(wrong).toEqual([]);
  });
});
