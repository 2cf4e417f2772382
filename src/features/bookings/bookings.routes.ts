import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { DateOnly, DateTime, EmptyBody, Id, IdParams, ListOf, ListQuery, MetadataInput, Nullable, metadataFilters } from '../../http/schemas.js';
import type { BookingsService } from './bookings.service.js';
import { ApiError } from '../../lib/errors.js';
import { POLICIES_VERSION, RETURNING_VERSION, versionHas } from '../../lib/api-versions.js';
import { assertFieldsOfVersion } from '../../http/request-guards.js';
import type { FastifyRequest } from 'fastify';
import { PAYMENT_DESCRIPTION, PaymentBodySchema, PaymentSchema } from './bookings.schemas.js';
import { assertSegmentsOfPlannerVersion, BookingCancelBody, BookingCreateBody, OverridePolicy, BookingSchema, BookingStatusSchema, CancelBody, CustomerInput, CustomerReferenceFilter, ExpiresAt, ImportStatusSchema, PolicySchema, PreferPreviousResource, Seats, SegmentInput, Segments, WaitlistInput } from './bookings.schemas.js';

const access = { account: 'required', permission: 'bookings' } as const;

/** override_policy is a secret key's alone: a restricted key (or a door acting for the customer) cannot pass it. */
function overridePolicy(req: FastifyRequest, asked: boolean | undefined): boolean {
  if (asked !== true) return false;
  if (req.auth?.permissions !== null) throw new ApiError('permission_denied', 'Only a secret key may pass override_policy.', 'override_policy');
  return true;
}
const tags = ['Bookings'];

export function bookingRoutes(app: App, service: BookingsService) {
  app.post('/v1/bookings', {
    config: { access },
    schema: {
      tags,
      summary: 'Create a booking (409 booking_conflict with `conflicts` when its conflict_policy refuses it)',
      body: BookingCreateBody,
      response: { 200: BookingSchema },
    },
    handler: (req) => {
      assertFieldsOfVersion(req, ['prefer_previous_resource'], RETURNING_VERSION);
      assertSegmentsOfPlannerVersion(req, 'segments');
      return service.create(accountScope(req), req.body);
    },
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
                status: Type.Optional(ImportStatusSchema),
                seats: Type.Optional(Nullable(Seats)),
                metadata: Type.Optional(MetadataInput),
                created_at: Type.Optional(DateTime('When the booking was made (not in the future); default now.')),
                conflict_policy: Type.Optional(PolicySchema),
                customer: Type.Optional(CustomerInput),
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
    handler: (req) => {
      assertSegmentsOfPlannerVersion(req, 'bookings[].segments');
      return service.import(accountScope(req), req.body.bookings);
    },
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
        ...CustomerReferenceFilter,
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
      const requestedAsPending = !versionHas(req.auth.apiVersion, POLICIES_VERSION);
      return service.list(accountScope(req), { ...filters, requestedAsPending }, { limit, starting_after, ending_before }, metadataFilters(req.query));
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
        {
          expires_at: Type.Optional(ExpiresAt),
          seats: Type.Optional(Nullable(Seats)),
          ...WaitlistInput,
          metadata: Type.Optional(MetadataInput),
          customer: Type.Optional(CustomerInput),
        },
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
      body: Type.Object(
        {
          segments: Segments,
          conflict_policy: Type.Optional(PolicySchema),
          override_policy: Type.Optional(OverridePolicy),
          prefer_previous_resource: Type.Optional(PreferPreviousResource("the booking's own (400 parameter_invalid when it has none)")),
        },
        { additionalProperties: false },
      ),
      response: { 200: BookingSchema },
    },
    handler: (req) => {
      assertFieldsOfVersion(req, ['prefer_previous_resource'], RETURNING_VERSION);
      assertSegmentsOfPlannerVersion(req, 'segments');
      return service.reschedule(accountScope(req), req.params.id, { ...req.body, override_policy: overridePolicy(req, req.body.override_policy) });
    },
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
    schema: {
      tags,
      summary: 'Cancel a requested, pending or confirmed booking (409 policy_violation inside the cancel window of its booking policy)',
      params: IdParams,
      body: BookingCancelBody,
      response: { 200: BookingSchema },
    },
    handler: (req) =>
      service.transition(accountScope(req), req.params.id, 'cancel', {
        reason: req.body?.reason,
        overridePolicy: overridePolicy(req, req.body?.override_policy),
      }),
  });
  const ChargeParams = Type.Object({ id: Id('Booking id'), charge: Id('Charge id (chg_…)') }, { additionalProperties: false });
  for (const [verb, to] of [['settle', 'settled'], ['waive', 'waived']] as const) {
    app.post(`/v1/bookings/:id/charges/:charge/${verb}`, {
      config: { access },
      schema: {
        tags,
        summary: `Mark a due charge of the booking ${to} (409 invalid_state_transition when it is not due)`,
        params: ChargeParams,
        body: EmptyBody,
        response: { 200: BookingSchema },
      },
      handler: (req) => service.closeCharge(accountScope(req), req.params.id, req.params.charge, to),
    });
  }
  app.post('/v1/bookings/:id/approve', {
    config: { access },
    schema: {
      tags,
      summary: 'Approve a requested booking: it is confirmed (booking.approved)',
      params: IdParams,
      body: EmptyBody,
      response: { 200: BookingSchema },
    },
    handler: (req) => service.transition(accountScope(req), req.params.id, 'approve'),
  });
  app.post('/v1/bookings/:id/decline', {
    config: { access },
    schema: {
      tags,
      summary: 'Decline a requested booking, with a reason: it is cancelled and its time freed (booking.declined)',
      params: IdParams,
      body: CancelBody,
      response: { 200: BookingSchema },
    },
    handler: (req) => service.transition(accountScope(req), req.params.id, 'decline', { reason: req.body?.reason }),
  });
  app.post('/v1/bookings/:id/payments', {
    config: { access },
    schema: {
      tags,
      summary: "Record a payment of the booking's deposit (idempotent on provider and reference); the booking is confirmed once the deposit is paid",
      description: PAYMENT_DESCRIPTION,
      params: IdParams,
      body: PaymentBodySchema,
      response: { 200: PaymentSchema },
    },
    handler: (req) => service.recordPayment(accountScope(req), req.params.id, req.body),
  });
}
