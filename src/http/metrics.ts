import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Any fastify instance: the server's own type would make this file and server.ts import each other. */
type App = FastifyInstance<any, any, any, any, any>;
import { ApiError } from '../lib/errors.js';
import type { Metrics } from '../metrics/registry.js';
import { metricsTokenCheck } from '../metrics/token.js';

/**
 * Counts and times every response by route pattern (`/v1/bookings/:id`, never the raw URL, so
 * ids do not explode the label set). Requests that matched no route are `route="unmatched"`.
 */
export function instrumentRequests(app: App, metrics: Metrics): void {
  const record = requestRecorder(metrics);
  app.addHook('onResponse', (req, reply, done) => {
    record(req, reply);
    done();
  });
}

/** What `instrumentRequests` does for one response, for a server that runs it in its own hook. */
export function requestRecorder(metrics: Metrics) {
  return (req: FastifyRequest, reply: FastifyReply): void => {
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  };
}


/**
 * `GET /metrics` in the Prometheus text format, for a bearer token (`METRICS_TOKEN`), compared in
 * constant time. Without a token the route does not exist (404), so metrics are never public by
 * accident.
 */
export function metricsRoute(app: App, metrics: Metrics, token: string | null): void {
  if (!token) return;
  const check = metricsTokenCheck(token);
  app.get(
    '/metrics',
    {
      config: { access: { public: true, account: 'none', permission: 'accounts' } },
      schema: {
        tags: ['Operations'],
        summary: 'Metrics in the Prometheus text format (bearer METRICS_TOKEN; absent when METRICS_TOKEN is unset)',
        security: [{ bearer: [] }],
        produces: ['text/plain'],
      },
    },
    async (req, reply) => {
      const verdict = check(req.headers.authorization);
      if (verdict === 'missing') throw new ApiError('api_key_missing', 'Metrics need `Authorization: Bearer <METRICS_TOKEN>`.');
      if (verdict === 'invalid') throw new ApiError('api_key_invalid', 'Invalid metrics token.');
      const body = await metrics.render();
      return reply.type(metrics.contentType).send(body);
    },
  );
}
