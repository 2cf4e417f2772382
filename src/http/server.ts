import Fastify, { LogController, type FastifyInstance, type FastifyError, type FastifyReply, type FastifyRequest, type RouteHandlerMethod, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import type { Logger } from 'pino';
import type { DbHandle } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import { newId, ID_PREFIX } from '../lib/ids.js';
import { ApiError, RETRY_AFTER_SECONDS, databaseUnavailable, errorBody, isDatabaseUnavailable } from '../lib/errors.js';
import { validationError, lazyValidators } from './validation.js';
import { allowedCorsOrigin, authenticate, credentialConstraint, lookupKey, type KeyLookup } from './auth.js';
import { findActiveKey } from '../tenancy/api-keys.repository.js';
import { rateLimitHook } from './rate-limit/hook.js';
import type { RateLimiter } from './rate-limit/limiter.js';
import type { RequestMeter } from '../metering/index.js';
import type { Metrics } from '../metrics/registry.js';
import { requestRecorder } from './metrics.js';
import { claimIdempotencyKey, settleIdempotencyKey } from './idempotency.js';
import { renderErrorInVersion, renderInVersion, LATEST_API_VERSION, type ApiVersion } from '../lib/api-versions.js';
import { assertObjectBody, assertStorableText, assertNoUndeclaredParameters } from './request-guards.js';
import { openApiTransforms, recordRoute } from './openapi.js';
import { clientErrorHandler, MAX_HEADER_BYTES } from './client-errors.js';
import type { RouteAccess } from './context.js';
import { asTheRequestsActor } from './actor.js';

export const BODY_LIMIT = 1024 * 1024;

export type App = FastifyInstance<any, any, any, any, TypeBoxTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles the request validators no request has needed yet (serve runs it once listening). */
    compilePendingValidators(): Promise<void>;
  }
}

export interface ServerDeps {
  db: DbHandle;
  logger: Logger | false;
  clock: Clock;
  /** The OpenAPI tags, in order (each feature module declares its own). */
  tags?: readonly { name: string; description: string }[];
  /** Rate limits per platform and mode (docs/configuration.md); none: unlimited. */
  rateLimiter?: RateLimiter | null;
  /** Counts each authenticated request for usage (docs/usage.md). */
  requestMeter?: RequestMeter | null;
  /** Counts and times every response for GET /metrics (docs/metrics.md). */
  metrics?: Metrics | null;
  /** How keys are looked up: the repository, or an exact cache in front of it (PGlite). */
  keyLookup?: KeyLookup;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY; docs/configuration.md#rate-limits). */
  trustProxy?: readonly string[];
}

/**
 * The HTTP conventions, done once for every route (docs/api-conventions.md): request ids,
 * JSON-only bodies with a 1 MiB limit, strict validation, auth, Service-Account,
 * idempotency, version rendering, and the one error shape.
 */
export async function buildServer({ db, logger, clock, tags = [], rateLimiter = null, requestMeter = null, metrics = null, keyLookup = findActiveKey, trustProxy = [] }: ServerDeps): Promise<App> {
  const app = Fastify({
    // The client's address (req.ip) behind the listed proxies only: a client elsewhere cannot
    // pick its own rate-limit bucket with a forged X-Forwarded-For.
    trustProxy: trustProxy.length > 0 ? [...trustProxy] : false,
    loggerInstance: logger || undefined,
    logger: logger ? undefined : false,
    logController: new OneLineRequestLog(),
    bodyLimit: BODY_LIMIT,
    genReqId: () => newId(ID_PREFIX.request),
    // On SIGTERM the server stops accepting connections and finishes the requests in flight;
    // a request that still arrives on an open keep-alive connection is served (its response
    // carries `Connection: close`) rather than answered with a bare 503 outside our error shape.
    return503OnClosing: false,
    // Ids are at most 255 characters (schemas.ts `Id`); a longer path segment cannot name an object.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 255, constraints: { credential: credentialConstraint as never } },
    // Requests the HTTP parser refuses (headers over 16 KiB, malformed lines) get our shape too.
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler,
    // Errors raised by the router before any route runs still get the one error shape.
    frameworkErrors: (error, req, reply) => {
      reply.header('Request-Id', req.id);
      const apiError =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiError('resource_missing', 'No such object: the id in the URL is longer than any id.')
          : error.code === 'FST_ERR_BAD_URL'
            ? new ApiError('url_invalid', `Unrecognized request URL (${req.method}: ${String(req.url).split('?')[0]}).`)
            : new ApiError('internal_error', 'An internal error occurred. The request id identifies it in our logs.');
      (reply as FastifyReply).code(apiError.status).type('application/json').send(JSON.stringify(errorBody(apiError, req.id)));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Every route is recorded as it is added (tests check each one appears in the OpenAPI document).
  // Idempotency keys are claimed on POST routes that need a key, the only requests that can
  // carry one: other requests skip the hook (docs/performance.md, "Where the floor is").
  app.addHook('onRoute', (route) => {
    recordRoute(app, route);
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (access && !access.public && [route.method].flat().includes('POST')) {
      route.preHandler = [claimIdempotency, ...[route.preHandler ?? []].flat()] as RouteOptions['preHandler'];
    }
    route.handler = asTheRequestsActor(route.handler as RouteHandlerMethod);
  });
  const claimIdempotency = async (req: FastifyRequest, reply: FastifyReply) => {
    if (await claimIdempotencyKey(db, clock, req, reply)) return reply;
  };

  app.decorateRequest('auth', null as never);
  app.decorateRequest('accountId', null);
  app.decorateRequest('rawBody', undefined);
  app.decorateRequest('idempotency', null);

  const validators = lazyValidators();
  app.setValidatorCompiler(validators.compiler);
  // A stop must not wait behind background compilation (docs/deployment.md, "Stopping").
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.decorate('compilePendingValidators', () => validators.compilePending(() => closing));
  // Response schemas document the API; serialisation stays plain JSON so that version
  // rendering and extra fields are never silently dropped.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new ApiError('body_invalid_json', 'The request body is not valid JSON.'), undefined);
    }
    try {
      // Before anything walks the value: refuse what cannot be stored or nests too deep,
      // then anything but an object (a write's body is an object, or absent).
      assertStorableText(parsed);
      assertObjectBody(parsed);
    } catch (err) {
      return done(err as ApiError, undefined);
    }
    done(null, parsed);
  });
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (req, body, done) => {
    if ((body as string).length === 0) return done(null, undefined);
    const type = req.headers['content-type'];
    done(
      new ApiError(
        'content_type_unsupported',
        type ? `Content-Type '${type}' is not supported; send application/json.` : 'A request body needs `Content-Type: application/json`.',
      ),
      undefined,
    );
  });

  // One hook per step of a request where one will do: each hook is a turn of Fastify's hook
  // runner, paid by every request (docs/performance.md, "Where the floor is").
  const rateLimit = rateLimiter
    ? rateLimitHook(rateLimiter, async (req) => {
        const key = await lookupKey(db, req, keyLookup);
        return key ? { platformId: key.platform_id, livemode: key.livemode } : null;
      })
    : null;
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('Request-Id', req.id);
    if (!rateLimit) return done();
    rateLimit(req, reply).then(() => done(), done);
  });
  const recordMetrics = metrics ? requestRecorder(metrics) : null;
  app.addHook('onResponse', (req, reply, done) => {
    recordMetrics?.(req, reply);
    // Every request a key of the platform made counts, whatever its answer, except those the
    // rate limit refused (they did no work, and never got as far as auth).
    if (requestMeter && req.auth && reply.statusCode !== 429 && req.routeOptions.config.metered !== false) {
      requestMeter.count(req.auth.platformId, req.auth.livemode, req.accountId);
    }
    done();
  });

  app.addHook('preValidation', async (req) => {
    // A POST without a body is an empty object: actions and updates may have nothing to say.
    if (req.method === 'POST' && (req.body === undefined || req.body === null)) req.body = {};
    const access = req.routeOptions.config.access;
    if (!access || access.public) return;
    await authenticate(db, req, access, keyLookup, () => clock.now());
    // Path and query text goes to the database as is: refuse NUL and lone surrogates there
    // too (bodies: the parser).
    assertStorableText({ ...(req.params as object), ...(req.query as object) });
    assertNoUndeclaredParameters(req);
  });

  app.addHook('preSerialization', (req, reply, payload, done) => {
    if (reply.statusCode >= 400) return done(null, payload);
    const version = (req.auth?.apiVersion ?? LATEST_API_VERSION) as ApiVersion;
    const rendered = renderInVersion(payload, version);
    // The object does not exist in the client's version (docs/api-conventions.md#versions).
    if (rendered === null && payload !== null) return done(new ApiError('resource_missing', `No such object in API version ${version}.`));
    done(null, rendered);
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    // Set here rather than at serialisation so that replays and errors carry it too.
    if (req.auth) reply.header('Service-Version', req.auth.apiVersion);
    // A booking session's client secret, from one of its allowed origins (docs/elements.md#cors).
    const corsOrigin = allowedCorsOrigin(req);
    if (corsOrigin) reply.header('Access-Control-Allow-Origin', corsOrigin).header('Vary', 'Origin').header('Access-Control-Expose-Headers', 'Request-Id');
    if (!req.idempotency) return done(null, payload);
    settleIdempotencyKey(db, req, reply.statusCode, storedForReplay(String(payload ?? ''), req.routeOptions.config.replayOmits)).then(
      () => done(null, payload),
      done,
    );
  });

  app.setNotFoundHandler((req, reply) => {
    const err = new ApiError('url_invalid', `Unrecognized request URL (${req.method}: ${req.url.split('?')[0]}).`);
    reply.code(404).send(errorBody(err, req.id));
  });

  app.setErrorHandler((error: FastifyError & { validation?: unknown[]; validationContext?: string }, req, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) req.log.error({ err: error }, 'request failed');
    const retryAfter = RETRY_AFTER_SECONDS[apiError.code];
    if (retryAfter !== undefined && !reply.hasHeader('Retry-After')) reply.header('Retry-After', String(retryAfter));
    const version = (req.auth?.apiVersion ?? LATEST_API_VERSION) as ApiVersion;
    reply.code(apiError.status).send(renderErrorInVersion(errorBody(apiError, req.id), version));
  });

  await app.register(swagger, {
    ...openApiTransforms(),
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Scheduling API',
        version: LATEST_API_VERSION,
        description:
          'Scheduling as a service. New here? Follow **docs/quickstart.md** in the repository: from `npm install && npm start` to a confirmed booking and a verified webhook in ten minutes, with curl and with the typed client (`packages/client`). The web console is at [/console](/console/).\n\nAuthenticate with `Authorization: Bearer sk_test_…`; act for one business with `Service-Account: acct_…`. Errors follow one shape: `{error: {type, code, message, param, request_id}}`. A request body is a JSON object (or absent), nested at most 32 levels, with well-formed text; the request line and headers take at most 16 KiB; expensive requests have a cost budget (docs/limits.md). The docs/ folder of the repository explains the rules behind each behaviour.',
      },
      servers: [{ url: '/' }],
      tags: [...tags],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A secret (sk_…) or restricted (rk_…) key.',
          },
          clientSecret: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A booking session's client secret (bks_…), from POST /v1/booking_sessions: accepted only by the few operations a browser needs to book, which list it in their security (docs/elements.md#the-client-secret).",
          },
        },
      },
      security: [{ bearer: [] }],
    },
  });

  return app;
}

/**
 * One log line per request, when it completes, with the request (method, URL, client) and the
 * response (status, time): Fastify's default writes a second line as each request arrives,
 * which doubled the logging cost of every request (docs/configuration.md, "Health and logs").
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The response body kept for Idempotency-Key replays, without the fields a route never stores. */
function storedForReplay(body: string, omit: readonly string[] | undefined): string {
  if (!omit?.length) return body;
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    for (const field of omit) delete parsed[field];
    return JSON.stringify(parsed);
  } catch {
    return body;
  }
}

function toApiError(error: FastifyError & { validation?: unknown[]; validationContext?: string }): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation) return validationError(error.validation as never, error.validationContext);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('request_too_large', `Request bodies are limited to ${BODY_LIMIT} bytes.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('content_type_unsupported', 'Send request bodies as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError('body_invalid_json', 'The request body is not valid JSON.');
  }
  if (error.statusCode === 413) return new ApiError('request_too_large', `Request bodies are limited to ${BODY_LIMIT} bytes.`);
  if (error.statusCode === 415) return new ApiError('content_type_unsupported', 'Send request bodies as application/json.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError('parameter_invalid', error.message);
  }
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return new ApiError('internal_error', 'An internal error occurred. The request id identifies it in our logs.');
}
