/**
 * Errors are codes; HTTP is this one table (docs/api-conventions.md#errors). Services and the core throw
 * ApiError with a code; the error handler turns it into the JSON body and status.
 */
export const ERROR_TABLE = {
  parameter_missing: [400, 'invalid_request_error'],
  parameter_invalid: [400, 'invalid_request_error'],
  parameter_unknown: [400, 'invalid_request_error'],
  parameters_exclusive: [400, 'invalid_request_error'],
  body_invalid_json: [400, 'invalid_request_error'],
  api_version_invalid: [400, 'invalid_request_error'],
  service_account_required: [400, 'invalid_request_error'],
  idempotency_key_reused: [400, 'idempotency_error'],
  api_key_missing: [401, 'authentication_error'],
  api_key_invalid: [401, 'authentication_error'],
  permission_denied: [403, 'permission_error'],
  resource_missing: [404, 'invalid_request_error'],
  url_invalid: [404, 'invalid_request_error'],
  resource_in_use: [409, 'conflict_error'],
  booking_conflict: [409, 'conflict_error'],
  invalid_state_transition: [409, 'conflict_error'],
  seats_exhausted: [409, 'conflict_error'],
  override_exists: [409, 'conflict_error'],
  account_in_use: [409, 'conflict_error'],
  idempotency_key_in_use: [409, 'idempotency_error'],
  request_too_large: [413, 'invalid_request_error'],
  content_type_unsupported: [415, 'invalid_request_error'],
  rate_limited: [429, 'rate_limit_error'],
  internal_error: [500, 'api_error'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_TABLE;

export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param: string | null = null,
    /** Extra body fields, e.g. `conflicts` on booking_conflict. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    const [status, type] = ERROR_TABLE[code];
    this.status = status;
    this.type = type;
  }
}

export const invalid = (param: string, message: string) => new ApiError('parameter_invalid', message, param);
export const missing = (param: string, message = `Missing required parameter: ${param}.`) =>
  new ApiError('parameter_missing', message, param);
export const notFound = (what: string, id: string, param: string | null = null) =>
  new ApiError('resource_missing', `No such ${what}: '${id}'`, param);

export function errorBody(err: ApiError, requestId: string) {
  return {
    error: {
      type: err.type,
      code: err.code,
      message: err.message,
      param: err.param,
      request_id: requestId,
      ...err.extra,
    },
  };
}
