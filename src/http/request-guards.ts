import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import { bracketPath } from './validation.js';

/**
 * PostgreSQL text and jsonb cannot hold the NUL character: a string carrying one would fail
 * deep in the database (a 500). Refuse it up front, naming the field. Returns the bracket
 * path of the first string (or object key) that holds one, or null.
 */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const escaped = k.replace(/~/g, '~0').replace(/\//g, '~1');
      if (k.includes('\u0000')) return `${path}/${escaped}`;
      const found = findNulCharacter(v, `${path}/${escaped}`);
      if (found !== null) return found;
    }
  }
  return null;
}

export function assertNoNulCharacter(value: unknown): void {
  const at = findNulCharacter(value);
  if (at === null) return;
  const param = bracketPath(at) || null;
  throw new ApiError('parameter_invalid', `Invalid ${param ?? 'body'}: text may not contain the NUL character (\\u0000).`, param);
}

/**
 * Unknown parameters are refused everywhere (decisions.md §1), also on routes that declare
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
