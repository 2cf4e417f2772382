import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { ApiError } from '../../lib/errors.js';
import { Deleted, Id, IdParams, ListOf, ListQuery, Nullable } from '../../http/schemas.js';
import type { FeedUrlsService } from './feed-urls.service.js';

const FeedUrlSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('feed_url'),
  livemode: Type.Boolean(),
  resource: Type.String({ description: 'The resource whose bookings the feed shows.' }),
  description: Nullable(Type.String()),
  token_last4: Type.String({ description: 'The last four characters of the secret token, to tell URLs apart.' }),
  created_at: Type.String({ format: 'date-time' }),
  url: Type.Optional(
    Type.String({ description: 'The secret feed URL (no key needed). Returned once, by create: store it or hand it to the calendar app.' }),
  ),
});

const ICS_RESPONSE = {
  200: {
    description:
      'An iCalendar (RFC 5545) document: one VEVENT per confirmed booking (also completed and no_show) at its start and end on this resource, in UTC; UID is the booking id, SEQUENCE grows with every change of the booking; a cancelled booking that had been confirmed appears with STATUS:CANCELLED. Bookings from 183 days back to 731 days ahead, at most 5000. Send If-None-Match with the ETag to get 304 when nothing changed.',
    content: { 'text/calendar': { schema: { type: 'string' } } },
  },
  304: { description: 'Not modified since the ETag sent in If-None-Match.', type: 'null' },
};

/** Sends the calendar with an ETag, or 304 when the client already has this exact text. */
function sendCalendar(req: FastifyRequest, reply: FastifyReply, text: string) {
  const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
  const wanted = req.headers['if-none-match'];
  if (wanted && wanted.split(',').map((s) => s.trim().replace(/^W\//, '')).includes(etag)) return reply.code(304).send();
  return reply.type('text/calendar; charset=utf-8').send(text);
}

const tags = ['Feed URLs'];
const FeedParams = Type.Object({ id: Id('Resource id'), feed: Id('Feed URL id') }, { additionalProperties: false });

export function feedUrlRoutes(app: App, service: FeedUrlsService) {
  app.get('/v1/resources/:id/calendar.ics', {
    config: { access: { account: 'required', permission: 'bookings' } },
    schema: {
      tags,
      summary: "The resource's bookings as an iCalendar feed (text/calendar); calendar apps use a secret feed URL instead",
      params: IdParams,
      response: ICS_RESPONSE,
    },
    handler: async (req, reply) => sendCalendar(req, reply, await service.calendar(accountScope(req), req.params.id)),
  });

  app.post('/v1/resources/:id/feed_urls', {
    config: { access: { account: 'required', permission: 'resources' } },
    schema: {
      tags,
      summary: 'Create a secret feed URL for the resource (Google Calendar, Apple Calendar and Outlook subscribe to it with no key)',
      params: IdParams,
      body: Type.Optional(
        Type.Object({ description: Type.Optional(Nullable(Type.String({ maxLength: 500, description: 'Who the URL is for.' }))) }, { additionalProperties: false }),
      ),
      response: { 200: FeedUrlSchema },
    },
    handler: (req) => service.create(accountScope(req), req.params.id, req.body ?? {}, `${req.protocol}://${req.host}`),
  });

  app.get('/v1/resources/:id/feed_urls', {
    config: { access: { account: 'required', permission: 'resources' } },
    schema: {
      tags,
      summary: "List the resource's feed URLs, newest first (without their secret)",
      params: IdParams,
      querystring: ListQuery({}, { metadata: false }),
      response: { 200: ListOf(FeedUrlSchema) },
    },
    handler: (req) => service.list(accountScope(req), req.params.id, req.query),
  });

  app.delete('/v1/resources/:id/feed_urls/:feed', {
    config: { access: { account: 'required', permission: 'resources' } },
    schema: {
      tags,
      summary: 'Revoke a feed URL: it stops working at once (404)',
      params: FeedParams,
      response: { 200: Deleted },
    },
    handler: (req) => service.revoke(accountScope(req), req.params.id, req.params.feed),
  });

  app.get('/v1/feeds/:account/:token/calendar.ics', {
    config: { access: { public: true, limitPerAddress: true, account: 'none', permission: 'resources' } },
    schema: {
      tags,
      summary: 'A secret feed URL (no key): the same iCalendar document as GET /v1/resources/{id}/calendar.ics, until revoked',
      params: Type.Object({ account: Id('Account id'), token: Id('The secret token of the feed') }, { additionalProperties: false }),
      response: ICS_RESPONSE,
    },
    handler: async (req, reply) => {
      const text = await service.calendarByToken(req.params.account, req.params.token);
      if (text === null) throw new ApiError('resource_missing', 'No such calendar feed: the URL is wrong or was revoked.');
      return sendCalendar(req, reply, text);
    },
  });
}
