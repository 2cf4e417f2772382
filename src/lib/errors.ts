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
  booking_session_expired: [401, 'authentication_error'],
  permission_denied: [403, 'permission_error'],
  resource_missing: [404, 'invalid_request_error'],
  url_invalid: [404, 'invalid_request_error'],
  resource_in_use: [409, 'conflict_error'],
  booking_conflict: [409, 'conflict_error'],
  invalid_state_transition: [409, 'conflict_error'],
  seats_exhausted: [409, 'conflict_error'],
  policy_violation: [409, 'conflict_error'],
  override_exists: [409, 'conflict_error'],
  account_in_use: [409, 'conflict_error'],
  idempotency_key_in_use: [409, 'idempotency_error'],
  request_too_large: [413, 'invalid_request_error'],
  content_type_unsupported: [415, 'invalid_request_error'],
  rate_limited: [429, 'rate_limit_error'],
  internal_error: [500, 'api_error'],
  database_unavailable: [503, 'api_error'],
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

/** Seconds a client should wait before trying again, sent as `Retry-After` with these codes. */
export const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = { rate_limited: 1, database_unavailable: 2 };

/**
 * SQLSTATEs of a database that cannot be reached, or is going away: class 08 (connection
 * exception; on a Citus cluster, 08006 when the coordinator cannot reach the node that holds
 * the rows) except 08P01 (a protocol violation is a fault of ours), and the server shutting
 * down, crashed, or still starting.
 */
const UNAVAILABLE_SQLSTATE = /^(08(?!P01)...|57P0[123])$/;
/**
 * A statement cut by the statement timeout (DATABASE_STATEMENT_TIMEOUT_MS). The work budgets
 * bound what a request computes (docs/limits.md), so what runs that long is a wait: for rows
 * held by a transaction that has not ended, such as one a Citus node had prepared when it
 * stopped, until the coordinator's recovery settles it (docs/scaling.md#a-node-that-comes-back).
 */
const STATEMENT_TIMEOUT = { code: '57014', message: /statement timeout/ };
/** What the pg driver and pool raise when the connection itself is lost or never made. */
const UNAVAILABLE_MESSAGE = /^(connection to the remote node .* failed|Connection terminated|timeout exceeded when trying to connect)/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/**
 * Whether a failed request failed because the database (or one node of a Citus cluster) could
 * not be reached: answered `503 database_unavailable` with `Retry-After`, not `500`
 * (docs/api-conventions.md#errors). Nothing was written: the transaction that failed rolls back
 * whole, on every node it reached.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
  if (code === STATEMENT_TIMEOUT.code && typeof message === 'string' && STATEMENT_TIMEOUT.message.test(message)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

export const databaseUnavailable = () =>
  new ApiError('database_unavailable', 'The database holding this data cannot be reached right now, or did not answer in time. Nothing was changed; try again shortly.');

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
