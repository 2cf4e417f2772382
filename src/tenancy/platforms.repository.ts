import { sql } from 'kysely';
import type { DbHandle, Trx } from '../db/transaction.js';
import { newId, ID_PREFIX } from '../lib/ids.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { LATEST_API_VERSION } from '../lib/api-versions.js';
import { createApiKey, hashSecret } from './api-keys.repository.js';

/** An arbitrary constant: the advisory lock that makes concurrent first starts bootstrap once. */
const BOOTSTRAP_LOCK_ID = 7_240_302;

/**
 * Creates a platform with a test and a live secret key, in one transaction (a platform never
 * exists without its keys); the secrets are shown once.
 */
export async function createPlatform(db: DbHandle, name: string, fixedTestKey?: string, fixedLiveKey?: string, clock: Clock = systemClock) {
  const write = async (trx: DbHandle) => {
    const id = newId(ID_PREFIX.platform);
    await trx.insertInto('platforms').values({ id, name, api_version: LATEST_API_VERSION, created_at: clock.now() }).execute();
    const test = await createApiKey(trx, { platformId: id, livemode: false, kind: 'secret', name: 'default test key', secret: fixedTestKey }, clock);
    const live = await createApiKey(trx, { platformId: id, livemode: true, kind: 'secret', name: 'default live key', secret: fixedLiveKey }, clock);
    return { id, name, testKey: test.secret, liveKey: live.secret };
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/** Whether a platform exists (operator commands check before acting on it). */
export async function platformExists(db: DbHandle, platformId: string): Promise<boolean> {
  return !!(await db.selectFrom('platforms').select('id').where('id', '=', platformId).executeTakeFirst());
}

export async function listPlatforms(db: DbHandle) {
  return db.selectFrom('platforms').select(['id', 'name', 'api_version', 'created_at']).orderBy('id').execute();
}

export interface BootstrapResult {
  created: boolean;
  printableKey: string | null;
  /** Set when BOOTSTRAP_API_KEY names a key that was revoked: it is not brought back. */
  warning: string | null;
}

/**
 * First-run bootstrap (docs/accounts.md#first-run-bootstrap): with no platform in the database, create one and
 * return its test key to print. BOOTSTRAP_API_KEY fixes a key's value; if it is set but not
 * yet known (a database made before it was set), it is added to the first platform. A key that
 * exists but was revoked stays revoked. Runs under an advisory lock, so processes starting
 * together on one PostgreSQL create one platform, not several.
 */
export async function bootstrap(db: DbHandle, bootstrapKey: string | null): Promise<BootstrapResult> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK_ID})`.execute(trx);
    const first = await trx.selectFrom('platforms').select('id').orderBy('id').executeTakeFirst();
    const isLive = bootstrapKey?.startsWith('sk_live_') ?? false;
    if (!first) {
      const platform = await createPlatform(trx, 'Default platform', isLive ? undefined : bootstrapKey ?? undefined, isLive ? bootstrapKey! : undefined);
      return { created: true, printableKey: platform.testKey, warning: null };
    }
    if (bootstrapKey) {
      const known = await trx
        .selectFrom('api_keys')
        .select(['id', 'revoked_at'])
        .where('secret_hash', '=', hashSecret(bootstrapKey))
        .executeTakeFirst();
      if (!known) {
        await createApiKey(trx, { platformId: first.id, livemode: isLive, kind: 'secret', name: 'bootstrap key', secret: bootstrapKey });
      } else if (known.revoked_at) {
        return { created: false, printableKey: null, warning: `BOOTSTRAP_API_KEY names key ${known.id}, which was revoked; it stays revoked.` };
      }
    }
    return { created: false, printableKey: null, warning: null };
  });
}

/** The platform's pinned API version: the default of new webhook endpoints. */
export async function platformApiVersion(db: DbHandle, platformId: string): Promise<string> {
  const row = await db.selectFrom('platforms').select('api_version').where('id', '=', platformId).executeTakeFirstOrThrow();
  return row.api_version;
}

/** Locks the platform row until the transaction ends (a per-platform cap, e.g. webhook endpoints, is checked under it). */
export async function lockPlatform(trx: Trx, platformId: string): Promise<void> {
  await trx.selectFrom('platforms').select('id').where('id', '=', platformId).forUpdate().executeTakeFirst();
}

/** A platform's retention (docs/privacy.md#retention): days kept; null personal-data days: until erased. */
export interface PlatformRetention {
  events_retention_days: number;
  deliveries_retention_days: number;
  bookings_personal_data_retention_days: number | null;
}

/** The bounds of each retention setting, and its default (docs/privacy.md#retention). */
export const RETENTION_BOUNDS = {
  events_retention_days: { min: 1, max: 30, default: 30 },
  deliveries_retention_days: { min: 1, max: 30, default: 30 },
  bookings_personal_data_retention_days: { min: 1, max: 3650, default: null },
} as const;

/** Every platform's retention, for the retention worker (a small reference table, read whole). */
export function platformsRetention(db: DbHandle) {
  return db.selectFrom('platforms').select(['id', 'events_retention_days', 'deliveries_retention_days', 'bookings_personal_data_retention_days']).orderBy('id').execute();
}

/** Sets some of a platform's retention; the database's checks hold the bounds. Returns the platform's retention. */
export async function setPlatformRetention(db: DbHandle, platformId: string, changes: Partial<PlatformRetention>): Promise<PlatformRetention | undefined> {
  const q = Object.keys(changes).length ? db.updateTable('platforms').set(changes).where('id', '=', platformId) : null;
  if (q) await q.execute();
  return db
    .selectFrom('platforms')
    .select(['events_retention_days', 'deliveries_retention_days', 'bookings_personal_data_retention_days'])
    .where('id', '=', platformId)
    .executeTakeFirst();
}
