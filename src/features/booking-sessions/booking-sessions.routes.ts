/** The key side of booking sessions (docs/elements.md): create, list, read, expire early. */
import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { DateTime, IdParams, ListOf, ListQuery, Metadata, MetadataInput, Nullable } from '../../http/schemas.js';
import { CustomerObject } from '../../capacity/index.js';
import { SearchSegmentSchema } from '../availability/index.js';
import { CUSTOMER_FIELDS, DEFAULT_HOLD_MINUTES, type BookingSessionsService } from './booking-sessions.service.js';

const CustomerField = Type.Union([Type.Literal('name'), Type.Literal('email'), Type.Literal('phone'), Type.Literal('locale'), Type.Literal('time_zone')]);

export const BookingSessionSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('booking_session'),
    livemode: Type.Boolean(),
    status: Type.Union([Type.Literal('open'), Type.Literal('completed'), Type.Literal('expired')], {
      description: 'open until expires_at (or an early expire); completed once its booking is confirmed or requested.',
    }),
    segments: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'The segment template, as given.' }),
    search: Type.Object({
      from: Type.String({ format: 'date-time' }),
      to: Type.String({ format: 'date-time' }),
      timezone: Nullable(Type.String()),
      slot_interval_minutes: Nullable(Type.Integer()),
    }),
    hold_minutes: Type.Integer(),
    customer: Nullable(Type.Object({}, { additionalProperties: true, description: 'The prefill, as given.' })),
    customer_fields: Type.Array(Type.String(), { description: `Of ${CUSTOMER_FIELDS.join(', ')}.` }),
    allowed_origins: Type.Array(Type.String()),
    return_url: Nullable(Type.String()),
    booking: Nullable(Type.String({ description: 'The booking it holds now, then the one it completed with.' })),
    metadata: Metadata,
    client_secret: Type.Optional(Type.String({ description: 'Only in the response that creates it: only its hash is stored.' })),
    url: Type.Optional(Type.String({ description: 'Only in the response that creates it: the hosted booking page of this session.' })),
    expires_at: Type.String({ format: 'date-time' }),
    completed_at: Nullable(Type.String({ format: 'date-time' })),
    expired_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
  },
  {
    examples: [
      {
        id: 'bs_01m85jq3k1z0ybn2kq4v7w1d9e',
        object: 'booking_session',
        livemode: false,
        status: 'open',
        segments: [{ resources: ['res_01m809wbg04f9bssvzxa1m8tjc'], duration_minutes: 60 }],
        search: { from: '2027-04-20T00:00:00Z', to: '2027-05-04T00:00:00Z', timezone: null, slot_interval_minutes: 30 },
        hold_minutes: 10,
        customer: { reference: 'cus_42', email: 'ada@example.com' },
        customer_fields: ['name', 'email'],
        allowed_origins: ['https://shop.example'],
        return_url: 'https://shop.example/booked',
        booking: null,
        metadata: {},
        client_secret: 'bks_01m85jq3k1z0ybn2kq4v7w1d9e_01m85jp4bcsv76wxebd5kv6mcy_Qm9va2luZyBzZXNzaW9uIHNlY3JldCE',
        url: 'https://scheduling.example.com/book/bks_01m85jq3k1z0ybn2kq4v7w1d9e_01m85jp4bcsv76wxebd5kv6mcy_Qm9va2luZyBzZXNzaW9uIHNlY3JldCE',
        expires_at: '2027-04-20T10:30:00Z',
        completed_at: null,
        expired_at: null,
        created_at: '2027-04-20T10:00:00Z',
      },
    ],
  },
);

const access = { account: 'required', permission: 'bookings' } as const;
const tags = ['Booking sessions'];

const CLIENT_SECRET_USE =
  'The client secret (`bks_…`) goes in `Authorization: Bearer` on the same routes keys use, and allows exactly: `GET /v1/booking_sessions/{id}` (its own session, without metadata, with `business`), `POST /v1/availability` (body `{from?, to?, limit?}`: the template, inside the window), `POST /v1/bookings` (body `{start, customer?}`: holds that slot as a pending booking made for the customer, releasing the hold it had), `POST /v1/bookings/{id}` (body `{customer}`: only `customer_fields`), `POST /v1/bookings/{id}/confirm` (confirms, or leaves a `requested` booking to approval; completes the session) and `GET /v1/bookings/{id}` (its booking). Every other route answers 403 `permission_denied`; an ended session answers 401 `booking_session_expired`. Browsers may call it only from `allowed_origins` (CORS) or the hosted page. Those operations list the `clientSecret` security scheme and describe the bodies a client secret sends. docs/elements.md.';

export function bookingSessionRoutes(app: App, service: BookingSessionsService) {
  app.post('/v1/booking_sessions', {
    config: { access, replayOmits: ['client_secret', 'url'] },
    schema: {
      tags,
      summary: 'Create a booking session: a short-lived client secret for an embedded booker or the hosted booking page',
      description: CLIENT_SECRET_USE,
      body: Type.Object(
        {
          segments: Type.Array(SearchSegmentSchema, { minItems: 1, maxItems: 20, description: 'The segment template, as a search takes it: durations, candidates or type, quantity, buffers.' }),
          from: Type.Optional(DateTime('Earliest slot start offered (default: now).')),
          to: Type.Optional(DateTime('Latest slot end offered (default: 14 days after from; at most 366 days after it).')),
          timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "The grid's time zone (default: the account's)." })),
          slot_interval_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, description: 'The grid (default 15).' })),
          hold_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, description: `How long a chosen slot is held while the person fills in their details (default ${DEFAULT_HOLD_MINUTES}; never past the session's end).` })),
          customer: Type.Optional(CustomerObject),
          customer_fields: Type.Optional(
            Type.Array(CustomerField, { maxItems: 5, description: 'The customer fields the person may fill in (default name and email; name and email, when allowed, are needed to confirm).' }),
          ),
          allowed_origins: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20, description: 'Origins whose pages may use the client secret (CORS), e.g. https://shop.example.' })),
          return_url: Type.Optional(Type.String({ maxLength: 2000, description: 'Where the hosted page sends the person once booked.' })),
          metadata: Type.Optional(MetadataInput),
          expires_at: Type.Optional(DateTime('When the session ends: default 30 minutes from now, at most 24 hours.')),
        },
        {
          additionalProperties: false,
          examples: [
            {
              segments: [{ resources: ['res_01m809wbg04f9bssvzxa1m8tjc'], duration_minutes: 60 }],
              slot_interval_minutes: 30,
              customer: { reference: 'cus_42', email: 'ada@example.com' },
              allowed_origins: ['https://shop.example'],
              return_url: 'https://shop.example/booked',
            },
          ],
        },
      ),
      response: { 200: BookingSessionSchema },
    },
    handler: (req) => service.create(accountScope(req), req.auth.apiVersion, req.body, `${req.protocol}://${req.host}`),
  });

  app.get('/v1/booking_sessions', {
    config: { access },
    schema: { tags, summary: 'List booking sessions, newest first', querystring: ListQuery({}, { metadata: false }), response: { 200: ListOf(BookingSessionSchema) } },
    handler: (req) => service.list(accountScope(req), req.query),
  });

  app.get('/v1/booking_sessions/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a booking session', params: IdParams, response: { 200: BookingSessionSchema } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });

  app.post('/v1/booking_sessions/:id/expire', {
    config: { access },
    schema: {
      tags,
      summary: 'Expire an open booking session now: its client secret stops working and its hold is released (booking_session.expired)',
      params: IdParams,
      response: { 200: BookingSessionSchema },
    },
    handler: (req) => service.expire(accountScope(req), req.params.id),
  });
}
