import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { EmptyBody, IdParams, ListOf, ListQuery, MetadataInput, metadataFilters } from '../../http/schemas.js';
import { AttendeeSchema, AttendeeStatusSchema, CancelBody, CustomerInput, CustomerReferenceFilter, ExpiresAt } from './bookings.schemas.js';
import type { AttendeesService } from './attendees.service.js';
import { versionHas, WAITLIST_VERSION } from '../../lib/api-versions.js';

// Attendees belong to bookings: the same permission family.
const access = { account: 'required', permission: 'bookings' } as const;
const tags = ['Attendees'];

const AttendeeBody = Type.Object(
  {
    seats: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, description: 'Seats this attendee takes (default 1).' })),
    status: Type.Optional(
      Type.Union([Type.Literal('pending'), Type.Literal('confirmed')], {
        description: 'Default: confirmed. Not used when the attendee is waitlisted: promotion sets its status (docs/waitlists.md).',
      }),
    ),
    expires_at: Type.Optional(ExpiresAt),
    metadata: Type.Optional(MetadataInput),
    customer: Type.Optional(CustomerInput),
  },
  { additionalProperties: false },
);

export function attendeeRoutes(app: App, service: AttendeesService) {
  app.post('/v1/bookings/:id/attendees', {
    config: { access },
    schema: {
      tags,
      summary:
        'Add an attendee to a booking with seats: seated, or waitlisted when the seats are full and the waitlist has room (409 seats_exhausted otherwise, or when the booking has no seats)',
      params: IdParams,
      body: AttendeeBody,
      response: { 200: AttendeeSchema },
    },
    // A client pinned before waitlists is refused when the seats are full, as before them.
    handler: (req) => service.create(accountScope(req), req.params.id, req.body ?? {}, versionHas(req.auth!.apiVersion, WAITLIST_VERSION)),
  });

  app.get('/v1/bookings/:id/attendees', {
    config: { access },
    schema: {
      tags,
      summary: "List a booking's attendees, newest first",
      params: IdParams,
      querystring: ListQuery({ status: Type.Optional(AttendeeStatusSchema), ...CustomerReferenceFilter }),
      response: { 200: ListOf(AttendeeSchema) },
    },
    handler: (req) => service.list(
        accountScope(req),
        req.params.id,
        { status: req.query.status, customerReference: req.query['customer.reference'] },
        req.query,
        metadataFilters(req.query),
      ),
  });

  app.get('/v1/attendees/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve an attendee', params: IdParams, response: { 200: AttendeeSchema } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });

  app.post('/v1/attendees/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Update an attendee: seats, expires_at (pending only), metadata; status "confirmed" confirms a pending one',
      params: IdParams,
      body: AttendeeBody,
      response: { 200: AttendeeSchema },
    },
    handler: (req) => service.update(accountScope(req), req.params.id, req.body ?? {}),
  });

  const actions = [
    ['confirm', 'Confirm a pending attendee'],
    ['complete', 'Mark a confirmed attendee completed (once the booking has started)'],
    ['no_show', 'Mark a confirmed attendee as a no-show (once the booking has started)'],
  ] as const;
  for (const [action, summary] of actions) {
    app.post(`/v1/attendees/:id/${action}`, {
      config: { access },
      schema: { tags, summary, params: IdParams, body: EmptyBody, response: { 200: AttendeeSchema } },
      handler: (req) => service.transition(accountScope(req), req.params.id, action),
    });
  }
  app.post('/v1/attendees/:id/cancel', {
    config: { access },
    schema: { tags, summary: 'Cancel an attendee', params: IdParams, body: CancelBody, response: { 200: AttendeeSchema } },
    handler: (req) => service.transition(accountScope(req), req.params.id, 'cancel', req.body?.reason),
  });
}
