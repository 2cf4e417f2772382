/**
 * The benchmarks' HTTP client for a `serve` process (undici, keep-alive connections): the
 * platform's test key, the account in `Service-Account`, JSON in and out.
 */
import { Pool } from 'undici';

export interface Answer {
  status: number;
  text: string;
}

export interface Client {
  /** Any answer, whatever its status. */
  request(method: 'GET' | 'POST', url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** The parsed body of a 200; anything else throws with the status and body. */
  call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<any>;
  close(): Promise<void>;
}

export function client(base: string, key: string, accountId: () => string | null, connections: number): Client {
  const pool = new Pool(base, { connections, pipelining: 1 });
  const request: Client['request'] = async (method, url, body, extra) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, ...extra };
    const account = accountId();
    if (account) headers['service-account'] = account;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await pool.request({ method, path: url, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.statusCode, text: await res.body.text() };
  };
  return {
    request,
    async call(method, url, body) {
      const { status, text } = await request(method, url, body);
      if (status !== 200) throw new Error(`${method} ${url}: ${status} ${text}`);
      return JSON.parse(text);
    },
    close: () => pool.close(),
  };
}

/** A resource and its weekly schedule (from 2020 on), made through the API; its id. */
export async function openResource(c: Client, body: Record<string, unknown>, week: Record<string, unknown>): Promise<string> {
  const r = await c.call('POST', '/v1/resources', body);
  await c.call('POST', '/v1/schedules', { resource: r.id, effective_from: '2020-01-06', weeks: [week] });
  return r.id as string;
}
