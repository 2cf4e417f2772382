import type { DbHandle } from '../db/transaction.js';
import type { SecretsBox } from '../lib/secrets-box.js';
import { listPlatforms } from '../tenancy/platforms.repository.js';
import { accountIdsPage } from '../tenancy/accounts.repository.js';
import { resealSecret, secretKeyIdsInUse, storedSecretsPage } from '../features/webhooks/index.js';
import { resealUrl, storedUrlsPage, urlKeyIdsInUse } from '../features/calendar-feeds/index.js';

/*
 * The secrets stored at rest as a whole (docs/deployment.md#rotating-secrets_key): the
 * start-up check that every stored value can be opened, and the rotation that seals every
 * one with the current key. Webhook secrets belong to platforms, feed URLs to accounts; every
 * statement that reads or writes them is pinned to one platform or one account.
 */

/** Rows per statement of the rotation. */
export const ROTATION_BATCH = 200;

/**
 * Refuses to start when a stored value was sealed with a key this process does not hold:
 * a wrong SECRETS_KEY, or SECRETS_KEY_PREVIOUS dropped before `secrets rotate` finished.
 */
export async function assertStoredKeysKnown(db: DbHandle, box: SecretsBox): Promise<void> {
  const inUse = new Set([...(await secretKeyIdsInUse(db)), ...(await urlKeyIdsInUse(db))]);
  const unknown = [...inUse].filter((id) => !box.knows(id));
  if (unknown.length === 0) return;
  throw new Error(
    `The database holds secrets encrypted with key ${unknown.join(', ')}, which is neither SECRETS_KEY (key ${box.currentKeyId}) nor in SECRETS_KEY_PREVIOUS. ` +
      'Set SECRETS_KEY to the key this database was written with, or keep the old key in SECRETS_KEY_PREVIOUS until `scheduling secrets rotate` has run (docs/deployment.md#rotating-secrets_key).',
  );
}

interface StoredColumn {
  page(db: DbHandle, ownerId: string, afterId: string, limit: number): Promise<{ id: string; value: string }[]>;
  reseal(db: DbHandle, ownerId: string, id: string, stored: string, resealed: string): Promise<boolean>;
}

const endpointSecrets: StoredColumn = {
  page: async (db, platformId, after, limit) => (await storedSecretsPage(db, platformId, after, limit)).map((r) => ({ id: r.id, value: r.secret })),
  reseal: resealSecret,
};
const feedUrls: StoredColumn = {
  page: async (db, accountId, after, limit) => (await storedUrlsPage(db, accountId, after, limit)).map((r) => ({ id: r.id, value: r.url })),
  reseal: resealUrl,
};

/** Seals again, with the current key, the owner's values that are plaintext or sealed with another key. */
async function resealOwner(db: DbHandle, box: SecretsBox, column: StoredColumn, ownerId: string): Promise<number> {
  let resealed = 0;
  for (let after = ''; ; ) {
    const rows = await column.page(db, ownerId, after, ROTATION_BATCH);
    for (const row of rows) {
      if (box.isCurrent(row.value)) continue;
      // Lost to a concurrent write (which sealed with its own key): the next run sees it.
      if (await column.reseal(db, ownerId, row.id, row.value, box.seal(box.open(row.value)))) resealed++;
    }
    if (rows.length < ROTATION_BATCH) return resealed;
    after = rows[rows.length - 1].id;
  }
}

export interface RotationResult {
  webhookSecrets: number;
  calendarFeedUrls: number;
}

/** `scheduling secrets rotate`: every stored secret sealed with SECRETS_KEY. Safe to run again, and beside running processes. */
export async function rotateStoredSecrets(db: DbHandle, box: SecretsBox): Promise<RotationResult> {
  const result: RotationResult = { webhookSecrets: 0, calendarFeedUrls: 0 };
  for (const platform of await listPlatforms(db)) result.webhookSecrets += await resealOwner(db, box, endpointSecrets, platform.id);
  for (let after = ''; ; ) {
    const accounts = await accountIdsPage(db, after, ROTATION_BATCH);
    for (const accountId of accounts) result.calendarFeedUrls += await resealOwner(db, box, feedUrls, accountId);
    if (accounts.length < ROTATION_BATCH) return result;
    after = accounts[accounts.length - 1];
  }
}
