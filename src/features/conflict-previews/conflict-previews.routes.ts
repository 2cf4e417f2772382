import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import type { DbHandle } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { accountScope } from '../../http/context.js';
import { Metadata, Nullable } from '../../http/schemas.js';
import { ConflictSchema } from '../bookings/index.js';
import { previewConflicts } from './conflict-previews.service.js';

const AffectedBooking = Type.Object({
  booking: Type.String(),
  status: Type.String(),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  resources: Type.Array(Type.String()),
  metadata: Metadata,
  conflicts: Type.Array(ConflictSchema),
});

export const ConflictPreviewSchema = Type.Object({
  object: Type.Literal('conflict_preview'),
  livemode: Type.Boolean(),
  method: Type.String(),
  path: Type.String(),
  would_conflict: Type.Array(AffectedBooking),
  would_resolve: Type.Array(AffectedBooking),
  has_more: Type.Boolean(),
});

export function conflictPreviewRoutes(app: App, db: DbHandle, clock: Clock) {
  app.post('/v1/conflict_previews', {
    config: { access: { account: 'required', permission: 'bookings' } },
    schema: {
      tags: ['Conflict previews'],
      summary:
        'Preview which future bookings a write would flag as conflicted or clear: the request runs for real in a transaction that is always rolled back (nothing changes, no event is written)',
      description:
        'Supported: POST /v1/resources/{id}, POST /v1/resources/{id}/archive|unarchive; POST /v1/schedules, /v1/schedule_overrides, /v1/blocks; POST and DELETE on /v1/schedules/{id}, /v1/schedule_overrides/{id}, /v1/blocks/{id}; POST /v1/bookings and POST /v1/bookings/{id}/reschedule. Anything else: 400 parameter_invalid (param `path`). The previewed request is checked as if sent with the same key (its permissions and errors apply). At most 100 bookings in each list; `has_more` says if more. Cost: the segments of the future bookings the write re-checks, at most 1,000 work units; over that, 400 parameter_invalid before anything is planned (docs/limits.md).',
      body: Type.Object(
        {
          method: Type.String({ minLength: 1, maxLength: 10, description: 'POST or DELETE' }),
          path: Type.String({ minLength: 1, maxLength: 300, description: 'e.g. /v1/resources/res_…/archive' }),
          body: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true, description: 'The body of the previewed request' }))),
        },
        { additionalProperties: false },
      ),
      response: { 200: ConflictPreviewSchema },
    },
    handler: async (req) => {
      const scope = accountScope(req);
      const result = await previewConflicts(app, db, clock, { scope, authorization: String(req.headers.authorization) }, {
        method: req.body.method,
        path: req.body.path,
        body: (req.body.body ?? undefined) as Record<string, unknown> | undefined,
      });
      return {
        object: 'conflict_preview' as const,
        livemode: scope.livemode,
        method: req.body.method.toUpperCase(),
        path: req.body.path,
        ...result,
      };
    },
  });
}
