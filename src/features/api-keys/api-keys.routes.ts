import { Type } from 'typebox';
import type { App } from '../../http/server.js';
import { platformScope, type RouteAccess } from '../../http/context.js';
import { PERMISSION_FAMILIES } from '../../tenancy/index.js';
import { IdParams, ListOf, ListQuery, Nullable } from '../../http/schemas.js';
import type { ApiKeysService } from './api-keys.service.js';

const Level = Type.Union([Type.Literal('none'), Type.Literal('read'), Type.Literal('write')]);
const familyLevels = (optional: boolean) =>
  Object.fromEntries(PERMISSION_FAMILIES.map((f) => [f, optional ? Type.Optional(Level) : Level]));

const ApiKey = Type.Object({
  id: Type.String(),
  object: Type.Literal('api_key'),
  livemode: Type.Boolean(),
  type: Type.Union([Type.Literal('restricted'), Type.Literal('secret')], { description: 'Always restricted here: secret keys are managed by the operator.' }),
  name: Nullable(Type.String()),
  redacted: Type.String({ description: 'The key with all but its last 4 characters hidden, e.g. `rk_test_…4f2a`.' }),
  permissions: Type.Object(familyLevels(false), { description: 'Every object family, with the level the key has.' }),
  account: Nullable(Type.String({ description: 'The account the key is bound to, or null.' })),
  status: Type.Union([Type.Literal('active'), Type.Literal('revoked')]),
  created_at: Type.String({ format: 'date-time' }),
  revoked_at: Nullable(Type.String({ format: 'date-time' })),
});
const CreatedApiKey = Type.Object({ ...ApiKey.properties, secret: Type.String({ description: 'The key itself. Shown on this answer only; store it now.' }) });

/** Only secret keys manage keys (api-keys.service.ts says why): the permission rule refuses every restricted key. */
const access: RouteAccess = { account: 'none', permission: 'api_keys' };
const tags = ['API keys'];

export function apiKeyRoutes(app: App, service: ApiKeysService) {
  app.post('/v1/api_keys', {
    // The secret is never stored, not even for an Idempotency-Key replay.
    config: { access, replayOmits: ['secret'] },
    schema: {
      tags,
      summary: 'Create a restricted key (secret keys only); its secret is shown once, in this answer',
      description:
        'The key is made in the mode of the calling key. A replay with the same Idempotency-Key answers the key without its secret, which is never stored. See docs/api-keys.md.',
      body: Type.Object(
        {
          permissions: Type.Object(familyLevels(true), { additionalProperties: false, description: 'Object family → none, read or write; a family left out is none.' }),
          account: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255, description: 'Bind the key to this account (same platform and mode).' }))),
          name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
        },
        { additionalProperties: false },
      ),
      response: { 200: CreatedApiKey },
    },
    handler: (req) => service.create(platformScope(req), req.auth, req.body),
  });

  app.get('/v1/api_keys', {
    config: { access },
    schema: { tags, summary: 'List restricted keys of this mode, newest first (revoked ones included)', querystring: ListQuery({}, { metadata: false }), response: { 200: ListOf(ApiKey) } },
    handler: (req) => service.list(platformScope(req), req.auth, req.query),
  });

  app.get('/v1/api_keys/:id', {
    config: { access },
    schema: { tags, summary: 'Retrieve a restricted key (never its secret)', params: IdParams, response: { 200: ApiKey } },
    handler: (req) => service.get(platformScope(req), req.auth, req.params.id),
  });

  app.post('/v1/api_keys/:id/revoke', {
    config: { access },
    schema: {
      tags,
      summary: 'Revoke a restricted key: it answers 401 api_key_invalid from then on',
      params: IdParams,
      body: Type.Optional(Type.Object({}, { additionalProperties: false })),
      response: { 200: ApiKey },
    },
    handler: (req) => service.revoke(platformScope(req), req.auth, req.params.id),
  });
}
