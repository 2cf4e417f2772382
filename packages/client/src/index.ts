export { Scheduling, type SchedulingOptions, type CallOptions, type ResponseBody, type ListPath, type ListItem, type paths } from './client.js';
export {
  SchedulingError,
  InvalidRequestError,
  AuthenticationError,
  PermissionError,
  ConflictError,
  IdempotencyError,
  RateLimitError,
  ApiServerError,
  SchedulingConnectionError,
  errorFromResponse,
  type ErrorBody,
} from './errors.js';
export { newIdempotencyKey, retryAfterMs, backoffMs, type RetryOptions } from './retry.js';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookHeaders } from './webhooks.js';
