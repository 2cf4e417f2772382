/**
 * The client: a thin layer over openapi-fetch with the types generated from the served
 * OpenAPI document. Calls return the response body and throw a typed error
 * (errors.ts) for anything but a 2xx.
 *
 *   const api = new Scheduling({ apiKey: 'sk_test_…', account: 'acct_…' });
 *   const booking = await api.post('/v1/bookings', { body: { segments: [...] } });
 *   for await (const b of api.list('/v1/bookings', { params: { query: { status: 'confirmed' } } })) …
 */
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { paths } from './generated/openapi.js';
import { errorFromResponse } from './errors.js';
import { DEFAULT_RETRY, retryingFetch, type RetryOptions } from './retry.js';

export type { paths };

export interface SchedulingOptions {
  /**
   * A secret (`sk_…`) or restricted (`rk_…`) key; or a booking session's client secret (`bks_…`,
   * without `account`), for the few operations that accept it (docs/elements.md#the-client-secret).
   */
  apiKey: string;
  /** Default `http://127.0.0.1:4000`, where `npm start` listens. */
  baseUrl?: string;
  /** The business this client acts for: sent as `Service-Account` on every request. */
  account?: string | null;
  /** Render responses in this API version (`Service-Version`); default: the key's pinned one. */
  apiVersion?: string;
  /** Retries after the first attempt on 429, 5xx and lost connections (default 2). */
  maxRetries?: number;
  /** First backoff delay in milliseconds, doubled each retry (default 500). */
  retryBaseDelayMs?: number;
  /** Longest single wait between attempts (default 20 000 ms). */
  maxRetryDelayMs?: number;
  /** Timeout of one attempt (default 60 000 ms). */
  timeoutMs?: number;
  /**
   * Names the program that uses the client, sent as `Scheduling-Client`. The service knows one
   * name, `console` (its web console's changes are then recorded with the actor `console`
   * rather than `api_key`; docs/events.md#actors); any other is sent and ignored.
   */
  client?: string;
  /** Another fetch (tests, proxies); default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
}

/** Options of one call, besides the typed `params` and `body`. */
export interface CallOptions {
  /** Use this Idempotency-Key instead of a generated one (POST only). */
  idempotencyKey?: string;
  /** Act for another business than the client's for this call (null: none). */
  account?: string | null;
}

type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & CallOptions)?] : [Init & CallOptions];

/** The success body of `method path`. */
export type ResponseBody<M extends HttpMethod, P extends PathsWithMethod<paths, M>> = NonNullable<
  FetchResponse<paths[P][M] & Record<string | number, any>, {}, 'application/json'>['data']
>;

/** GET paths that answer a list envelope `{object: 'list', data, has_more}`. */
export type ListPath = {
  [P in PathsWithMethod<paths, 'get'>]: ResponseBody<'get', P> extends { object: 'list'; data: unknown[] } ? P : never;
}[PathsWithMethod<paths, 'get'>];

/** One item of the list at `path`. */
export type ListItem<P extends ListPath> = ResponseBody<'get', P> extends { data: (infer T)[] } ? T : never;

export class Scheduling {
  /** The underlying openapi-fetch client (retries and idempotency keys included). */
  readonly raw: Client<paths, 'application/json'>;
  private readonly options: SchedulingOptions;

  constructor(options: SchedulingOptions) {
    if (!options?.apiKey) throw new TypeError('Scheduling: apiKey is required');
    this.options = options;
    const retry: RetryOptions = {
      maxRetries: options.maxRetries ?? DEFAULT_RETRY.maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
      maxDelayMs: options.maxRetryDelayMs ?? DEFAULT_RETRY.maxDelayMs,
      timeoutMs: options.timeoutMs ?? DEFAULT_RETRY.timeoutMs,
    };
    const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}` };
    if (options.account) headers['Service-Account'] = options.account;
    if (options.apiVersion) headers['Service-Version'] = options.apiVersion;
    if (options.client) headers['Scheduling-Client'] = options.client;
    this.raw = createClient<paths, 'application/json'>({
      baseUrl: (options.baseUrl ?? 'http://127.0.0.1:4000').replace(/\/+$/, ''),
      headers,
      fetch: retryingFetch(baseFetch, retry),
    });
  }

  /** The same client acting for another business (`Service-Account`). */
  withAccount(account: string | null): Scheduling {
    return new Scheduling({ ...this.options, account });
  }

  get<P extends PathsWithMethod<paths, 'get'>, I extends MaybeOptionalInit<paths[P], 'get'>>(
    path: P,
    ...init: InitParam<I>
  ): Promise<ResponseBody<'get', P>> {
    return this.call('GET', path, init[0]);
  }

  post<P extends PathsWithMethod<paths, 'post'>, I extends MaybeOptionalInit<paths[P], 'post'>>(
    path: P,
    ...init: InitParam<I>
  ): Promise<ResponseBody<'post', P>> {
    return this.call('POST', path, init[0]);
  }

  delete<P extends PathsWithMethod<paths, 'delete'>, I extends MaybeOptionalInit<paths[P], 'delete'>>(
    path: P,
    ...init: InitParam<I>
  ): Promise<ResponseBody<'delete', P>> {
    return this.call('DELETE', path, init[0]);
  }

  /**
   * A file exactly as the service sent it, unparsed: an export's `manifest.json` or JSON Lines
   * files (`/v1/accounts/{id}/exports/{export}/files/{file}`), whose SHA-256 the manifest and
   * the export's `checksum` give, so the bytes must not be parsed and written again.
   */
  download<P extends PathsWithMethod<paths, 'get'>, I extends MaybeOptionalInit<paths[P], 'get'>>(path: P, ...init: InitParam<I>): Promise<string> {
    return this.call('GET', path, init[0], 'text');
  }

  /**
   * Every item of a list, page after page (`starting_after` the last id) until `has_more`
   * is false. `limit` sets the page size; the iteration stops early when the loop breaks.
   */
  async *list<P extends ListPath, I extends MaybeOptionalInit<paths[P], 'get'>>(
    path: P,
    ...init: InitParam<I>
  ): AsyncGenerator<ListItem<P>, void, undefined> {
    const first = (init[0] ?? {}) as { params?: { query?: Record<string, unknown> } } & CallOptions;
    let cursor: string | undefined;
    for (;;) {
      const query = { ...(first.params?.query ?? {}), ...(cursor ? { starting_after: cursor } : {}) };
      const page = (await this.call('GET', path, { ...first, params: { ...first.params, query } })) as {
        data: (ListItem<P> & { id?: string })[];
        has_more: boolean;
      };
      for (const item of page.data) yield item as Awaited<ListItem<P>>;
      const last = page.data[page.data.length - 1];
      if (!page.has_more || !last?.id) return;
      cursor = last.id;
    }
  }

  /**
   * One call. The body is read as text and parsed only when the answer says it is JSON: other
   * answers (an export's JSON Lines, a feed's iCalendar) come back as the text they are.
   * `as: 'text'` returns the text whatever its type.
   */
  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, init: unknown, as: 'body' | 'text' = 'body'): Promise<any> {
    const { idempotencyKey, account, headers, ...rest } = (init ?? {}) as CallOptions & { headers?: Record<string, string> };
    const extra: Record<string, string | null> = { ...(headers ?? {}) };
    if (idempotencyKey) extra['Idempotency-Key'] = idempotencyKey;
    if (account !== undefined) extra['Service-Account'] = account;
    const { data, error, response } = await (this.raw.request as any)(method.toLowerCase(), path, { ...rest, headers: extra, parseAs: 'text' });
    if (!response.ok) throw errorFromResponse(response.status, error);
    const text = (data as string | undefined) ?? '';
    if (as === 'text') return text;
    if (text === '') return undefined;
    return isJson(response.headers.get('content-type')) ? JSON.parse(text) : text;
  }
}

/** `application/json`, or a JSON-based type (`application/problem+json`). */
function isJson(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}
