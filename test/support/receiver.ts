import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver saw it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  /** What the receiver answered (null when it hung or was closed before answering). */
  answered: number | null;
  /** When the whole request had arrived (Date.now()). */
  receivedAt: number;
}

export type ReceiverMode =
  | { kind: 'status'; status: number }
  /** Read the request, never answer (until the receiver is closed). */
  | { kind: 'hang' }
  | { kind: 'redirect'; location: string };

/**
 * A real HTTP receiver on 127.0.0.1 (port 0) for webhook tests. It records every request
 * and answers according to its mode: a status (200 by default, 500, 410, …), a redirect,
 * or hanging past the sender's timeout. `script` queues one-off answers before the mode
 * applies again. `close()` makes it unreachable; `reopen()` listens again on the same port.
 */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  mode: ReceiverMode = { kind: 'status', status: 200 };
  private queue: ReceiverMode[] = [];
  private server: http.Server;
  private hanging = new Set<http.ServerResponse>();
  port = 0;

  private constructor() {
    this.server = this.makeServer();
  }

  static async start(): Promise<Receiver> {
    const r = new Receiver();
    await r.listen(0);
    return r;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Answer 200 from now on. */
  ok() {
    this.mode = { kind: 'status', status: 200 };
    return this;
  }
  status(status: number) {
    this.mode = { kind: 'status', status };
    return this;
  }
  hang() {
    this.mode = { kind: 'hang' };
    return this;
  }
  redirect(location: string) {
    this.mode = { kind: 'redirect', location };
    return this;
  }
  /** One-off answers for the next requests, in order, before the mode applies again. */
  script(...modes: ReceiverMode[]) {
    this.queue.push(...modes);
    return this;
  }

  /** Requests carrying this event id (webhook-id header). */
  forEvent(eventId: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.headers['webhook-id'] === eventId);
  }

  private makeServer() {
    return http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = undefined;
        try {
          parsed = JSON.parse(body);
        } catch {
          /* not JSON */
        }
        const record: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, json: parsed, answered: null, receivedAt: Date.now() };
        this.requests.push(record);
        const mode = this.queue.shift() ?? this.mode;
        if (mode.kind === 'hang') {
          this.hanging.add(res);
          res.on('close', () => this.hanging.delete(res));
          return;
        }
        if (mode.kind === 'redirect') {
          record.answered = 302;
          res.writeHead(302, { location: mode.location }).end();
          return;
        }
        record.answered = mode.status;
        res.writeHead(mode.status, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  /** Stops listening and drops every connection (hanging requests included). */
  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Listens again on the same port after `close()`. */
  async reopen(): Promise<void> {
    this.server = this.makeServer();
    await this.listen(this.port);
  }
}

/** Polls `check` until it returns a truthy value or the deadline passes (no timing assertions). */
type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export async function eventually<T>(check: () => Promise<T> | T, { timeoutMs = 20_000, intervalMs = 50, what = 'condition' } = {}): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as Truthy<T>;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
