/**
 * Who may do what, proven on every operation of the OpenAPI document with every kind of key
 * (docs/api-keys.md#who-may-do-what). The operations come from the app's own /v1/openapi.json
 * and their declared access from its route table, so a new operation is covered the day it is
 * added. The expected answers are written here from the documented table, not from the code
 * under test: a refusal is 403 permission_denied and changes nothing (a fingerprint of the
 * database is compared); an id of another mode or platform answers exactly as an id that never
 * existed; anything the table allows answers exactly as it does for the platform's secret key.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp, type ApiResponse } from '../support/harness.js';
import { fingerprintQuery } from '../support/fingerprint.js';
import { routeCatalogue } from '../../src/http/openapi.js';
import { type RouteAccess } from '../../src/http/context.js';
import { TOOLS } from '../../src/features/mcp/index.js';
import { PERMISSION_FAMILIES, type ObjectKind } from '../../src/tenancy/index.js';
import { openResource } from './bookings.helpers.js';

const t = await setupTestApp();
const fingerprint = await fingerprintQuery(t.db);
const home = await t.newAccount({ name: 'Home' });
const other = await t.newAccount({ name: 'Other' });

// ---- The documented table (docs/api-keys.md#who-may-do-what), written independently of src/tenancy.

/** Objects that belong to the platform: no key bound to one account reaches them; API keys, no restricted key. */
const PLATFORM_OWNED: readonly ObjectKind[] = ['webhook_endpoints', 'usage', 'api_keys'];
/** Where an operation names a platform-owned object: its path's first segment, or a body or query field of these names. */
const PATH_KIND: Record<string, ObjectKind> = { webhook_endpoints: 'webhook_endpoints', usage: 'usage', api_keys: 'api_keys' };
const FIELD_KIND: Record<string, ObjectKind> = { endpoint: 'webhook_endpoints', endpoints: 'webhook_endpoints', webhook_endpoint: 'webhook_endpoints', api_key: 'api_keys', key: 'api_keys', usage_statement: 'usage' };

interface Who {
  name: string;
  key: string;
  /** null: a secret key (of this or another platform or mode). */
  level: 'read' | 'write' | null;
  bound: boolean;
  /** Sends `Service-Account: <home>` on every operation, even those that take none. */
  header: boolean;
  /** A key of the other mode or of another platform: our objects do not exist for it. */
  foreign: boolean;
}

type Op = { method: string; url: string; path: string; access: RouteAccess; named: ObjectKind[] };
/** Only reads: GET, and the POSTs documented as reads (availability search). */
const onlyReads = (op: Op) => (op.access.level ?? (op.method === 'GET' ? 'read' : 'write')) === 'read';

/** Whether the table refuses this key this operation (403 permission_denied), before anything is looked up. */
function refused(op: Op, who: Who): boolean {
  if (who.level === null) return false;
  const kinds = [PATH_KIND[op.url.split('/')[2]], ...op.named].filter(Boolean);
  if (kinds.includes('api_keys')) return true;
  if (who.bound && kinds.some((kind) => PLATFORM_OWNED.includes(kind))) return true;
  // A bound key could never reach an account it created (docs/accounts.md).
  if (who.bound && op.method === 'POST' && op.url === '/v1/accounts') return true;
  return who.level === 'read' && !onlyReads(op);
}

/** The platform-owned kinds a body or query schema of the document names, at any depth. */
function namedKinds(schema: any, found = new Set<ObjectKind>()): Set<ObjectKind> {
  if (!schema || typeof schema !== 'object') return found;
  for (const [name, sub] of Object.entries<any>(schema.properties ?? {})) {
    if (FIELD_KIND[name]) found.add(FIELD_KIND[name]);
    namedKinds(sub, found);
  }
  for (const sub of [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) namedKinds(sub, found);
  return found;
}

// ---- Keys and fixtures, shared by every case.

const everything = (level: 'read' | 'write') => Object.fromEntries(PERMISSION_FAMILIES.map((f) => [f, level]));
const otherPlatform = await t.newPlatform();
const boundKey = await t.restrictedKey({ permissions: everything('write'), account: home.accountId });
const WHO: Who[] = [
  { name: 'secret key', key: t.testKey, level: null, bound: false, header: false, foreign: false },
  { name: 'restricted key, read', key: await t.restrictedKey({ permissions: everything('read') }), level: 'read', bound: false, header: false, foreign: false },
  { name: 'restricted key, write', key: await t.restrictedKey({ permissions: everything('write') }), level: 'write', bound: false, header: false, foreign: false },
  { name: 'bound key, no Service-Account', key: boundKey, level: 'write', bound: true, header: false, foreign: false },
  { name: 'bound key, Service-Account', key: boundKey, level: 'write', bound: true, header: true, foreign: false },
  { name: 'secret key of the other mode', key: t.liveKey, level: null, bound: false, header: false, foreign: true },
  { name: 'secret key of another platform', key: otherPlatform.testKey, level: null, bound: false, header: false, foreign: true },
];

const resource = await openResource(home, { name: 'Room' });
const location = (await home.post('/v1/locations', { name: 'Hall' })).body;
const booking = (await home.post('/v1/bookings', { segments: [{ resource: resource.id, start: '2030-01-07T10:00:00Z', end: '2030-01-07T11:00:00Z' }] })).body;
const endpoint = (await t.api.post('/v1/webhook_endpoints', { url: 'https://hooks.example.com/matrix', enabled_events: ['*'] })).body;
const event = (await home.get('/v1/events', { type: 'location.created' })).body.data[0];
const apiKey = (await t.api.post('/v1/api_keys', { permissions: { bookings: 'read' } })).body;
for (const made of [resource, location, booking, endpoint, event, apiKey]) expect(made?.id, JSON.stringify(made)).toBeTruthy();

/** The object each path names, by its first segment; an object without a fixture gets an id that never existed. */
const FIXTURE_OF: Record<string, string> = {
  accounts: home.accountId,
  resources: resource.id,
  locations: location.id,
  bookings: booking.id,
  events: event.id,
  webhook_endpoints: endpoint.id,
  api_keys: apiKey.id,
};
/** Bodies that would do what the operation does, so that a refusal is seen to stop a real change. */
const BODIES: Record<string, unknown> = {
  'POST /v1/accounts': { name: 'Matrix' },
  'POST /v1/accounts/:id': { name: 'Renamed' },
  'POST /v1/api_keys': { permissions: { bookings: 'write' } },
  'POST /v1/webhook_endpoints': { url: 'https://hooks.example.com/other', enabled_events: ['*'] },
  'POST /v1/webhook_endpoints/:id': { description: 'changed' },
  'POST /v1/events/:id/resend': { endpoint: endpoint.id },
  'POST /v1/locations': { name: 'Annex' },
};
/** Each fixture id, and an id of the same shape that never existed. */
const NEVER_EXISTED = new Map(Object.values(FIXTURE_OF).map((id) => [id, `${id.slice(0, -4)}zzzz`]));

interface Req {
  method: string;
  url: string;
  body: unknown;
  account: string | null;
  headers?: Record<string, string>;
}

function requestOf(op: Op, who: Who): Req {
  const url = op.url.replace(/:([A-Za-z_]+)/g, (_m, name) => (name === 'id' ? (FIXTURE_OF[op.url.split('/')[2]] ?? 'x_never') : `${name}_never`));
  const body = BODIES[`${op.method} ${op.url}`] ?? (op.method === 'POST' ? {} : undefined);
  const account = who.header || (!who.bound && op.access.account !== 'none') ? home.accountId : null;
  return { method: op.method, url, body, account };
}

/** The same request naming objects that never existed (in its path and body; with `account`, in Service-Account too). */
function neverExisted(req: Req, { account }: { account: boolean }): Req {
  let text = JSON.stringify({ url: req.url, body: req.body ?? null });
  for (const [id, never] of NEVER_EXISTED) text = text.replaceAll(id, never);
  const { url, body } = JSON.parse(text);
  return { ...req, url, body: body ?? undefined, account: account && req.account ? NEVER_EXISTED.get(req.account)! : req.account };
}

const send = (req: Req, key: string) => t.api.request(req.method, req.url, req.body, { key, account: req.account, headers: req.headers });
const answer = (res: ApiResponse) => `${res.status} ${res.body?.error?.code ?? ''}`.trim();

// ---- The operations.

const doc = (await t.api.get('/v1/openapi.json', undefined, { key: '' })).body;
const catalogue = routeCatalogue(t.app);
const toPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const OPS: (Op & { description: string })[] = [];
const queryOf = (operation: any) => ({ properties: Object.fromEntries((operation.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.schema])) });
for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
  for (const [method, operation] of Object.entries<any>(item)) {
    const route = catalogue.find((r) => r.method === method.toUpperCase() && toPath(r.url) === path);
    if (!route?.access || route.access.public) continue;
    const named = [...namedKinds(operation.requestBody?.content?.['application/json']?.schema, namedKinds(queryOf(operation)))];
    OPS.push({ method: route.method, url: route.url, path, access: route.access, named, description: operation.description ?? '' });
  }
}

describe('who may do what, on every operation of the OpenAPI document', () => {
  it('reads every authenticated operation from the document, each with its keys written in its description', () => {
    expect(OPS.length).toBeGreaterThan(80);
    const undocumented = OPS.filter((op) => !/Keys: /.test(op.description)).map((op) => `${op.method} ${op.path}`);
    expect(undocumented).toEqual([]);
  });

  it('finds, in bodies and query filters, platform-owned objects named only by the event resend', () => {
    const naming = OPS.filter((op) => op.named.length).map((op) => `${op.method} ${op.path}: ${op.named}`);
    expect(naming).toEqual(['POST /v1/events/{id}/resend: webhook_endpoints']);
  });

  it('answers every kind of key as documented, and a refused or foreign call changes nothing', async () => {
    const wrong: string[] = [];
    for (const op of OPS.filter((o) => !o.access.grantsPerOperation)) {
      const label = (who: Who) => `${op.method} ${op.url} with ${who.name}`;
      const before = await fingerprint();
      let wroteSomething = false;
      // First every call that must change nothing, then the ones the table lets through.
      const order = [...WHO].sort((a, b) => Number(!refused(op, a) && !a.foreign) - Number(!refused(op, b) && !b.foreign));
      for (const who of order) {
        const req = requestOf(op, who);
        if (refused(op, who)) {
          const res = await send(req, who.key);
          if (answer(res) !== '403 permission_denied') wrong.push(`${label(who)} → ${answer(res)}, documented 403 permission_denied`);
        } else if (who.foreign) {
          // An id of the other mode or platform answers exactly as an id that never existed.
          const res = await send(req, who.key);
          const expected = await send(neverExisted(req, { account: true }), t.testKey);
          if (answer(res) !== answer(expected)) wrong.push(`${label(who)} → ${answer(res)}, documented ${answer(expected)} (as for an id that never existed)`);
          if (res.status < 300 && op.method !== 'GET') wroteSomething = true;
          if (res.status < 300 && [...NEVER_EXISTED.keys()].some((id) => JSON.stringify(res.body).includes(id))) wrong.push(`${label(who)} shows one of our objects`);
        } else {
          if (!wroteSomething && (await fingerprint()) !== before) wrong.push(`${op.method} ${op.url}: a refused or foreign call changed the database`);
          wroteSomething = true;
          // Reads go to the real objects; writes to objects that never existed, to leave the fixtures as they are.
          const sent = op.method === 'GET' ? req : neverExisted(req, { account: false });
          const res = await send(sent, who.key);
          const twin = { ...sent, account: sent.account ?? (op.access.account === 'none' ? null : home.accountId) };
          const expected = await send(twin, t.testKey);
          if (answer(res) !== answer(expected)) wrong.push(`${label(who)} → ${answer(res)}, documented ${answer(expected)} (as for the secret key)`);
        }
      }
      if (!wroteSomething && (await fingerprint()) !== before) wrong.push(`${op.method} ${op.url}: a refused or foreign call changed the database`);
    }
    expect(wrong).toEqual([]);
  });

  it('offers each kind of key, over MCP, exactly the tools whose operations the table lets it call', async () => {
    const wrong: string[] = [];
    const served = TOOLS.flatMap((tool) => {
      const op = OPS.find((o) => o.method === tool.method && o.url === tool.url);
      return op ? [{ tool, op }] : [];
    });
    for (const who of WHO) {
      const before = await fingerprint();
      const res = await send(
        {
          method: 'POST',
          url: '/mcp',
          body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
          account: who.header ? home.accountId : null,
          headers: { accept: 'application/json, text/event-stream' },
        },
        who.key,
      );
      if (res.status !== 200) {
        wrong.push(`POST /mcp with ${who.name} → ${answer(res)}`);
        continue;
      }
      const offered = (res.body.result.tools as { name: string }[]).map((tool) => tool.name).sort();
      const documented = served.filter(({ op }) => !refused(op, who)).map(({ tool }) => tool.name).sort();
      if (JSON.stringify(offered) !== JSON.stringify(documented)) wrong.push(`POST /mcp with ${who.name} offers ${offered}, documented ${documented}`);
      if ((await fingerprint()) !== before) wrong.push(`POST /mcp tools/list with ${who.name} changed the database`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a key bound to one account the resend of its own event to a platform endpoint, and sends nothing', async () => {
    const reader = await t.restrictedKey({ permissions: { events: 'write', webhook_endpoints: 'read' } });
    const sender = await t.restrictedKey({ permissions: { events: 'write', webhook_endpoints: 'write' } });
    const before = await fingerprint();
    const res = await t.api.post(`/v1/events/${event.id}/resend`, { endpoint: endpoint.id }, { key: boundKey, account: null });
    expect(answer(res)).toBe('403 permission_denied');
    expect(await fingerprint()).toBe(before);
    expect(answer(await t.api.post(`/v1/events/${event.id}/resend`, { endpoint: endpoint.id }, { key: reader, account: null }))).toBe('403 permission_denied');
    expect(await fingerprint()).toBe(before);
    expect((await t.api.post(`/v1/events/${event.id}/resend`, { endpoint: endpoint.id }, { key: sender, account: null })).status).toBe(200);
  });
});

// ---- Grants, family by family: the grant that matters is the operation's own.

const routes = catalogue.filter((r): r is typeof r & { access: RouteAccess } => !!r.access && !r.access.public && r.method !== 'HEAD');
const keys = new Map<string, string>();
/** A key with `level` on `kind` and on everything the route names; the `none` key holds write on every other family. */
async function keyFor(route: { access: RouteAccess }, level: 'none' | 'read' | 'write', account: string | null = null) {
  const kind = route.access.permission;
  const name = `${kind}:${JSON.stringify(route.access.names ?? {})}:${level}:${account}`;
  if (!keys.has(name)) {
    const named = Object.fromEntries(Object.keys(route.access.names ?? {}).map((k) => [k, level === 'none' ? 'write' : level]));
    const permissions = level === 'none' ? { ...everything('write'), [kind]: 'none' as const } : { ...named, [kind]: level };
    keys.set(name, await t.restrictedKey({ permissions, account }));
  }
  return keys.get(name)!;
}

const urlOf = (url: string) => url.replace(/:([A-Za-z_]+)/g, (_m, name) => (name === 'id' ? 'x_nope' : `${name}_nope`));

async function call(route: { method: string; url: string; access: RouteAccess }, key: string, account: string | null) {
  const body = route.method === 'POST' ? {} : undefined;
  return t.api.request(route.method, urlOf(route.url), body, { key, account });
}

describe('the permission matrix, family by family', () => {
  it('covers the routes of every family', () => {
    expect(routes.length).toBeGreaterThan(30);
    const families = new Set(routes.map((r) => r.access.permission));
    for (const f of ['accounts', 'resources', 'bookings', 'events', 'webhook_endpoints', 'usage', 'api_keys']) expect(families).toContain(f);
  });

  it('gives each route to write, to read only when it only reads, and never to none', async () => {
    const wrong: string[] = [];
    // The MCP endpoint takes any key and checks each tool's grant (above, and test/api/mcp.test.ts).
    for (const route of routes.filter((r) => !r.access.grantsPerOperation)) {
      const account = route.access.account === 'none' ? null : home.accountId;
      const needsWrite = [route.access.level ?? (route.method === 'GET' ? 'read' : 'write'), ...Object.values(route.access.names ?? {})].includes('write');
      for (const level of ['none', 'read', 'write'] as const) {
        const res = await call(route, await keyFor(route, level), account);
        const denied = res.status === 403 && res.body?.error?.code === 'permission_denied';
        const shouldDeny = route.access.permission === 'api_keys' || level === 'none' || (level === 'read' && needsWrite);
        if (denied !== shouldDeny) wrong.push(`${route.method} ${route.url} with ${route.access.permission}:${level} → ${res.status} ${res.body?.error?.code ?? ''}`);
        if (res.status >= 500) wrong.push(`${route.method} ${route.url} with ${route.access.permission}:${level} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps a key bound to one account out of every other account', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access.account !== 'none')) {
      const key = await keyFor(route, 'write', home.accountId);
      const res = await call(route, key, other.accountId);
      if (res.status !== 404 || res.body?.error?.code !== 'resource_missing' || res.body?.error?.param !== 'Service-Account') {
        wrong.push(`${route.method} ${route.url} → ${res.status} ${JSON.stringify(res.body?.error ?? res.body)}`);
      }
    }
    const accountKey = await t.restrictedKey({ permissions: { accounts: 'write' }, account: home.accountId });
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await t.api.request(method, `/v1/accounts/${other.accountId}`, method === 'POST' ? { name: 'x' } : undefined, { key: accountKey, account: null });
      if (res.status !== 404) wrong.push(`${method} /v1/accounts/{other} → ${res.status}`);
    }
    expect((await t.api.request('GET', `/v1/accounts/${home.accountId}`, undefined, { key: accountKey, account: null })).status).toBe(200);
    expect(wrong).toEqual([]);
  });
});
