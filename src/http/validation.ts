import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { ApiError } from '../lib/errors.js';
import { isValidDate, parseRfc3339 } from '../lib/time-format.js';

/**
 * Two Ajv instances. Bodies are validated as sent: no coercion ("5" is not 5) and no removal
 * of unknown properties (they are 400 parameter_unknown). Query strings arrive as text, so
 * only they are coerced to the schema's numbers and booleans.
 */
const formats = {
  'date-time': (s: string) => parseRfc3339(s) !== null,
  date: (s: string) => isValidDate(s),
  'wall-time': (s: string) => /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(s),
};

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, removeAdditional: false, useDefaults: false, ...options });
  for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}

const bodyAjv = makeAjv({ coerceTypes: false });
const queryAjv = makeAjv({ coerceTypes: true });

/**
 * The validator compiler of one app. Compiling every route's schemas is most of the CPU of
 * building the app (about a second: docs/performance.md, "Start-up"), so each validator
 * compiles when first needed: at its route's first request, or earlier by `compilePending`,
 * which the server runs once it listens. Fastify reads `errors` from the function it was
 * given, so the wrapper carries them over.
 */
export function lazyValidators() {
  const pending = new Set<() => ValidateFunction>();
  const compiler = ({ schema, httpPart }: { schema: object; httpPart?: string }) => {
    const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
    let compiled: ValidateFunction | null = null;
    const compile = () => {
      pending.delete(compile);
      return (compiled ??= ajv.compile(schema));
    };
    pending.add(compile);
    const validate = (data: unknown): boolean => {
      const fn = compiled ?? compile();
      const ok = fn(data) as boolean;
      validate.errors = fn.errors;
      return ok;
    };
    validate.errors = null as ErrorObject[] | null | undefined;
    return validate;
  };
  /**
   * Compiles what is still pending, one per turn of the event loop: a request arriving
   * meanwhile waits for one compilation at most. Stops early once `stopped()` (shutting down).
   */
  const compilePending = async (stopped: () => boolean = () => false): Promise<void> => {
    for (const compile of pending) {
      if (stopped()) return;
      compile();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { compiler, compilePending };
}

/** `/segments/0/end` → `segments[0].end`; keys under metadata in brackets: `metadata[color]`. */
export function bracketPath(instancePath: string, last?: string): string {
  const parts = instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (last !== undefined) parts.push(last);
  let out = '';
  parts.forEach((part, i) => {
    if (i === 0) out = part;
    else if (/^\d+$/.test(part) || parts[i - 1] === 'metadata') out += `[${part}]`;
    else out += `.${part}`;
  });
  return out;
}

const FORMAT_HINTS: Record<string, string> = {
  'date-time': 'an RFC 3339 date-time such as 2026-03-02T14:00:00Z, in years 1000 to 9999',
  date: 'a date such as 2026-03-02, in years 1000 to 9999',
  'wall-time': 'a wall-clock time HH:MM (24:00 only as an interval end)',
};

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `must be ${p.type === 'integer' ? 'an integer' : `of type ${String(p.type).replace(',', ' or ')}`}`;
    case 'format':
      return `must be ${FORMAT_HINTS[String(p.format)] ?? p.format}`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'minimum':
    case 'maximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'maxProperties':
      return error.message ?? 'is out of range';
    case 'pattern':
      return 'has an invalid format';
    default:
      return error.message ?? 'is invalid';
  }
}

/** Turns the first Ajv error into our error shape with the offending parameter named. */
export function validationError(errors: ErrorObject[], part: string | undefined): ApiError {
  // anyOf (nullable) errors come with the branch errors first; report the most specific one.
  const error = errors.find((e) => e.keyword !== 'anyOf') ?? errors[0];
  const p = error.params as Record<string, string>;
  if (error.keyword === 'additionalProperties') {
    const param = bracketPath(error.instancePath, p.additionalProperty);
    return new ApiError('parameter_unknown', `Received unknown parameter: ${param}`, param);
  }
  const badKey = errors.find((e) => e.propertyName !== undefined || (e.params as Record<string, unknown>).propertyName !== undefined);
  if (badKey) {
    const name = badKey.propertyName ?? String((badKey.params as Record<string, unknown>).propertyName);
    const param = bracketPath(badKey.instancePath, name);
    return new ApiError('parameter_invalid', `Invalid ${param}: keys must be 1 to 40 characters.`, param);
  }
  if (error.keyword === 'required') {
    const param = bracketPath(error.instancePath, p.missingProperty);
    return new ApiError('parameter_missing', `Missing required parameter: ${param}.`, param);
  }
  const param = bracketPath(error.instancePath) || (part === 'body' ? null : part ?? null);
  // A union of literals (TypeBox's enums) fails once per literal: name every allowed value.
  const allowed = errors.filter((e) => e.keyword === 'const' && e.instancePath === error.instancePath);
  const detail =
    error.keyword === 'const' && allowed.length > 1
      ? `must be one of: ${allowed.map((e) => String((e.params as { allowedValue: unknown }).allowedValue)).join(', ')}`
      : describe(error);
  if (!param) return new ApiError('parameter_invalid', `The request body ${detail}.`, null);
  return new ApiError('parameter_invalid', `Invalid ${param}: ${detail}.`, param);
}
