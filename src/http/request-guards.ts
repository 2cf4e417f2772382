import type { FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors.js';
import { versionHas, type ApiVersion } from '../lib/api-versions.js';
import { bracketPath } from './validation.js';

/**
 * Request bodies nest at most this deep. Real bodies need a few levels (an import's
 * `bookings[0].segments[0].resources[0]` is four); anything near this limit is an attack
 * on the parser or the validators, not a request (docs/limits.md).
 */
export const MAX_JSON_DEPTH = 32;

/** A UTF-16 surrogate without its partner: not a Unicode character, so not storable text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TextProblem = 'nul' | 'surrogate' | 'depth';

/**
 * Finds the first value PostgreSQL could not store, or that nests too deep: a string (or
 * object key) holding NUL (text and jsonb cannot) or a lone surrogate (jsonb refuses it,
 * text would silently store U+FFFD). Iterative, so no input can exhaust the stack. Returns
 * the JSON pointer of the offending value and what is wrong with it, or null.
 */
export function findUnstorableText(root: unknown, maxDepth = MAX_JSON_DEPTH): { path: string; problem: TextProblem } | null {
  const check = (text: string): TextProblem | null => (text.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : null);
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = check(value);
      if (problem) return { path, problem };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { path, problem: 'depth' };
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    // Pushed in reverse so that the first offending value in document order is reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i];
      const at = `${path}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (!Array.isArray(value)) {
        const problem = check(k);
        if (problem) return { path: at, problem };
      }
      stack.push({ value: v, path: at, depth: depth + 1 });
    }
  }
  return null;
}

const PROBLEMS: Record<TextProblem, string> = {
  nul: 'text may not contain the NUL character (\\u0000)',
  surrogate: 'text must be well-formed Unicode; a lone surrogate (such as \\udfff) is not a character',
  depth: `values may nest at most ${MAX_JSON_DEPTH} levels deep`,
};

/** Throws 400 parameter_invalid naming the field when a value cannot be stored (see findUnstorableText). */
export function assertStorableText(value: unknown): void {
  const found = findUnstorableText(value);
  if (found === null) return;
  if (found.problem === 'depth') {
    // The deepest path is as long as the attack; name the top-level field it sits under.
    const top = found.path.split('/')[1];
    const param = top === undefined ? null : bracketPath(`/${top}`);
    throw new ApiError('parameter_invalid', `The request body nests deeper than ${MAX_JSON_DEPTH} levels${param ? ` (under ${param})` : ''}.`, param);
  }
  const param = bracketPath(found.path) || null;
  throw new ApiError('parameter_invalid', `Invalid ${param ?? 'body'}: ${PROBLEMS[found.problem]}.`, param);
}

/** A write's body is a JSON object, or absent (decisions: docs/api-conventions.md). */
export function assertObjectBody(value: unknown): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
  throw new ApiError('parameter_invalid', `The request body must be a JSON object (or be left out); got ${kind}.`, null);
}

/**
 * Unknown parameters are refused everywhere (docs/api-conventions.md#requests), also on routes that declare
 * no query or body schema: their schema is "nothing", so anything sent is unknown.
 */
export function assertNoUndeclaredParameters(req: FastifyRequest): void {
  const schema = req.routeOptions.schema as { querystring?: unknown; body?: unknown } | undefined;
  if (!schema?.querystring) {
    const keys = Object.keys((req.query as Record<string, unknown> | undefined) ?? {});
    if (keys.length) throw new ApiError('parameter_unknown', `Received unknown parameter: ${keys[0]}`, keys[0]);
  }
  if (!schema?.body && req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
    const keys = Object.keys(req.body);
    if (keys.length) throw new ApiError('parameter_unknown', `Received unknown parameter: ${keys[0]}`, keys[0]);
  }
}

/**
 * The values found at `path` in a body, each with the parameter name errors give it. A path
 * names members by dots, and `[]` after a member steps into each item of that array:
 * `template.segments[].fairness_period` finds `template.segments[1].fairness_period`.
 */
function valuesAt(body: unknown, path: string): { value: unknown; param: string }[] {
  let found: { value: unknown; param: string }[] = [{ value: body, param: '' }];
  for (const step of path.split('.')) {
    const eachItem = step.endsWith('[]');
    const key = eachItem ? step.slice(0, -2) : step;
    const next: typeof found = [];
    for (const { value, param } of found) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
      const member = (value as Record<string, unknown>)[key];
      const name = param ? `${param}.${key}` : key;
      if (!eachItem) next.push({ value: member, param: name });
      else if (Array.isArray(member)) member.forEach((item, i) => next.push({ value: item, param: `${name}[${i}]` }));
    }
    found = next;
  }
  return found;
}

/**
 * Body or query fields that a dated API version introduced (docs/api-conventions.md#versions): a
 * client pinned to an older version does not have them, so one it sends is 400
 * parameter_unknown, as any parameter its version does not know would be. Asked by the routes
 * that take them; a field inside arrays is named by a path such as `segments[].fairness_period`.
 */
export function assertFieldsOfVersion(req: FastifyRequest, fields: readonly string[], since: ApiVersion): void {
  if (versionHas(req.auth.apiVersion, since)) return;
  for (const field of fields) {
    // A query names its parameters flat (`actor.type` is one name), a body by paths.
    const query = req.query as Record<string, unknown> | undefined;
    const inQuery = query !== null && typeof query === 'object' && query[field] !== undefined ? [{ value: query[field], param: field }] : [];
    const sent = [...valuesAt(req.body, field), ...inQuery].find((v) => v.value !== undefined);
    if (sent) throw new ApiError('parameter_unknown', `Received unknown parameter: ${sent.param} (it arrived in API version ${since}; this request is rendered in ${req.auth.apiVersion}).`, sent.param);
  }
}

/**
 * Values that a dated API version added to a field older versions already have (an enum's new
 * member): a client pinned before it gets 400 parameter_invalid naming the field, as it would
 * for any value its version does not list. `path` as in assertFieldsOfVersion.
 */
export function assertValuesOfVersion(req: FastifyRequest, path: string, values: readonly string[], since: ApiVersion): void {
  if (versionHas(req.auth.apiVersion, since)) return;
  const sent = valuesAt(req.body, path).find((v) => typeof v.value === 'string' && values.includes(v.value));
  if (sent) {
    throw new ApiError('parameter_invalid', `Invalid ${sent.param}: \`${String(sent.value)}\` arrived in API version ${since}; this request is rendered in ${req.auth.apiVersion}.`, sent.param);
  }
}

/**
 * A route whose objects a dated API version introduced: to a client pinned to an older
 * version the objects do not exist, so the route answers 404 resource_missing, as a single
 * object of a type its version lacks would (the version chain leaves such objects out).
 */
export function assertObjectOfVersion(req: FastifyRequest, object: string, since: ApiVersion): void {
  if (versionHas(req.auth.apiVersion, since)) return;
  throw new ApiError('resource_missing', `No such object in API version ${req.auth.apiVersion}: ${object} arrived in API version ${since}.`);
}
