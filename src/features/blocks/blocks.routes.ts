import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { accountScope } from '../../http/context.js';
import { ApiError } from '../../lib/errors.js';
import { parseRfc3339 } from '../../lib/time-format.js';
import { DateTime, Deleted, Id, IdParams, ListOf, ListQuery, Metadata, MetadataInput, Nullable, metadataFilters } from '../../http/schemas.js';
import type { BlocksService } from './blocks.service.js';

export const BlockSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('block'),
  livemode: Type.Boolean(),
  resource: Nullable(Type.String()),
  location: Nullable(Type.String()),
  account_wide: Type.Boolean(),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  reason: Nullable(Type.String()),
  metadata: Metadata,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

const Reason = Nullable(Type.String({ maxLength: 500, description: 'Why the time is blocked, at most 500 characters, or null.' }));
const access = { account: 'required', permission: 'blocks' } as const;
const tags = ['Blocks'];

export function blockRoutes(app: App, service: BlocksService) {
  app.post('/v1/blocks', {
    config: { access },
    schema: {
      tags,
      summary:
        'Block time: exactly one scope — a resource, a location (every resource while it works there) or the whole account; re-checks the future bookings it touches',
      body: Type.Object(
        {
          resource: Type.Optional(Nullable(Id('Resource id (resource scope)'))),
          location: Type.Optional(Nullable(Id('Location id (location scope)'))),
          account_wide: Type.Optional(Type.Boolean({ description: 'true for the whole account (account scope). Default false.' })),
          start: DateTime('Start of the blocked time'),
          end: DateTime('End of the blocked time, after start'),
          reason: Type.Optional(Reason),
          metadata: Type.Optional(MetadataInput),
        },
        { additionalProperties: false },
      ),
      response: { 200: BlockSchema },
    },
    handler: (req) => service.create(accountScope(req), req.body),
  });

  app.get('/v1/blocks', {
    config: { access },
    schema: {
      tags,
      summary: 'List blocks, newest first; from/to select blocks overlapping that range',
      querystring: ListQuery({
        resource: Type.Optional(Id('Only blocks of this resource')),
        location: Type.Optional(Id('Only blocks of this location')),
        account_wide: Type.Optional(Type.Boolean({ description: 'Only account-wide blocks (true) or only the others (false)' })),
        from: Type.Optional(DateTime('Only blocks ending after this instant')),
        to: Type.Optional(DateTime('Only blocks starting before this instant')),
      }),
      response: { 200: ListOf(BlockSchema) },
    },
    handler: (req) => {
      const { resource, location, account_wide, from, to } = req.query;
      const at = (v: string | undefined) => (v === undefined ? undefined : new Date(parseRfc3339(v)!));
      const filters = { resource, location, account_wide, from: at(from), to: at(to) };
      if (filters.from && filters.to && filters.to <= filters.from) throw new ApiError('parameter_invalid', 'Invalid to: must be after from.', 'to');
      return service.list(accountScope(req), filters, req.query, metadataFilters(req.query));
    },
  });

  app.get('/v1/blocks/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a block', params: IdParams, response: { 200: BlockSchema } },
    handler: (req) => service.get(accountScope(req), req.params.id),
  });

  app.post('/v1/blocks/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Update a block (start, end, reason, metadata); time changes re-check the future bookings it touches',
      params: IdParams,
      body: Type.Object(
        {
          start: Type.Optional(DateTime('Start of the blocked time')),
          end: Type.Optional(DateTime('End of the blocked time, after start')),
          reason: Type.Optional(Reason),
          metadata: Type.Optional(MetadataInput),
        },
        { additionalProperties: false },
      ),
      response: { 200: BlockSchema },
    },
    handler: (req) => service.update(accountScope(req), req.params.id, req.body ?? {}),
  });

  app.delete('/v1/blocks/:id', {
    config: { access },
    schema: { tags, summary: 'Delete a block; re-checks the future bookings it touched', params: IdParams, response: { 200: Deleted } },
    handler: (req) => service.delete(accountScope(req), req.params.id),
  });
}
