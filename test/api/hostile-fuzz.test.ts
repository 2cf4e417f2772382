import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { setupTestApp } from '../support/harness.js';
import { fingerprintQuery } from '../support/fingerprint.js';
import { futureDay, openResource, seg } from './bookings.helpers.js';

/**
 * Every operation of the served OpenAPI document, fed hostile input (issue "Fair under hostile
 * load"): wrong types, missing and unknown fields, nulls, deep nesting, lone surrogates,
 * extreme dates and numbers, non-object bodies, bad ids, bad headers and oversized headers.
 * Each such request must get a 4xx in the error shape and write nothing. The requests are
 * built from the document itself, so operations added later are covered without a change.
 *
 * Runs are bounded (the suite runs twice in CI); set FUZZ_RUNS to search longer.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

type Schema = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string; required: boolean; schema: Schema }[];
  body: Schema | null;
  isPublic: boolean;
}

const t = await setupTestApp();
const api = await t.newAccount({ name: 'Fuzz studio' });

// One object of each kind, so that ids in paths and bodies reach real objects.
const location = (await api.post('/v1/locations', { name: 'Fuzz hall' })).body;
const resource = await openResource(api, { capacity: 3, default_location: location.id });
const day = futureDay(20);
const schedule = (await api.get('/v1/schedules', { resource: resource.id })).body.data[0];
const override = (await api.post('/v1/schedule_overrides', { resource: resource.id, date: futureDay(30), intervals: [] })).body;
const block = (await api.post('/v1/blocks', { resource: resource.id, start: `${futureDay(31)}T10:00:00Z`, end: `${futureDay(31)}T11:00:00Z` })).body;
const booking = (await api.post('/v1/bookings', { segments: [seg(resource.id, day, '10:00', '11:00')], seats: 5 })).body;
const attendee = (await api.post(`/v1/bookings/${booking.id}/attendees`, {})).body;
const endpoint = (await t.api.post('/v1/webhook_endpoints', { url: 'https://hooks.example.com/fuzz', enabled_events: ['booking.*'] })).body;
const event = (await api.get('/v1/events', { limit: 1 })).body.data[0];
const other = await t.newPlatform();
const otherAccount = (await other.api.post('/v1/accounts', { name: 'Other' })).body;
const otherResource = (await other.api.withAccount(otherAccount.id).post('/v1/resources', { name: 'Theirs', type: 'room' })).body;

const realIds: Record<string, string> = {
  accounts: api.accountId,
  locations: location.id,
  resources: resource.id,
  schedules: schedule.id,
  schedule_overrides: override.id,
  blocks: block.id,
  bookings: booking.id,
  attendees: attendee.id,
  webhook_endpoints: endpoint.id,
  events: event.id,
};
for (const [kind, id] of Object.entries(realIds)) if (typeof id !== 'string') throw new Error(`fixture ${kind} missing`);
const someIds = Object.values(realIds);

const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).body);
const operations: Operation[] = Object.entries<Schema>(doc.paths).flatMap(([path, item]) =>
  Object.entries<Schema>(item)
    .filter(([method]) => ['get', 'post', 'delete', 'put', 'patch'].includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).map((p: Schema) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: p.schema ?? {} })),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
      isPublic: Array.isArray(op.security) && op.security.length === 0,
    })),
);

const fingerprint = await fingerprintQuery(t.db);

// ---------------------------------------------------------------- schemas → values

/** The JSON types a schema admits, or null when it admits anything (or we cannot tell). */
function typesOf(s: Schema | undefined): Set<string> | null {
  if (!s || typeof s !== 'object') return null;
  if (s.anyOf || s.oneOf) {
    const all = new Set<string>();
    for (const branch of s.anyOf ?? s.oneOf) {
      const types = typesOf(branch);
      if (!types) return null;
      types.forEach((x) => all.add(x));
    }
    return all;
  }
  if (s.const !== undefined) return new Set([jsonType(s.const)]);
  if (Array.isArray(s.enum)) return new Set(s.enum.map(jsonType));
  if (s.type) return new Set(Array.isArray(s.type) ? s.type : [s.type]);
  return null;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function admits(types: Set<string>, v: unknown): boolean {
  const type = jsonType(v);
  return types.has(type) || (type === 'integer' && types.has('number'));
}

const WRONG_VALUES: unknown[] = [123, 1.5, -7, 'text', '', true, false, null, [], [1, 'a'], {}, { a: 1 }];

/** Values of a JSON type the schema does not admit (empty when it admits anything). */
function wrongValues(s: Schema): unknown[] {
  const types = typesOf(s);
  if (!types) return [];
  const wrong = WRONG_VALUES.filter((v) => !admits(types, v));
  if (Array.isArray(s.enum) || s.const !== undefined) wrong.push('zz_not_allowed');
  return wrong;
}

const ID_LIKE = /id|resource|location|series|replaces|account|starting_after|ending_before|event/;

/** A value the schema admits (or close to it: ids are real ones or made up). */
function valid(s: Schema, name = ''): fc.Arbitrary<unknown> {
  if (s.anyOf || s.oneOf) {
    const branches = (s.anyOf ?? s.oneOf).filter((b: Schema) => b.type !== 'null');
    return branches.length ? fc.oneof(...branches.map((b: Schema) => valid(b, name))) : fc.constant(null);
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) props[k] = valid(v, k);
      const record = fc.record(props, { requiredKeys: (s.required ?? []).filter((k: string) => k in props) });
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        return fc
          .tuple(record, fc.dictionary(fc.constantFrom('color', 'tier', 'ref'), valid(s.additionalProperties), { maxKeys: 2 }))
          .map(([r, extra]) => ({ ...extra, ...(r as object) }));
      }
      return record;
    }
    case 'array': {
      const min = s.minItems ?? 0;
      return fc.array(valid(s.items ?? {}, name), { minLength: min, maxLength: Math.min(s.maxItems ?? min + 2, min + 2) });
    }
    case 'string': {
      if (s.format === 'date-time') return fc.constantFrom(`${day}T10:00:00Z`, `${day}T12:30:00+02:00`, `${futureDay(40)}T09:00:00Z`);
      if (s.format === 'date') return fc.constantFrom(day, futureDay(3), '2020-01-06');
      if (s.format === 'wall-time') return fc.constantFrom('09:00', '17:00', '24:00');
      const fits = (x: string) => x.length >= (s.minLength ?? 0) && x.length <= (s.maxLength ?? Infinity);
      const pool = [...(ID_LIKE.test(name) ? someIds : []), 'Fuzz text', 'Europe/Paris', 'room', 'x'.repeat(Math.max(1, s.minLength ?? 1))].filter(fits);
      return fc.constantFrom(...pool);
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? 0;
      const max = Math.min(s.maximum ?? min + 100, min + 100);
      return fc.integer({ min, max });
    }
    case 'boolean':
      return fc.boolean();
    default:
      return fc.constant({});
  }
}

/** Every place in a value that a schema describes: [path, schema, value]. */
interface Slot {
  path: (string | number)[];
  schema: Schema;
  value: unknown;
}

function slots(schema: Schema, value: unknown, path: (string | number)[] = []): Slot[] {
  const out: Slot[] = [{ path, schema, value }];
  const branch = schema.anyOf?.find((b: Schema) => b.type !== 'null' && admits(typesOf(b) ?? new Set(), value)) ?? schema;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      const sub = branch.properties?.[k] ?? (typeof branch.additionalProperties === 'object' ? branch.additionalProperties : null);
      if (sub) out.push(...slots(sub, v, [...path, k]));
    }
  } else if (Array.isArray(value) && branch.items) {
    value.forEach((v, i) => out.push(...slots(branch.items, v, [...path, i])));
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as any;
  let node = copy;
  for (const p of path.slice(0, -1)) node = node[p];
  node[path[path.length - 1]] = value;
  return copy;
}

function deleteAt(root: unknown, path: (string | number)[], key: string): unknown {
  const copy = structuredClone(root) as any;
  let node = copy;
  for (const p of path) node = node[p];
  delete node[key];
  return copy;
}

function nested(depth: number, arrays: boolean): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
}

const BAD_DATE_TIMES = ['0999-12-31T23:59:59Z', '10000-01-01T00:00:00Z', '2026-02-30T10:00:00Z', '2026-13-01T00:00:00Z', '+002026-01-01T00:00:00Z', '2026-01-01T25:00:00Z', '2026-01-01', '9999-12-31T23:59:59+25:00'];
const BAD_DATES = ['0999-12-31', '10000-01-01', '2026-02-30', '2026-1-1', '9999-12-32', '2026-03-02T00:00:00Z'];
const EDGE_DATE_TIMES = ['1000-01-01T00:00:00Z', '1000-01-01T00:00:00+14:00', '9999-12-31T23:59:59Z', '9999-12-31T23:59:59-12:00', '1970-01-01T00:00:00Z'];
const EDGE_DATES = ['1000-01-01', '9999-12-31', '1970-01-01'];
const SURROGATES = ['\udfff', '\ud800', 'a\udc00b', 'end \ud83d'];

// ---------------------------------------------------------------- requests

interface Request {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const hasParam = (op: Operation, name: string) => op.params.some((p) => p.name === name);

function pathWith(op: Operation, override?: string): string {
  const kind = op.path.split('/')[2];
  return op.path.replace(/\{([^}]+)\}/g, (_m, name) => override ?? (name === 'id' ? realIds[kind] : undefined) ?? 'zz_fuzz_unknown');
}

function baseHeaders(op: Operation): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!op.isPublic) headers.authorization = `Bearer ${t.testKey}`;
  if (hasParam(op, 'Service-Account')) headers['service-account'] = api.accountId;
  return headers;
}

function baseQuery(op: Operation): fc.Arbitrary<Record<string, string>> {
  const arbs: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.params.filter((x) => x.in === 'query' && x.name !== 'metadata')) arbs[p.name] = valid(p.schema, p.name).map(String);
  return fc.record(arbs, { requiredKeys: op.params.filter((p) => p.in === 'query' && p.required).map((p) => p.name) }) as fc.Arbitrary<Record<string, string>>;
}

function build(op: Operation, label: string, opts: { query?: Record<string, string>; rawQuery?: string; body?: unknown; rawBody?: string; path?: string; headers?: Record<string, string | null> }): Request {
  const headers = { ...baseHeaders(op) } as Record<string, string>;
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    if (v === null) delete headers[k];
    else headers[k] = v;
  }
  const qs = [new URLSearchParams(opts.query ?? {}).toString(), opts.rawQuery ?? ''].filter(Boolean).join('&');
  const payload = opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const request = { label: `${op.method} ${op.path} [${label}]`, method: op.method, url: (opts.path ?? pathWith(op)) + (qs ? `?${qs}` : ''), headers, payload };
  // Counterexamples print short: the label says what was done, the payload is cut.
  return Object.assign(request, { [fc.toStringMethod]: () => `${request.label} ${request.url.slice(0, 120)} ${(payload ?? '').slice(0, 200)}` });
}

/** Requests that must be refused: one hostile change to an otherwise plausible request. */
function hostile(op: Operation): fc.Arbitrary<Request> {
  const choices: fc.Arbitrary<Request>[] = [];
  const query = baseQuery(op);
  const body = op.body ? valid(op.body) : fc.constant(undefined);
  const plain = fc.tuple(query, body);

  // Unknown query parameter (every authenticated route refuses them).
  choices.push(plain.map(([q, b]) => build(op, 'unknown query parameter', { query: { ...q, zz_unknown: '1' }, body: b })));

  // Query parameters of the wrong type or out of range.
  const typedQuery = op.params.filter((p) => p.in === 'query' && p.name !== 'metadata' && typesOf(p.schema));
  for (const p of typedQuery) {
    const bad: string[] = [];
    const types = typesOf(p.schema)!;
    if (types.has('integer') || types.has('number')) bad.push('abc', '1.5', String((p.schema.maximum ?? 1e9) + 1), String((p.schema.minimum ?? -1e9) - 1), '1e400');
    if (types.has('boolean')) bad.push('maybe', '2');
    if (Array.isArray(p.schema.enum) || p.schema.anyOf) bad.push('zz_not_allowed');
    if (p.schema.format === 'date-time') bad.push(...BAD_DATE_TIMES);
    if (p.schema.format === 'date') bad.push(...BAD_DATES);
    if (p.schema.maxLength) bad.push('x'.repeat(p.schema.maxLength + 1));
    if (bad.length) choices.push(fc.tuple(query, body, fc.constantFrom(...bad)).map(([q, b, v]) => build(op, `query ${p.name}=${v.slice(0, 30)}`, { query: { ...q, [p.name]: v }, body: b })));
  }
  // A missing required query parameter.
  for (const p of op.params.filter((x) => x.in === 'query' && x.required)) {
    choices.push(plain.map(([q, b]) => build(op, `query without ${p.name}`, { query: Object.fromEntries(Object.entries(q).filter(([k]) => k !== p.name)), body: b })));
  }
  // Lone surrogates and NUL, percent-encoded, in the query.
  if (op.params.some((p) => p.in === 'query')) {
    const name = op.params.find((p) => p.in === 'query' && p.name !== 'metadata')?.name ?? 'x';
    choices.push(fc.constantFrom('%ED%BF%BF', '%ED%A0%80', '%00', '%C0%AF', '%').map((v) => build(op, `query ${name}=${v}`, { rawQuery: `${name}=${v}` })));
  }

  // Bad ids in the path.
  if (op.path.includes('{')) {
    const badIds = ['zz_missing', 'x'.repeat(300), '%00', '%ED%A0%80', '%F0%9F%8E%89', 'res_%20', otherResource.id, otherAccount.id, '..%2F..%2Fv1%2Faccounts'];
    choices.push(fc.tuple(plain, fc.constantFrom(...badIds)).map(([[q, b], id]) => build(op, `path id ${id.slice(0, 30)}`, { query: q, body: b, path: pathWith(op, id) })));
  }

  // Bad headers.
  if (!op.isPublic) {
    choices.push(
      fc.tuple(
        plain,
        fc.constantFrom<[string, Record<string, string | null>]>(
          ['no key', { authorization: null }],
          ['unknown key', { authorization: 'Bearer sk_test_zzzzzzzzzzzzzzzzzzzzzzzz' }],
          ['malformed key', { authorization: 'Basic Zm9vOmJhcg==' }],
          ['unknown Service-Version', { 'service-version': '1999-01-01' }],
          ['Service-Version with a surrogate', { 'service-version': '\udfff' }],
          ...(hasParam(op, 'Service-Account') ? ([['unknown Service-Account', { 'service-account': 'acct_zz_missing' }], ["another platform's account", { 'service-account': otherAccount.id }]] as [string, Record<string, string | null>][]) : []),
          ...(op.method === 'POST' ? ([['Idempotency-Key too long', { 'idempotency-key': 'k'.repeat(256) }]] as [string, Record<string, string | null>][]) : []),
        ),
      ).map(([[q, b], [label, headers]]) => build(op, label, { query: q, body: b, headers })),
    );
  }

  if (op.body) {
    const withSlot = (pick: (s: Slot) => boolean) =>
      body.chain((b) => {
        const candidates = slots(op.body!, b).filter(pick);
        return candidates.length ? fc.tuple(fc.constant(b), fc.constantFrom(...candidates)) : fc.constant(null);
      });
    const known = (s: Slot) => typesOf(s.schema) !== null;

    choices.push(
      withSlot((s) => known(s) && wrongValues(s.schema).length > 0).chain((x) =>
        x === null ? fc.constant(null) : fc.constantFrom(...wrongValues(x[1].schema)).map((v) => build(op, `${x[1].path.join('.') || 'body'} = ${JSON.stringify(v)}`, { body: setAt(x[0], x[1].path, v) })),
      ) as fc.Arbitrary<Request>,
      withSlot((s) => Array.isArray(s.schema.required) && s.schema.required.some((k: string) => s.value && typeof s.value === 'object' && k in (s.value as object))).chain((x) => {
        if (x === null) return fc.constant(null);
        const present = (x[1].schema.required as string[]).filter((k) => k in (x[1].value as object));
        return fc.constantFrom(...present).map((k) => build(op, `without ${[...x[1].path, k].join('.')}`, { body: deleteAt(x[0], x[1].path, k) }));
      }) as fc.Arbitrary<Request>,
      withSlot((s) => s.schema.additionalProperties === false && !!s.value && typeof s.value === 'object' && !Array.isArray(s.value)).map((x) =>
        x === null ? null : build(op, `unknown field in ${x[1].path.join('.') || 'body'}`, { body: setAt(x[0], [...x[1].path, 'zz_unknown'], 1) }),
      ) as fc.Arbitrary<Request>,
      withSlot((s) => s.path.length > 0 && known(s) && !typesOf(s.schema)!.has('null')).map((x) =>
        x === null ? null : build(op, `${x[1].path.join('.')} = null`, { body: setAt(x[0], x[1].path, null) }),
      ) as fc.Arbitrary<Request>,
      fc.tuple(withSlot(known), fc.integer({ min: 40, max: 1500 }), fc.boolean()).map(([x, depth, arrays]) =>
        x === null ? null : build(op, `${x[1].path.join('.') || 'body'} nested ${depth} deep`, { body: setAt(x[0], x[1].path, nested(depth, arrays)) }),
      ) as fc.Arbitrary<Request>,
      fc.tuple(withSlot((s) => known(s) && typesOf(s.schema)!.has('string')), fc.constantFrom(...SURROGATES)).map(([x, v]) =>
        x === null ? null : build(op, `${x[1].path.join('.')} with a lone surrogate`, { body: setAt(x[0], x[1].path, v) }),
      ) as fc.Arbitrary<Request>,
      fc.tuple(withSlot((s) => s.schema.format === 'date-time' || s.schema.format === 'date'), fc.nat()).map(([x, n]) => {
        if (x === null) return null;
        const list = x[1].schema.format === 'date' ? BAD_DATES : BAD_DATE_TIMES;
        const v = list[n % list.length];
        return build(op, `${x[1].path.join('.')} = ${v}`, { body: setAt(x[0], x[1].path, v) });
      }) as fc.Arbitrary<Request>,
      fc.tuple(withSlot((s) => (typesOf(s.schema)?.has('integer') ?? false) && (s.schema.maximum !== undefined || s.schema.minimum !== undefined)), fc.nat()).map(([x, n]) => {
        if (x === null) return null;
        const s = x[1].schema;
        const list = [1.5, ...(s.maximum !== undefined ? [s.maximum + 1, 1e308, 2 ** 53] : []), ...(s.minimum !== undefined ? [s.minimum - 1, -1e308, -(2 ** 53)] : [])];
        const v = list[n % list.length];
        return build(op, `${x[1].path.join('.')} = ${v}`, { body: setAt(x[0], x[1].path, v) });
      }) as fc.Arbitrary<Request>,
      fc.constantFrom('null', '[]', '[{}]', '"text"', '5', 'true', '0', '""', '{"a":1} x', '{').map((raw) => build(op, `body ${raw}`, { rawBody: raw })),
      fc.integer({ min: 2000, max: 8000 }).map((depth) => build(op, `raw nesting ${depth}`, { rawBody: '['.repeat(depth) + ']'.repeat(depth) })),
    );
  }
  return fc.oneof(...choices).filter((r): r is Request => r !== null);
}

async function send(r: Request) {
  const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers: r.headers, payload: r.payload });
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers };
}

function expectRefused(r: Request, res: Awaited<ReturnType<typeof send>>) {
  const what = `${r.label}\n${r.method} ${r.url.slice(0, 200)}\n${(r.payload ?? '').slice(0, 300)}\n→ ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`;
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  const error = res.body?.error;
  expect(error, what).toMatchObject({ type: expect.any(String), code: expect.any(String), message: expect.any(String) });
  expect(error.param === null || typeof error.param === 'string', what).toBe(true);
  expect(error.request_id, what).toBe(res.headers['request-id']);
}

describe('every operation of the OpenAPI document, under hostile input', () => {
  it('the document lists the operations this test relies on', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(20);
  });

  for (const op of operations.filter((o) => !o.isPublic)) {
    it(`${op.method} ${op.path}: a 4xx in the error shape, and nothing written`, async () => {
      await fc.assert(
        fc.asyncProperty(hostile(op), async (r) => {
          const before = await fingerprint();
          const res = await send(r);
          expectRefused(r, res);
          expect(await fingerprint(), `${r.label} wrote something`).toBe(before);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('public operations answer anything without a 5xx and write nothing', async () => {
    for (const op of operations.filter((o) => o.isPublic)) {
      const before = await fingerprint();
      for (const extra of ['', '?x=1', '?%ED%A0%80=%00']) {
        const res = await send({ label: 'public', method: op.method, url: pathWith(op) + extra, headers: { 'service-version': 'zz' } });
        expect(res.status, `${op.method} ${op.path}${extra}`).toBeLessThan(500);
      }
      expect(await fingerprint()).toBe(before);
    }
  });

  it('edge values that are well-formed (years 1000 and 9999, zone offsets at ±14 h, bounds of ranges) never answer 5xx', async () => {
    const ops = operations.filter((o) => !o.isPublic && o.body);
    const edge = fc.constantFrom(...ops).chain((op) =>
      valid(op.body!).chain((b) => {
        const candidates = slots(op.body!, b).filter((s) => s.schema.format === 'date-time' || s.schema.format === 'date' || typesOf(s.schema)?.has('integer'));
        if (!candidates.length) return fc.constant(build(op, 'as generated', { body: b }));
        return fc.tuple(fc.constantFrom(...candidates), fc.nat()).map(([s, n]) => {
          const list: unknown[] = s.schema.format === 'date-time' ? EDGE_DATE_TIMES : s.schema.format === 'date' ? EDGE_DATES : [s.schema.minimum ?? 0, s.schema.maximum ?? 2 ** 31];
          const v = list[n % list.length];
          return build(op, `${s.path.join('.')} = ${JSON.stringify(v)}`, { body: setAt(b, s.path, v) });
        });
      }),
    );
    await fc.assert(
      fc.asyncProperty(edge, async (r) => {
        const res = await send(r);
        const what = `${r.label}\n${r.url}\n${(r.payload ?? '').slice(0, 300)}\n→ ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status < 400) return;
        // The MCP endpoint speaks JSON-RPC: its transport's refusals (a client that does not
        // accept an event stream) are JSON-RPC errors, as MCP clients expect (docs/agents.md).
        if (r.url.startsWith('/mcp')) expect(res.body, what).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number), message: expect.any(String) } });
        else expect(res.body?.error?.request_id, what).toBe(res.headers['request-id']);
      }),
      { numRuns: RUNS * 10 },
    );
  });
});

describe('oversized headers on every operation (a real socket: the HTTP parser refuses them)', () => {
  it('413 request_too_large in the error shape with a Request-Id, for every operation', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    afterAll(() => t.app.server.closeAllConnections?.());
    const { port } = t.app.server.address() as AddressInfo;
    const rawRequest = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (c) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
        socket.end(text);
      });
    const before = await fingerprint();
    for (const op of operations) {
      const answer = await rawRequest(`${op.method} ${pathWith(op)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.testKey}\r\nX-Padding: ${'p'.repeat(32_000)}\r\n\r\n`);
      const [head, body] = answer.split('\r\n\r\n');
      expect(head, `${op.method} ${op.path}`).toMatch(/^HTTP\/1\.1 413 /);
      expect(head.toLowerCase(), `${op.method} ${op.path}`).toMatch(/\r\nrequest-id: req_/);
      expect(JSON.parse(body).error, `${op.method} ${op.path}`).toMatchObject({ type: 'invalid_request_error', code: 'request_too_large', request_id: expect.stringMatching(/^req_/) });
    }
    expect(await fingerprint()).toBe(before);
  });
});
