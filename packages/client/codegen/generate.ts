/**
 * `npm run generate:client`: starts the service in memory (embedded database, no port),
 * reads its OpenAPI document and rewrites the client's generated types.
 */
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '../../../src/db/connect.js';
import { migrate } from '../../../src/db/migrate.js';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { newSecretsKey } from '../../../src/lib/secrets-box.js';
import { GENERATED_TYPES_FILE, renderClientTypes } from './types.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const db = await connect({ databaseUrl: null, dataDir: null });
await migrate(db.kysely);
// The document does not depend on the key; a throwaway one for a throwaway database.
const app = await buildApp(db, loadConfig({ NODE_ENV: 'test', SECRETS_KEY: newSecretsKey() }), false);
try {
  const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
  const text = await renderClientTypes(JSON.parse(res.body));
  const target = resolve(root, GENERATED_TYPES_FILE);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, text);
  process.stdout.write(`wrote ${GENERATED_TYPES_FILE}\n`);
} finally {
  await app.close();
  await db.close();
}
