/**
 * The client secret's side of booking sessions (docs/elements.md#the-client-secret): the same
 * paths as the keys' routes, served to a request whose bearer is a client secret (the router's
 * `credential` constraint, src/http/auth.ts). Each declares its `session` operation; auth lets a
 * client secret reach nothing else. Hidden as operations of their own, where the paths already
 * belong to the keys' routes: the OpenAPI document merges each into the keys' operation of the
 * same method and path (src/http/openapi.ts), with its `description` (what the client secret may
 * do there), its body and any response it declares as the client secret's alternative.
 */
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/server.js';
import { accountScope, type RouteAccess } from '../../http/context.js';
import { DateTime, IdParams } from '../../http/schemas.js';
import { ApiError } from '../../lib/errors.js';
import { BookingSessionSchema } from './booking-sessions.routes.js';
import type { BookingSessionsService } from './booking-sessions.service.js';

const constraints = { credential: 'booking_session' };
const schema = { hide: true } as const;
// The same family and level as the keys' route of each path: a list of the routes reads them alike.
const as = (session: RouteAccess['session'], permission: RouteAccess['permission'] = 'bookings', level?: 'read') =>
  ({ access: { account: 'required', permission, session, ...(level ? { level } : {}) } }) as const;
const sessionOf = (req: FastifyRequest) => req.auth.bookingSession!;

const Text = (max: number) => Type.Optional(Type.String({ minLength: 1, maxLength: max }));
const CustomerFields = Type.Object(
  { name: Text(200), email: Text(254), phone: Text(16), locale: Text(35), time_zone: Text(64) },
  { additionalProperties: false },
);

/**
 * The session as its client secret reads it: no metadata, and the business's name. Every field of
 * the keys' session is kept (client_secret and url are absent there too, outside the response that
 * creates it), so a key's reading of the typed client's union still sees all of them.
 */
const SessionAsClientSecretSees = Type.Object({
  ...BookingSessionSchema.properties,
  metadata: Type.Object({}, { additionalProperties: false, description: "Always empty: the platform's metadata stays with the platform." }),
  business: Type.Object({
    name: Type.String({ description: "The business's display name." }),
    accent_color: Type.Union([Type.String(), Type.Null()], { description: "The business's accent colour, for the booker's theme." }),
  }),
});

const WITH_CLIENT_SECRET = "With a booking session's client secret (`bks_…`; no `Service-Account`: the session names the account)";

/** The paths a browser calls with a client secret: their preflight (CORS) is answered here. */
const PATHS = ['/v1/booking_sessions/:id', '/v1/availability', '/v1/bookings', '/v1/bookings/:id', '/v1/bookings/:id/confirm'];

export function bookingSessionClientRoutes(app: App, service: BookingSessionsService) {
  app.get('/v1/booking_sessions/:id', {
    constraints,
    config: as('read'),
    schema: {
      ...schema,
      description: `${WITH_CLIENT_SECRET}: reads its own session only (any other id: 404), without its metadata and with the business's name and accent colour.`,
      params: IdParams,
      response: { 200: SessionAsClientSecretSees },
    },
    handler: (req) => service.own(accountScope(req), sessionOf(req), req.params.id),
  });

  app.post('/v1/availability', {
    constraints,
    config: as('search', 'availability', 'read'),
    schema: {
      ...schema,
      description: `${WITH_CLIENT_SECRET}: searches the session's segment template inside its search window (from and to are clipped to it); the body names only the part of the window and the page size.`,
      body: Type.Object(
        { from: Type.Optional(DateTime()), to: Type.Optional(DateTime()), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) },
        { additionalProperties: false },
      ),
    },
    handler: (req) => service.search(accountScope(req), sessionOf(req), req.body),
  });

  app.post('/v1/bookings', {
    constraints,
    config: as('hold'),
    schema: {
      ...schema,
      description: `${WITH_CLIENT_SECRET}: holds the slot at \`start\` (one the session's search offers) as a pending booking made for the customer, for the session's hold_minutes, releasing the hold it had; only the customer fields the session allows. A time no longer offered: 409 booking_conflict.`,
      body: Type.Object({ start: DateTime(), customer: Type.Optional(CustomerFields) }, { additionalProperties: false }),
    },
    handler: (req) => service.hold(accountScope(req), sessionOf(req), req.body),
  });

  app.get('/v1/bookings/:id', {
    constraints,
    config: as('read'),
    schema: { ...schema, description: `${WITH_CLIENT_SECRET}: reads the booking its session holds or completed with (any other: 404), also after the session is completed.`, params: IdParams },
    handler: (req) => service.read(accountScope(req), sessionOf(req), req.params.id),
  });

  app.post('/v1/bookings/:id', {
    constraints,
    config: as('fill'),
    schema: {
      ...schema,
      description: `${WITH_CLIENT_SECRET}: fills in the customer of the booking it holds, only in the session's customer_fields (any other field: 400).`,
      params: IdParams,
      body: Type.Object({ customer: CustomerFields }, { additionalProperties: false }),
    },
    handler: (req) => service.fill(accountScope(req), sessionOf(req), req.params.id, req.body),
  });

  app.post('/v1/bookings/:id/confirm', {
    constraints,
    config: as('confirm'),
    schema: {
      ...schema,
      description: `${WITH_CLIENT_SECRET}: confirms the booking it holds, or leaves a \`requested\` one to the business's approval or a hold awaiting its deposit; either way the session is completed. name and email must be filled in first when the session asks for them.`,
      params: IdParams,
    },
    handler: (req) => service.confirm(accountScope(req), sessionOf(req), req.params.id),
  });

  // A preflight carries no Authorization, so it cannot name its session: it is answered with
  // leave to send the request only for an origin that some open session allows; from any other
  // origin it gets no CORS header (403), and the browser sends nothing. The request itself is
  // then checked against its own session's allowed_origins (src/http/auth.ts).
  for (const path of PATHS) {
    // Limited per client address: each preflight asks the database, and carries no key to count against.
    app.options(path, { config: { access: { public: true, limitPerAddress: true, account: 'none', permission: 'bookings' } }, schema }, async (req, reply) => {
      const origin = req.headers.origin;
      // The answer depends on the origin: a shared cache must keep one per origin.
      reply.header('Vary', 'Origin');
      if (!origin || !(await service.preflightAllows(origin))) {
        throw new ApiError('permission_denied', `No open booking session allows requests from origin '${origin ?? ''}': add it to the session's allowed_origins.`);
      }
      return reply
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Allow-Methods', 'GET, POST')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, Service-Version')
        .header('Access-Control-Max-Age', '600')
        .code(204)
        .send();
    });
  }
}
