import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { DateOnly, DateTime, EmptyBody, Id, IdParams, ListOf, ListQuery, MetadataInput, Nullable, metadataFilters } from '../../http/schemas.js';
import type { BookingsService } from './bookings.service.js';
import { BookingSchema, BookingStatusSchema, CancelBody, ExpiresAt, PolicySchema, Seats, SegmentInput, Segments, WaitlistInput } from './bookings.schemas.js';

const access = { account: 'required', permission: 'bookings' } as const;
const tags = ['Bookings'];

export function bookingRoutes(app: App, service: BookingsService) {
  app.post('/v1/bookings', {
    config: { access },
    schema: {
      tags,
      summary: 'Create a booking (409 booking_conflict with `conflicts` when its conflict_policy refuses it)',
      body: Type.Object(
        {
          segments: Segments,
          status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('confirmed')], { description: 'Default: confirmed.' })),
          expires_at: Type.Optional(ExpiresAt),
          seats: Type.Optional(Nullable(Seats)),
          ...WaitlistInput,
          conflict_policy: Type.Optional(PolicySchema),
          replaces: Type.Optional(Id('Reschedule this booking: it is cancelled with replaced_by, its attendees move here.')),
          metadata: Type.Optional(MetadataInput),
        },
        {
          additionalProperties: false,
          examples: [
            {
              segments: [
                {
                  resources: ['res_01m809wbg04f9bssvzxa1m8tjc', 'res_01m809wbg04f9bssvzxa1m8tjd'],
                  candidate_order: 'balanced',
                  start: '2027-03-10T10:00:00Z',
                  end: '2027-03-10T11:00:00Z',
                },
              ],
            },
          ],
        },
      ),
      response: { 200: BookingSchema },
    },
    handler: (req) => service.create(accountScope(req), req.body),
  });

  app.post('/v1/bookings/import', {
    config: { access },
    schema: {
      tags,
      summary: 'Import up to 100 bookings in any status, all or nothing (policy allow unless an item says otherwise)',
      description:
        'Cost: the segments of every booking, each counted once per candidate resource, at most 200 work units (100 bookings of two segments); over that, 400 parameter_invalid on `bookings`: split the import (docs/limits.md).',
      body: Type.Object(
        {
          bookings: Type.Array(
            Type.Object(
              {
                segments: Type.Array(SegmentInput, { minItems: 1, maxItems: 20 }),
                status: Type.Optional(BookingStatusSchema),
                seats: Type.Optional(Nullable(Seats)),
                metadata: Type.Optional(MetadataInput),
                created_at: Type.Optional(DateTime('When the booking was made (not in the future); default now.')),
                conflict_policy: Type.Optional(PolicySchema),
              },
              { additionalProperties: false },
            ),
            { minItems: 1, maxItems: 100 },
          ),
        },
        { additionalProperties: false },
      ),
      response: { 200: ListOf(BookingSchema) },
    },
    handler: (req) => service.import(accountScope(req), req.body.bookings),
  });

  app.get('/v1/bookings', {
    config: { access },
    schema: {
      tags,
      summary: 'List bookings (newest first by default)',
      querystring: ListQuery({
        status: Type.Optional(BookingStatusSchema),
        resource: Type.Optional(Id('Bookings with a segment on this resource')),
        location: Type.Optional(Id('Bookings with a segment at this location')),
        series: Type.Optional(Id('Occurrences of this series')),
        from: Type.Optional(DateTime('Bookings overlapping [from, to)')),
        to: Type.Optional(DateTime()),
        from_date: Type.Optional(DateOnly('Bookings overlapping these local dates (inclusive) in `timezone`')),
        to_date: Type.Optional(DateOnly()),
        timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "For from_date/to_date; default: the account's." })),
        conflicted: Type.Optional(Type.Boolean()),
        order: Type.Optional(
          Type.Union([Type.Literal('created'), Type.Literal('start'), Type.Literal('-start')], {
            description: '`created` (newest first, default), `start` (earliest first) or `-start`.',
          }),
        ),
      }),
      response: { 200: ListOf(BookingSchema) },
    },
    handler: (req) => {
      const { limit, starting_after, ending_before, ...rest } = req.query;
      const filters = Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith('metadata[')));
      return service.list(accountScope(req), filters, { limit, starting_after, ending_before }, metadataFilters(req.query));
    },
  });

  app.get('/v1/bookings/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a booking', params: IdParams, response: { 200: BookingSchema } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });

  app.post('/v1/bookings/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Update a booking: expires_at (pending only), seats (not below seats_taken: 409 seats_exhausted; more seats promote waitlisted attendees), the waitlist settings, metadata',
      params: IdParams,
      body: Type.Object(
        { expires_at: Type.Optional(ExpiresAt), seats: Type.Optional(Nullable(Seats)), ...WaitlistInput, metadata: Type.Optional(MetadataInput) },
        { additionalProperties: false },
      ),
      response: { 200: BookingSchema },
    },
    handler: (req) => service.update(accountScope(req), req.params.id, req.body ?? {}),
  });

  app.post('/v1/bookings/:id/reschedule', {
    config: { access },
    schema: {
      tags,
      summary: 'Reschedule: a new booking replaces this one (cancelled with replaced_by; attendees move). Returns the new booking.',
      params: IdParams,
      body: Type.Object({ segments: Segments, conflict_policy: Type.Optional(PolicySchema) }, { additionalProperties: false }),
      response: { 200: BookingSchema },
    },
    handler: (req) => service.reschedule(accountScope(req), req.params.id, req.body),
  });

  const actions = [
    ['confirm', 'Confirm a pending booking'],
    ['complete', 'Mark a confirmed booking completed (once it has started)'],
    ['no_show', 'Mark a confirmed booking as a no-show (once it has started)'],
  ] as const;
  for (const [action, summary] of actions) {
    app.post(`/v1/bookings/:id/${action}`, {
      config: { access },
      schema: { tags, summary, params: IdParams, body: EmptyBody, response: { 200: BookingSchema } },
      handler: (req) => service.transition(accountScope(req), req.params.id, action),
    });
  }
  app.post('/v1/bookings/:id/cancel', {
    config: { access },
    schema: { tags, summary: 'Cancel a pending or confirmed booking', params: IdParams, body: CancelBody, response: { 200: BookingSchema } },
    handler: (req) => service.transition(accountScope(req), req.params.id, 'cancel', req.body?.reason),
  });
}
