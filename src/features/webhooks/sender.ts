import { request, type Agent, type Dispatcher } from 'undici';
import type { Config } from '../../config.js';
import { attemptSignal } from '../../lib/attempt-signal.js';
import type { ResolveHost } from '../../lib/resolve-host.js';
import { guardedAgent, isNonGlobalUrl, NON_GLOBAL_DESTINATION } from '../../lib/url-policy.js';

/** What one POST came to. Success is a 2xx within the timeout; a redirect is a failure. */
export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
}

/** One connection pool for all webhook traffic of a worker, under the address rules. */
export function createWebhookDispatcher(config: Config, resolveHost?: ResolveHost): Agent {
  return guardedAgent(config.webhookTimeoutMs, config.webhookAllowPrivate, resolveHost);
}

/** We read (and throw away) at most this much of a receiver's answer. */
const RESPONSE_LIMIT = 64 * 1024;

export async function postWebhook(
  dispatcher: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
  config: Pick<Config, 'webhookTimeoutMs' | 'webhookAllowPrivate'>,
  /** Fires when the worker stops: the attempt is given up (see deliverClaimed). */
  stop?: AbortSignal,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const finish = (responseStatus: number | null, error: string | null): AttemptOutcome => ({
    ok: error === null && responseStatus !== null && responseStatus >= 200 && responseStatus < 300,
    responseStatus,
    error,
    durationMs: Math.max(0, Math.round(performance.now() - started)),
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return finish(null, 'invalid url');
  }
  // Literal addresses never go through DNS, so the lookup guard cannot see them.
  if (!config.webhookAllowPrivate && isNonGlobalUrl(target)) return finish(null, NON_GLOBAL_DESTINATION);
  const attempt = attemptSignal(config.webhookTimeoutMs, stop);
  const { signal } = attempt;
  const aborted = () => (attempt.timedOut() ? `timed out after ${config.webhookTimeoutMs} ms` : 'aborted: the worker is stopping');
  try {
    const res = await request(target, { method: 'POST', headers, body, dispatcher, signal });
    const status = res.statusCode;
    try {
      await res.body.dump({ limit: RESPONSE_LIMIT, signal });
    } catch {
      /* the status is what counts; an unread or cut-off body does not change it */
    }
    if (signal.aborted) return finish(null, aborted());
    if (status >= 200 && status < 300) return finish(status, null);
    if (status >= 300 && status < 400) {
      const location = res.headers.location;
      return finish(status, `redirect (${status}${location ? ` to ${String(location).slice(0, 200)}` : ''}) not followed`);
    }
    return finish(status, `unexpected status ${status}`);
  } catch (err) {
    return finish(null, signal.aborted ? aborted() : describeError(err, config.webhookTimeoutMs));
  } finally {
    attempt.done();
  }
}

function describeError(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `timed out after ${timeoutMs} ms`;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'connection closed before a response';
    case 'EPRIVATEADDRESS':
      return e.message ?? e.cause?.message ?? 'destination resolves to a private address';
  }
  const message = e.message ?? e.cause?.message ?? String(err);
  return (code ? `${code}: ${message}` : message).slice(0, 500);
}
