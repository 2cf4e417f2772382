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
 * Body or query fields that a dated API version introduced (docs/api-conventions.md#versions): a
 * client pinned to an older version does not have them, so one it sends is 400
 * parameter_unknown, as any parameter its version does not know would be. Asked by the routes
 * that take them.
 */
export function assertFieldsOfVersion(req: FastifyRequest, fields: readonly string[], since: ApiVersion): void {
  if (versionHas(req.auth.apiVersion, since)) return;
  const sentIn = (params: unknown, f: string) => params !== null && typeof params === 'object' && (params as Record<string, unknown>)[f] !== undefined;
  const sent = fields.find((f) => sentIn(req.body, f) || sentIn(req.query, f));
  if (sent) throw new ApiError('parameter_unknown', `Received unknown parameter: ${sent} (it arrived in API version ${since}; this request is rendered in ${req.auth.apiVersion}).`, sent);
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
