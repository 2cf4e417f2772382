import { createReadStream } from 'node:fs';
import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { platformScope } from '../../http/context.js';
import { Id, ListOf, ListQuery, Nullable } from '../../http/schemas.js';
import { toPage } from '../../db/pagination.js';
import { serializeExport, type ExportsService } from './exports.service.js';

const tags = ['Privacy'];
const access = { account: 'none', permission: 'accounts' } as const;

const ExportFile = Type.Object({
  type: Type.String({ description: 'The object type: accounts, locations, resources, schedules, schedule_overrides, blocks, calendar_feeds, series, bookings, attendees, booking_sessions, events.' }),
  file: Type.String({ description: '`<type>.jsonl`: one object a line, in the API shape of the export\'s version, by id.' }),
  count: Type.Integer({ minimum: 0 }),
  bytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ description: "The file's SHA-256, hex." }),
});

export const ExportSchema = Type.Object(
  {
    id: Type.String({ description: 'exp_…' }),
    object: Type.Literal('export'),
    livemode: Type.Boolean(),
    account: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('ready'), Type.Literal('failed')], {
      description: '`pending` while the export worker writes it, in bounded pieces; then `ready`.',
    }),
    files: Type.Array(ExportFile, { description: 'Once ready: one JSON Lines file per object type ([] before).' }),
    checksum: Nullable(Type.String({ description: 'Once ready: `sha256:` and the SHA-256 of manifest.json, which holds each file\'s own SHA-256.' })),
    size_bytes: Nullable(Type.Integer({ minimum: 0, description: 'Once ready: the size of every file and the manifest.' })),
    download_url: Nullable(Type.String({ description: 'Once ready: the path of manifest.json; each file is beside it (`…/files/<file>`). Both need the key.' })),
    failure_reason: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    completed_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { description: "An export of everything an account owns (since 2027-05-01, docs/privacy.md#export)." },
);

const AccountParams = Type.Object({ id: Id('Account id') }, { additionalProperties: false });
const ExportParams = Type.Object({ id: Id('Account id'), export: Id('Export id') }, { additionalProperties: false });
const FileParams = Type.Object(
  { id: Id('Account id'), export: Id('Export id'), file: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z_]+\\.(jsonl|json)$', description: 'manifest.json, or a file the manifest names.' }) },
  { additionalProperties: false },
);

export function exportRoutes(app: App, service: ExportsService) {
  app.post('/v1/accounts/:id/exports', {
    config: { access },
    schema: {
      tags,
      summary: "Start an export of everything the account owns (JSON Lines, one file per object type, with a manifest); it is pending until the export worker has written it, then ready with export.ready",
      params: AccountParams,
      response: { 200: ExportSchema },
    },
    handler: (req) => service.create(platformScope(req), req.params.id, req.auth.boundAccountId),
  });

  app.get('/v1/accounts/:id/exports', {
    config: { access },
    schema: { tags, summary: "List the account's exports, newest first", params: AccountParams, querystring: ListQuery({}, { metadata: false }), response: { 200: ListOf(ExportSchema) } },
    handler: async (req) => toPage(await service.list(platformScope(req), req.params.id, req.query, req.auth.boundAccountId), serializeExport),
  });

  app.get('/v1/accounts/:id/exports/:export', {
    config: { access },
    schema: { tags, summary: 'Retrieve an export', params: ExportParams, response: { 200: ExportSchema } },
    handler: async (req) => serializeExport(await service.get(platformScope(req), req.params.id, req.params.export, req.auth.boundAccountId)),
  });

  app.get('/v1/accounts/:id/exports/:export/files/:file', {
    config: { access },
    schema: {
      tags,
      summary: "Download one file of a ready export: manifest.json (application/json) or a type's JSON Lines (application/x-ndjson); 409 while pending",
      params: FileParams,
      response: {
        200: {
          description: 'The file, as written: check it against the manifest\'s sha256 (and the manifest against the export\'s checksum).',
          content: { 'application/x-ndjson': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'string' } } },
        },
      },
    },
    handler: async (req, reply) => {
      const file = await service.file(platformScope(req), req.params.id, req.params.export, req.params.file, req.auth.boundAccountId);
      return reply.type(file.endsWith('.jsonl') ? 'application/x-ndjson' : 'application/json').send(createReadStream(file) as unknown as string);
    },
  });
}
