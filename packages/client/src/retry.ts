/**
 * The fetch the client sends every request through: it gives each POST one Idempotency-Key
 * (kept across its retries, so a retried create can never create twice) and retries
 * 429, 5xx, a busy Idempotency-Key and lost connections with exponential backoff,
 * honouring Retry-After.
 */
import { SchedulingConnectionError } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2; 0 disables retrying). */
  maxRetries: number;
  /** First backoff delay in milliseconds, doubled on each retry (default 500). */
  baseDelayMs: number;
  /** No single wait is longer than this, even when Retry-After asks for more (default 20 000). */
  maxDelayMs: number;
  /** Abort one attempt after this many milliseconds (default 60 000). */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 20_000, timeoutMs: 60_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts in browsers (https or
 * localhost), so a console served over plain http elsewhere falls back to getRandomValues.
 */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Retry-After in seconds or as an HTTP date → milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Exponential backoff with "equal jitter": between half and all of base·2^attempt. */
export function backoffMs(attempt: number, options: RetryOptions): number {
  const full = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return full / 2 + Math.random() * (full / 2);
}

async function isBusyIdempotencyKey(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  try {
    const body = (await response.clone().json()) as { error?: { code?: string } };
    return body?.error?.code === 'idempotency_key_in_use';
  } catch {
    return false;
  }
}

async function shouldRetry(response: Response): Promise<boolean> {
  return response.status === 429 || response.status >= 500 || (await isBusyIdempotencyKey(response));
}

export function retryingFetch(
  baseFetch: typeof globalThis.fetch,
  options: RetryOptions,
): (request: Request) => Promise<Response> {
  return async (original: Request) => {
    const request = original.clone();
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) {
      request.headers.set('Idempotency-Key', newIdempotencyKey());
    }
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= options.maxRetries;
      let response: Response;
      try {
        response = await baseFetch(request.clone(), { signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        if (last) {
          throw new SchedulingConnectionError(`${request.method} ${request.url} failed: ${(error as Error)?.message ?? error}`, error);
        }
        await sleep(backoffMs(attempt, options));
        continue;
      }
      if (last || !(await shouldRetry(response))) return response;
      const wait = retryAfterMs(response.headers.get('Retry-After')) ?? backoffMs(attempt, options);
      await response.body?.cancel();
      await sleep(Math.min(wait, options.maxDelayMs));
    }
  };
}
