import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ping, type Db } from '../db/connect.js';

/**
 * The HTTP face of a `scheduling worker` process, which serves no API: `GET /healthz`
 * (the process runs) and `GET /readyz` (its database answers), the same answers as the
 * API's, so one container health check and one probe configuration fit every role.
 */
export interface HealthServer {
  port: number;
  /** Stops accepting and closes idle connections; resolves when every connection is gone. */
  close(): Promise<void>;
  closeAllConnections(): void;
}

export async function startHealthServer(db: Db, options: { host: string; port: number }): Promise<HealthServer> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    const path = (req.url ?? '/').split('?')[0];
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    if (readOnly && path === '/healthz') return send(200, { status: 'ok' });
    if (readOnly && path === '/readyz') {
      void ping(db).then((up) => (up ? send(200, { status: 'ok', database: db.kind }) : send(503, { status: 'unavailable', database: db.kind })));
      return;
    }
    // The error shape of the API (docs/api-conventions.md), for the one error a worker has.
    send(404, { error: { type: 'invalid_request_error', code: 'url_invalid', message: `A worker serves no API: ${req.method} ${path} is not here (GET /healthz and GET /readyz are).`, param: null, request_id: null } });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
    closeAllConnections: () => server.closeAllConnections(),
  };
}
