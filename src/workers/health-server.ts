import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ping, type Db } from '../db/connect.js';
import type { Metrics } from '../metrics/registry.js';
import { metricsTokenCheck } from '../metrics/token.js';

/**
 * The HTTP face of a `scheduling worker` process, which serves no API: `GET /healthz`
 * (the process runs) and `GET /readyz` (its database answers), the same answers as the
 * API's, so one container health check and one probe configuration fit every role. With a
 * `METRICS_TOKEN`, also `GET /metrics` (docs/metrics.md): the webhook attempts, worker lag and
 * pool of a worker are seen where they happen.
 */
export interface HealthServer {
  port: number;
  /** Stops accepting and closes idle connections; resolves when every connection is gone. */
  close(): Promise<void>;
  closeAllConnections(): void;
}

export interface HealthServerOptions {
  host: string;
  port: number;
  /** The process's metrics, served at /metrics when metricsToken is set. */
  metrics?: Metrics;
  metricsToken?: string | null;
}

const apiError = (type: string, code: string, message: string) => ({ error: { type, code, message, param: null, request_id: null } });

export async function startHealthServer(db: Db, options: HealthServerOptions): Promise<HealthServer> {
  const { metrics, metricsToken } = options;
  const checkToken = metrics && metricsToken ? metricsTokenCheck(metricsToken) : null;
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    const path = (req.url ?? '/').split('?')[0];
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    if (readOnly && path === '/healthz') return send(200, { status: 'ok' });
    if (readOnly && path === '/readyz') {
      void ping(db).then((up) => (up ? send(200, { status: 'ok', database: db.kind }) : send(503, { status: 'unavailable', database: db.kind })));
      return;
    }
    if (readOnly && path === '/metrics' && checkToken && metrics) {
      const verdict = checkToken(req.headers.authorization);
      if (verdict === 'missing') return send(401, apiError('authentication_error', 'api_key_missing', 'Metrics need `Authorization: Bearer <METRICS_TOKEN>`.'));
      if (verdict === 'invalid') return send(401, apiError('authentication_error', 'api_key_invalid', 'Invalid metrics token.'));
      void metrics.render().then(
        (body) => res.writeHead(200, { 'content-type': metrics.contentType }).end(body),
        () => send(500, apiError('api_error', 'internal_error', 'The metrics could not be read.')),
      );
      return;
    }
    // The error shape of the API (docs/api-conventions.md), for the one error a worker has.
    const served = checkToken ? 'GET /healthz, /readyz and /metrics are' : 'GET /healthz and GET /readyz are';
    send(404, apiError('invalid_request_error', 'url_invalid', `A worker serves no API: ${req.method} ${path} is not here (${served}).`));
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
