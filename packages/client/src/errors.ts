/**
 * Typed errors. Every error the API answers has one shape,
 * `{error: {type, code, message, param, request_id}}` (docs/api-conventions.md); the client
 * throws the subclass that matches `type`, so callers can branch with `instanceof` and read
 * the stable `code`. Failures that never reached an answer throw `SchedulingConnectionError`.
 */
export interface ErrorBody {
  type: string;
  code: string;
  message: string;
  param: string | null;
  request_id: string;
  [extra: string]: unknown;
}

export class SchedulingError extends Error {
  override readonly name: string = 'SchedulingError';
  /** HTTP status of the answer (0 when there was none). */
  readonly status: number;
  /** `invalid_request_error`, `authentication_error`, `conflict_error`, … */
  readonly type: string;
  /** A stable code: `parameter_invalid`, `resource_missing`, `booking_conflict`, … */
  readonly code: string;
  /** The offending field in bracket form (`segments[0].end`), a header name, or null. */
  readonly param: string | null;
  readonly requestId: string | null;
  /** The whole error object, including extra fields such as `conflicts` on booking_conflict. */
  readonly body: ErrorBody | null;

  constructor(status: number, body: ErrorBody | null, fallbackMessage?: string) {
    super(body?.message ?? fallbackMessage ?? `HTTP ${status}`);
    this.status = status;
    this.type = body?.type ?? 'api_error';
    this.code = body?.code ?? 'unknown';
    this.param = body?.param ?? null;
    this.requestId = body?.request_id ?? null;
    this.body = body;
  }
}

/** 400/404/413/415: the request itself is wrong (missing or invalid parameter, unknown id). */
export class InvalidRequestError extends SchedulingError {
  override readonly name = 'InvalidRequestError';
}
/** 401: no key, or a key that does not exist or was revoked. */
export class AuthenticationError extends SchedulingError {
  override readonly name = 'AuthenticationError';
}
/** 403: a restricted key without the permission this operation needs. */
export class PermissionError extends SchedulingError {
  override readonly name = 'PermissionError';
}
/** 409: the request conflicts with the current state (booking_conflict, invalid_state_transition, …). */
export class ConflictError extends SchedulingError {
  override readonly name = 'ConflictError';
}
/** An Idempotency-Key reused with a different request, or still in use. */
export class IdempotencyError extends SchedulingError {
  override readonly name = 'IdempotencyError';
}
/** 429 after every retry was spent. */
export class RateLimitError extends SchedulingError {
  override readonly name = 'RateLimitError';
}
/** 5xx after every retry was spent. */
export class ApiServerError extends SchedulingError {
  override readonly name = 'ApiServerError';
}
/** The request never got an answer (refused connection, reset, timeout). */
export class SchedulingConnectionError extends SchedulingError {
  override readonly name = 'SchedulingConnectionError';
  constructor(message: string, cause?: unknown) {
    super(0, null, message);
    this.cause = cause;
  }
}

const BY_TYPE: Record<string, typeof SchedulingError> = {
  invalid_request_error: InvalidRequestError,
  authentication_error: AuthenticationError,
  permission_error: PermissionError,
  conflict_error: ConflictError,
  idempotency_error: IdempotencyError,
  rate_limit_error: RateLimitError,
  api_error: ApiServerError,
};

function isErrorBody(value: unknown): value is { error: ErrorBody } {
  const error = (value as { error?: unknown } | null)?.error as Partial<ErrorBody> | undefined;
  return !!error && typeof error === 'object' && typeof error.code === 'string' && typeof error.message === 'string';
}

/** The typed error for one answer; bodies outside the error shape still get a class by status. */
export function errorFromResponse(status: number, payload: unknown): SchedulingError {
  const body = isErrorBody(payload) ? payload.error : null;
  const byStatus =
    status === 401 ? AuthenticationError
    : status === 403 ? PermissionError
    : status === 409 ? ConflictError
    : status === 429 ? RateLimitError
    : status >= 500 ? ApiServerError
    : InvalidRequestError;
  const Class = (body && BY_TYPE[body.type]) || byStatus;
  const fallback = typeof payload === 'string' && payload ? payload.slice(0, 200) : undefined;
  return new Class(status, body, fallback);
}
