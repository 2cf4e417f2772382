/**
 * The OpenAPI document is generated from the route schemas (@fastify/swagger). What the
 * schemas cannot say — the headers every route reads (Service-Account, Service-Version,
 * Idempotency-Key), the `metadata[key]` list filters, the error shape — is added here from
 * each route's `config.access`, so the document never drifts from the conventions.
 */
import type { RouteOptions } from 'fastify';
import { API_VERSIONS, LATEST_API_VERSION } from '../lib/api-versions.js';
import type { RouteAccess } from './context.js';
import { neededLevel } from './auth.js';
import { isPlatformOwned, type ObjectKind } from '../tenancy/index.js';

type Schema = Record<string, any>;

interface TransformInput {
  schema: Schema | undefined;
  url: string;
  route: { method: string | string[]; config?: { access?: RouteAccess }; constraints?: Record<string, unknown> };
}

export const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['type', 'code', 'message', 'param', 'request_id'],
      properties: {
        type: { type: 'string', description: 'invalid_request_error, idempotency_error, authentication_error, permission_error, conflict_error, rate_limit_error or api_error.' },
        code: {
          type: 'string',
          description:
            'A stable code, e.g. parameter_invalid, resource_missing, booking_conflict. `database_unavailable` (503, type api_error, with `Retry-After`): the database, or the node of a cluster holding this data, cannot be reached, or a statement waited out the statement timeout (rows held by a transaction that has not ended); nothing was changed, and the same request can be sent again.',
        },
        message: { type: 'string' },
        param: { type: ['string', 'null'], description: 'The offending field in bracket form (`segments[0].end`, `metadata[color]`), a header name, or null.' },
        request_id: { type: 'string' },
      },
      additionalProperties: true,
    },
  },
};

const METADATA_FILTER_PARAMETER = {
  name: 'metadata',
  in: 'query',
  required: false,
  style: 'deepObject',
  explode: true,
  description: 'Repeatable `metadata[key]=value` filters: only objects whose metadata holds every pair.',
  schema: { type: 'object', additionalProperties: { type: 'string', maxLength: 500 } },
};

/**
 * Who may call an operation, in words, from its declared access and the one permission rule
 * (src/tenancy): the document then says what auth does. The full table: docs/api-keys.md.
 */
export function whoMayCall(access: RouteAccess, method: string): string {
  if (access.grantsPerOperation) {
    return 'Keys: any valid key connects; each tool needs the grants of the REST operation it makes and answers as that operation would.';
  }
  if (access.permission === 'api_keys') return 'Keys: secret keys only; every restricted key gets 403 permission_denied, whatever its permissions.';
  const asks = [[access.permission, neededLevel(access, method)], ...Object.entries(access.names ?? {})] as [ObjectKind, string][];
  const grants = asks.map(([kind, level]) => `\`${kind}: ${level}\``).join(' and ');
  const bound = asks.some(([kind]) => isPlatformOwned(kind))
    ? 'A key bound to one account gets 403 permission_denied: it names an object that belongs to the platform.'
    : access.account === 'none'
      ? "A key bound to one account reaches only its own account's objects (others: 404 resource_missing)."
      : 'A key bound to one account acts for that account only (another in Service-Account: 404 resource_missing).';
  return `Keys: secret keys, and restricted keys with ${grants}${grants.includes('read`') ? ' (or write)' : ''}; others get 403 permission_denied. ${bound}`;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function methodsOf(route: TransformInput['route']): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
}

/**
 * An operation's title in /docs and the generated client: its short name ("Create a series"),
 * the part of the route's summary before its first explanation (`:`, `;`, `(`, `.`, ", newest first"…),
 * without code marks. The whole summary, a sentence, opens the operation's description.
 */
export function shortTitle(summary: string): string {
  const cut = summary.search(/[:;.]\s|\s\(|\s—|, (newest|with|all or nothing)/);
  const head = cut > 0 ? summary.slice(0, cut) : summary;
  // A code word is an explanation, not a name ("Split a series at `at`" → "Split a series").
  return head.replace(/\s+(at|from)\s+`[^`]*`/g, '').replace(/`([^`]*)`/g, '$1').trim();
}

/** The summary as the description's first paragraph, with a full stop. */
function asSentence(summary: string): string {
  const text = summary.trim();
  return /[.!?)]$/.test(text) ? text : `${text}.`;
}

/**
 * A booking session's client secret is served by routes of their own (the router's `credential`
 * constraint, src/http/auth.ts) on the same method and path as the keys' routes, where the
 * document can hold one operation only. Each is rendered under this prefix, then merged into the
 * keys' operation (mergeClientSecretOperations), so the document and the typed client describe
 * both credentials while each route keeps its own schemas for validation.
 */
const CLIENT_SECRET_PREFIX = '/__client_secret__';

const isClientSecretRoute = (route: TransformInput['route']) => route.constraints?.credential === 'booking_session';

const JSON_TYPE = 'application/json';
const bodySchemaOf = (part: Schema | undefined): Schema | undefined => part?.content?.[JSON_TYPE]?.schema;
/** One side of an alternative, titled with the credential that sends or receives it. */
const sentWith = (credential: string, schema: Schema): Schema => ({ ...schema, title: `With ${credential}` });
/**
 * anyOf, not oneOf: the credential, not the body, says which side applies, and a client
 * secret's body can also be a valid key's body (a customer update is both), which oneOf forbids.
 */
const eitherCredential = (keys: Schema, clientSecret: Schema): Schema => ({
  anyOf: [sentWith('a key', keys), sentWith("a booking session's client secret", clientSecret)],
});

/**
 * Folds each client secret's operation (rendered under CLIENT_SECRET_PREFIX) into the keys'
 * operation of the same method and path: the client secret becomes an alternative security
 * scheme, its route's description (what it may do there) joins the operation's, and where its
 * body or a response differs from the keys', the document offers either. A response it does not
 * declare is the keys' one (the same serializer answers both).
 */
function mergeClientSecretOperations(document: Schema): void {
  for (const [shadowPath, item] of Object.entries<Schema>(document.paths ?? {})) {
    if (!shadowPath.startsWith(CLIENT_SECRET_PREFIX)) continue;
    delete document.paths[shadowPath];
    const path = shadowPath.slice(CLIENT_SECRET_PREFIX.length);
    for (const [method, secretOp] of Object.entries<Schema>(item)) {
      const op = document.paths[path]?.[method];
      if (!op) throw new Error(`${method.toUpperCase()} ${path}: a client secret's route needs a keys' route of the same method and path to be documented in.`);
      op.security = [{ bearer: [] }, { clientSecret: [] }];
      op.description = [op.description, secretOp.description].filter(Boolean).join('\n\n');
      const keysBody = bodySchemaOf(op.requestBody);
      const secretBody = bodySchemaOf(secretOp.requestBody);
      if (secretBody && keysBody && JSON.stringify(secretBody) !== JSON.stringify(keysBody)) {
        op.requestBody.content[JSON_TYPE].schema = eitherCredential(keysBody, secretBody);
      }
      for (const [status, response] of Object.entries<Schema>(secretOp.responses ?? {})) {
        const secretAnswer = bodySchemaOf(response);
        const keysAnswer = bodySchemaOf(op.responses?.[status]);
        if (!secretAnswer || !keysAnswer || JSON.stringify(secretAnswer) === JSON.stringify(keysAnswer)) continue;
        op.responses[status].content[JSON_TYPE].schema = eitherCredential(keysAnswer, secretAnswer);
      }
    }
  }
}

/** Builds the swagger `transform` / `transformObject` pair; one pair per app. */
export function openApiTransforms() {
  /** `GET /v1/resources` → accepts metadata[key] filters. */
  const metadataFilterOps = new Set<string>();

  function transform({ schema, url, route }: TransformInput) {
    if (schema?.hide && isClientSecretRoute(route)) {
      const { hide: _merged, ...shown } = schema;
      return { schema: shown, url: CLIENT_SECRET_PREFIX + url };
    }
    if (!schema || schema.hide) return { schema, url };
    const access = route.config?.access;
    const out: Schema = { ...schema };
    const title = typeof schema.summary === 'string' ? shortTitle(schema.summary) : undefined;
    const sentence = title !== undefined && title !== schema.summary ? asSentence(schema.summary) : undefined;
    if (title !== undefined) out.summary = title;
    if (!access || access.public) {
      out.security = [];
      out.description = [sentence, schema.description].filter(Boolean).join('\n\n') || undefined;
      if (out.description === undefined) delete out.description;
      return { schema: out, url };
    }
    const methods = methodsOf(route);
    out.description = [sentence, schema.description, whoMayCall(access, methods[0])].filter(Boolean).join('\n\n');
    const properties: Schema = { ...(schema.headers?.properties ?? {}) };
    const required: string[] = [...(schema.headers?.required ?? [])];
    if (access.account !== 'none') {
      properties['Service-Account'] = {
        type: 'string',
        description:
          access.account === 'required'
            ? 'The id of the account (business) this request acts for. Not needed with a restricted key bound to one account.'
            : 'Optional: narrows the result to one account (business).',
      };
      if (access.account === 'required') required.push('Service-Account');
    }
    properties['Service-Version'] = {
      type: 'string',
      enum: [...API_VERSIONS],
      description: `Render this request in another API version (default: the platform's pinned version; latest ${LATEST_API_VERSION}).`,
    };
    if (methods.includes('POST')) {
      properties['Idempotency-Key'] = {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        description: 'Makes the POST safe to retry for 24 hours: the same request replays the stored response with `Idempotent-Replayed: true`.',
      };
    }
    out.headers = { type: 'object', properties, required };
    const query = schema.querystring as Schema | undefined;
    if (query?.patternProperties && Object.keys(query.patternProperties).some((p) => p.includes('metadata'))) {
      for (const m of methods) metadataFilterOps.add(`${m} ${openApiPath(url)}`);
      const { patternProperties: _drop, ...rest } = query;
      out.querystring = rest;
    }
    return { schema: out, url };
  }

  function transformObject({ openapiObject }: { openapiObject: Schema }) {
    openapiObject.components ??= {};
    openapiObject.components.schemas ??= {};
    openapiObject.components.schemas.Error = ERROR_SCHEMA;
    mergeClientSecretOperations(openapiObject);
    for (const [path, item] of Object.entries<Schema>(openapiObject.paths ?? {})) {
      for (const [method, op] of Object.entries<Schema>(item)) {
        if (!op || typeof op !== 'object' || !op.responses) continue;
        if (metadataFilterOps.has(`${method.toUpperCase()} ${path}`)) {
          op.parameters = [...(op.parameters ?? []), METADATA_FILTER_PARAMETER];
        }
        op.responses.default ??= {
          description: 'An error, always in one shape: `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md#errors).',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
        for (const response of Object.values<Schema>(op.responses)) {
          response.headers ??= {};
          response.headers['Request-Id'] = { description: 'The id of this request (also in error bodies and logs).', schema: { type: 'string' } };
        }
      }
    }
    return openapiObject;
  }

  // Loosely typed on purpose: @fastify/swagger's option types describe FastifySchema only.
  return { transform: transform as (input: any) => any, transformObject: transformObject as (input: any) => any };
}

export interface RouteEntry {
  method: string;
  url: string;
  hidden: boolean;
  access: RouteAccess | undefined;
  /** The route's schemas (body, querystring, params, response): the MCP tools reuse them. */
  schema: Schema | undefined;
}

const catalogues = new WeakMap<object, RouteEntry[]>();

/** Records every route as it is added, so tests can check each one is in the document. */
export function recordRoute(app: object, route: RouteOptions): void {
  const list = catalogues.get(app) ?? [];
  catalogues.set(app, list);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    list.push({
      method: String(method).toUpperCase(),
      url: route.url ?? '',
      hidden: Boolean((route.schema as Schema | undefined)?.hide),
      access: (route.config as { access?: RouteAccess } | undefined)?.access,
      schema: route.schema as Schema | undefined,
    });
  }
}

export function routeCatalogue(app: object): RouteEntry[] {
  return [...(catalogues.get(app) ?? [])];
}
