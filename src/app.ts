import type { Logger } from 'pino';
import { sql } from 'kysely';
import type { Db } from './db/connect.js';
import type { Config } from './config.js';
import { buildServer, type App } from './http/server.js';
import { AccountsService } from './features/accounts/accounts.service.js';
import { accountRoutes } from './features/accounts/accounts.routes.js';
import { LocationsService } from './features/locations/locations.service.js';
import { locationRoutes } from './features/locations/locations.routes.js';
import { ResourcesService } from './features/resources/resources.service.js';
import { resourceRoutes } from './features/resources/resources.routes.js';
import { eventRoutes } from './features/events/events.routes.js';
import { registerFeatureRoutes } from './features/registry.js';
import { LATEST_API_VERSION } from './events/versions.js';

/** The composition root: wires the database and services into routes. No logic lives here. */
export async function buildApp(db: Db, config: Config, logger: Logger | false): Promise<App> {
  const app = await buildServer({ db: db.kysely, logger });
  const publicAccess = { config: { access: { public: true, account: 'none', permission: 'accounts' } as const } };

  const operations = { tags: ['Operations'], security: [] };
  app.get(
    '/healthz',
    { ...publicAccess, schema: { ...operations, summary: 'Liveness: the process serves HTTP (no key needed)' } },
    async () => ({ status: 'ok' }),
  );
  app.get('/readyz', {
    ...publicAccess,
    schema: { ...operations, summary: 'Readiness: the database answers (503 when it does not; no key needed)' },
  }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: db.kind });
    }
  });
  app.get(
    '/v1/openapi.json',
    { ...publicAccess, schema: { ...operations, summary: 'This OpenAPI 3.1 document (no key needed); rendered at /docs' } },
    async () => app.swagger(),
  );

  const { default: scalar } = await import('@scalar/fastify-api-reference');
  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: { url: '/v1/openapi.json', title: `Scheduling API ${LATEST_API_VERSION}` },
  });

  accountRoutes(app, new AccountsService(db.kysely));
  locationRoutes(app, new LocationsService(db.kysely));
  resourceRoutes(app, new ResourcesService(db.kysely));
  eventRoutes(app, db.kysely);
  registerFeatureRoutes(app, db, config);
  return app;
}
