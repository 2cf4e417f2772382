import type { DbHandle } from '../../db/transaction.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { LATEST_API_VERSION } from '../../events/versions.js';
import { createApiKey, findActiveKey } from './api-keys.js';

/** Creates a platform with a test and a live secret key; the secrets are shown once. */
export async function createPlatform(db: DbHandle, name: string, fixedTestKey?: string, fixedLiveKey?: string) {
  const id = newId(ID_PREFIX.platform);
  await db.insertInto('platforms').values({ id, name, api_version: LATEST_API_VERSION }).execute();
  const test = await createApiKey(db, { platformId: id, livemode: false, kind: 'secret', name: 'default test key', secret: fixedTestKey });
  const live = await createApiKey(db, { platformId: id, livemode: true, kind: 'secret', name: 'default live key', secret: fixedLiveKey });
  return { id, name, testKey: test.secret, liveKey: live.secret };
}

/**
 * First-run bootstrap (decisions.md §3): with no platform in the database, create one and
 * return its test key to print. BOOTSTRAP_API_KEY fixes a key's value; if it is set but not
 * yet known (a database made before it was set), it is added to the first platform.
 */
export async function bootstrap(db: DbHandle, bootstrapKey: string | null): Promise<{ created: boolean; printableKey: string | null }> {
  const first = await db.selectFrom('platforms').select('id').orderBy('id').executeTakeFirst();
  const isLive = bootstrapKey?.startsWith('sk_live_') ?? false;
  if (!first) {
    const platform = await createPlatform(db, 'Default platform', isLive ? undefined : bootstrapKey ?? undefined, isLive ? bootstrapKey! : undefined);
    return { created: true, printableKey: platform.testKey };
  }
  if (bootstrapKey && !(await findActiveKey(db, bootstrapKey))) {
    await createApiKey(db, { platformId: first.id, livemode: isLive, kind: 'secret', name: 'bootstrap key', secret: bootstrapKey });
  }
  return { created: false, printableKey: null };
}
