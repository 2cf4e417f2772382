/**
 * Fetches a feed (docs/calendar-feeds.md#syncing): a conditional GET with the validators of
 * the last good answer, redirects followed a few times (each hop under the same address
 * rules as webhooks), and limits on time and size. Never throws: a failure is a message.
 */
import { request, type Agent } from 'undici';
import type { ResolveHost } from '../../lib/resolve-host.js';
import { guardedAgent, isNonGlobalUrl, NON_GLOBAL_DESTINATION } from '../../lib/url-policy.js';
import { redactedFeedUrl } from './redacted-url.js';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  allowPrivate: boolean;
}

export type FetchResult =
  | { kind: 'not_modified' }
  | { kind: 'ok'; text: string; etag: string | null; lastModified: string | null }
  | { kind: 'failed'; error: string };

/**
 * A fetch given up because its worker is stopping: the feed's fault it is not, so it is not
 * recorded on the feed; its lease runs out and any process syncs it again.
 */
export class FetchStopped extends Error {
  constructor() {
    super('calendar feed fetch given up: the worker is stopping');
  }
}

const MAX_REDIRECTS = 3;

/** The pool feeds are fetched through, under the same address rules as webhooks. */
export function createFeedDispatcher(limits: FetchLimits, resolveHost?: ResolveHost): Agent {
  return guardedAgent(limits.timeoutMs, limits.allowPrivate, resolveHost);
}

function describe(err: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'EPRIVATEADDRESS') return e.message ?? 'destination resolves to a private address';
  if (code?.startsWith('UND_ERR_') && code.includes('TIMEOUT')) return `timed out after ${timeoutMs} ms`;
  // The error becomes the feed's last_error, shown by the API: a URL in it is shown redacted.
  return `request failed: ${String(e.message ?? code ?? err).replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi, redactedFeedUrl).slice(0, 200)}`;
}

export async function fetchFeed(
  dispatcher: Agent,
  url: string,
  validators: { etag: string | null; lastModified: string | null },
  limits: FetchLimits,
  /** Fires when the worker stops: the fetch is given up with FetchStopped. */
  stop?: AbortSignal,
): Promise<FetchResult> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Scheduling-CalendarFeeds/1.0' };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  let target = url;
  try {
    for (let hop = 0; ; hop++) {
      const parsed = new URL(target);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { kind: 'failed', error: `redirect to a ${parsed.protocol} URL not followed` };
      // Literal addresses never go through DNS, so the lookup guard cannot see them.
      if (!limits.allowPrivate && isNonGlobalUrl(parsed)) return { kind: 'failed', error: NON_GLOBAL_DESTINATION };
      const res = await request(parsed, { method: 'GET', headers, dispatcher, signal, maxRedirections: 0 } as Parameters<typeof request>[1]);
      if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304) {
        await res.body.dump();
        const location = res.headers.location;
        if (!location || hop >= MAX_REDIRECTS) return { kind: 'failed', error: `redirect (${res.statusCode}) not followed: ${location ? 'too many redirects' : 'no Location'}` };
        target = new URL(String(location), parsed).toString();
        continue;
      }
      if (res.statusCode === 304) {
        await res.body.dump();
        return { kind: 'not_modified' };
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump().catch(() => undefined);
        return { kind: 'failed', error: `unexpected status ${res.statusCode}` };
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (declared > limits.maxBytes) {
        res.body.destroy();
        return { kind: 'failed', error: `the feed is larger than ${limits.maxBytes} bytes` };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > limits.maxBytes) {
          res.body.destroy();
          return { kind: 'failed', error: `the feed is larger than ${limits.maxBytes} bytes` };
        }
        chunks.push(chunk as Buffer);
      }
      const header = (name: string) => {
        const v = res.headers[name];
        return v === undefined ? null : String(Array.isArray(v) ? v[0] : v).slice(0, 500);
      };
      return { kind: 'ok', text: Buffer.concat(chunks).toString('utf8'), etag: header('etag'), lastModified: header('last-modified') };
    }
  } catch (err) {
    if (stop?.aborted && !timeout.aborted) throw new FetchStopped();
    return { kind: 'failed', error: describe(err, timeout.aborted, limits.timeoutMs) };
  }
}
