import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { DateTime, Id, IdParams, ListOf, ListQuery, Metadata, MetadataInput, Nullable } from '../../http/schemas.js';
import { BookingSchema } from '../bookings/index.js';
import { ApiError } from '../../lib/errors.js';
import { ERROR_PAGE_CSP, errorPage } from '../../http/error-page.js';
import { sendConsoleFile } from '../console/index.js';
import type { ManageLinksService } from './manage-links.service.js';

const ManageLinkSchema = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('manage_link'),
    livemode: Type.Boolean(),
    booking: Type.String({ description: 'The booking it was made for (the page follows a reschedule to the new booking).' }),
    status: Type.Union([Type.Literal('active'), Type.Literal('revoked'), Type.Literal('expired')]),
    url: Type.Optional(Type.String({ description: 'Only in the response that creates the link: the token is not stored, only its hash.' })),
    expires_at: Type.String({ format: 'date-time' }),
    revoked_at: Nullable(Type.String({ format: 'date-time' })),
    metadata: Metadata,
    created_at: Type.String({ format: 'date-time' }),
  },
  {
    examples: [
      {
        id: 'ml_01m85jq3k1z0ybn2kq4v7w1d9e',
        object: 'manage_link',
        livemode: false,
        booking: 'bk_01m85jph362zkz008a6ea9mxp7',
        status: 'active',
        url: 'https://scheduling.example.com/manage/acct_01m85jp4bcsv76wxebd5kv6mcy/mlt_Qm9va2luZyBsaW5rIHRva2VuIGV4YW1wbGU',
        expires_at: '2026-12-14T14:00:00Z',
        revoked_at: null,
        metadata: {},
        created_at: '2026-11-24T01:28:34Z',
      },
    ],
  },
);

const access = { account: 'required', permission: 'bookings' } as const;
const tags = ['Manage links'];
const LinkParams = Type.Object({ id: Id('Booking id'), link: Id('Manage link id') }, { additionalProperties: false });
const TokenParams = Type.Object(
  { account: Id('Account id (part of the link)'), token: Type.String({ minLength: 1, maxLength: 200, description: 'The secret of the link' }) },
  { additionalProperties: false },
);
const publicAccess = { access: { public: true, limitPerAddress: true, account: 'none', permission: 'bookings' } } as const;

const ManageViewSchema = Type.Object({
  object: Type.Literal('manage_view'),
  link: Type.Object({ id: Type.String(), expires_at: Type.String({ format: 'date-time' }) }),
  booking: BookingSchema,
  can_change: Type.Boolean({ description: 'Whether it can still be cancelled or moved (pending or confirmed, not started).' }),
  business: Type.Object({
    name: Type.String({ description: "The account's display_name, else its name." }),
    accent_color: Nullable(Type.String({ description: "The account's accent_color (`#rrggbb`), or null." })),
  }),
  segments: Type.Array(
    Type.Object({
      resource: Type.String(),
      resource_name: Nullable(Type.String()),
      timezone: Type.String({ description: "The resource's time zone: the page shows the segment's times in it." }),
      location: Nullable(Type.Object({ id: Type.String(), name: Type.String() }, { description: "The segment's location, else the resource's default_location." })),
    }),
    { description: "The booking's segments, named, in order." },
  ),
  locale: Nullable(Type.String({ description: "The customer's locale (since 2027-02-01): the page speaks it when it can." })),
  time_zone: Nullable(Type.String({ description: "The customer's time zone (since 2027-02-01): the page shows times in it." })),
});

export function manageLinkRoutes(app: App, service: ManageLinksService) {
  app.post('/v1/bookings/:id/manage_links', {
    config: { access, replayOmits: ['url'] },
    schema: {
      tags,
      summary: "Create a manage link: a secret URL where the person who booked sees, cancels or moves the booking (expires at the booking's start by default)",
      params: IdParams,
      body: Type.Object(
        {
          expires_at: Type.Optional(DateTime("When the link stops working; in the future. Default: the booking's start.")),
          metadata: Type.Optional(MetadataInput),
        },
        { additionalProperties: false, examples: [{ metadata: { sent_by: 'email' } }] },
      ),
      response: { 200: ManageLinkSchema },
    },
    handler: (req) => service.create(accountScope(req), req.params.id, req.body ?? {}, `${req.protocol}://${req.host}`),
  });

  app.get('/v1/bookings/:id/manage_links', {
    config: { access },
    schema: { tags, summary: 'List the manage links of a booking, newest first', params: IdParams, querystring: ListQuery({}, { metadata: false }), response: { 200: ListOf(ManageLinkSchema) } },
    handler: (req) => service.list(accountScope(req), req.params.id, req.query),
  });

  app.post('/v1/bookings/:id/manage_links/:link/revoke', {
    config: { access },
    schema: { tags, summary: 'Revoke a manage link: it stops working at once', params: LinkParams, response: { 200: ManageLinkSchema } },
    handler: (req) => service.revoke(accountScope(req), req.params.id, req.params.link),
  });

  // The link side: no API key; the token opens its own booking only.

  // The page (docs/manage-links.md#what-the-link-allows): served only when the link opens,
  // checked by the same rule as its data calls; otherwise 404 as an HTML page, the same for
  // every reason. The token in its path is a secret, so no answer sends a Referer.
  app.get<{ Params: { account: string; token: string } }>('/manage/:account/:token', { config: publicAccess, schema: { hide: true } }, async (req, reply) => {
    reply.header('Referrer-Policy', 'no-referrer');
    try {
      await service.check(req.params.account, req.params.token);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'resource_missing') throw err;
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', ERROR_PAGE_CSP)
        .send(errorPage('This link does not work', err, req.id));
    }
    return sendConsoleFile(req, reply, 'manage.html');
  });

  app.get('/v1/manage/:account/:token', {
    config: publicAccess,
    schema: { tags, security: [], summary: 'What a manage link shows: its booking (no API key: the link is the credential)', params: TokenParams, response: { 200: ManageViewSchema } },
    handler: (req) => service.view(req.params.account, req.params.token),
  });

  app.post('/v1/manage/:account/:token/availability', {
    config: publicAccess,
    schema: {
      tags,
      security: [],
      summary: "The slots a manage link's booking can move to: the availability search with the booking's own segments",
      params: TokenParams,
      body: Type.Object(
        { from: DateTime('Earliest slot start'), to: DateTime('Latest slot end') },
        { additionalProperties: false, examples: [{ from: '2026-12-15T00:00:00Z', to: '2026-12-16T00:00:00Z' }] },
      ),
      response: { 200: Type.Object({}, { additionalProperties: true, description: 'As POST /v1/availability.' }) },
    },
    handler: (req) => service.availability(req.params.account, req.params.token, req.body),
  });

  app.post('/v1/manage/:account/:token/cancel', {
    config: publicAccess,
    schema: {
      tags,
      security: [],
      summary: "Cancel a manage link's booking (its events carry data.source)",
      params: TokenParams,
      body: Type.Optional(Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false, examples: [{ reason: 'Cannot make it' }] })),
      response: { 200: BookingSchema },
    },
    handler: (req) => service.cancel(req.params.account, req.params.token, req.body?.reason),
  });

  app.post('/v1/manage/:account/:token/reschedule', {
    config: publicAccess,
    schema: {
      tags,
      security: [],
      summary: "Move a manage link's booking to a slot its availability offers; returns the new booking (its events carry data.source)",
      params: TokenParams,
      body: Type.Object(
        { start: DateTime('A slot start offered by the availability of this link') },
        { additionalProperties: false, examples: [{ start: '2026-12-15T10:00:00Z' }] },
      ),
      response: { 200: BookingSchema },
    },
    handler: (req) => service.reschedule(req.params.account, req.params.token, req.body.start),
  });
}
