import { withTransaction, json, type DbHandle } from '../../db/transaction.js';
import type { PlatformScope } from '../../http/context.js';
import { ApiError, invalid, notFound } from '../../http/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { canonicalTimeZone } from '../../lib/timezone.js';
import { changedAttributes, recordEvent } from '../../events/outbox.js';
import type { PageParams } from '../../http/pagination.js';
import { toPage } from '../../http/pagination.js';
import * as repo from './accounts.repository.js';
import { serializeAccount } from './accounts.serializer.js';

export interface AccountInput {
  name?: string;
  timezone?: string;
  metadata?: Record<string, string>;
}

/** The canonical IANA name (`europe/paris` → `Europe/Paris`), undefined when not given. */
function checkTimezone(tz: string | undefined): string | undefined {
  if (tz === undefined) return undefined;
  const canonical = canonicalTimeZone(tz);
  if (!canonical) throw invalid('timezone', `'${tz}' is not an IANA time zone name.`);
  return canonical;
}

export class AccountsService {
  constructor(private readonly db: DbHandle) {}

  async create(scope: PlatformScope, input: Required<Pick<AccountInput, 'name'>> & AccountInput, boundAccountId: string | null = null) {
    if (boundAccountId) {
      // A key bound to one account could never reach the account it created.
      throw new ApiError('permission_denied', 'A key bound to one account cannot create accounts.');
    }
    const timezone = checkTimezone(input.timezone);
    return withTransaction(this.db, async (trx) => {
      const now = new Date();
      const row = await repo.insertAccount(trx, {
        id: newId(ID_PREFIX.account),
        platform_id: scope.platformId,
        livemode: scope.livemode,
        name: input.name,
        timezone: timezone ?? 'UTC',
        metadata: json(metadataForCreate(input.metadata)),
        created_at: now,
        updated_at: now,
      });
      const account = serializeAccount(row);
      await recordEvent(trx, { ...scope, accountId: row.id }, 'account.created', account, null, now);
      return account;
    });
  }

  async get(scope: PlatformScope, id: string, boundAccountId: string | null) {
    const row = boundAccountId && boundAccountId !== id ? undefined : await repo.findAccount(this.db, scope, id);
    if (!row) throw notFound('account', id);
    return serializeAccount(row);
  }

  async update(scope: PlatformScope, id: string, input: AccountInput, boundAccountId: string | null) {
    const timezone = checkTimezone(input.timezone);
    return withTransaction(this.db, async (trx) => {
      const before = boundAccountId && boundAccountId !== id ? undefined : await repo.findAccount(trx, scope, id, true);
      if (!before) throw notFound('account', id);
      const now = new Date();
      const row = await repo.updateAccount(trx, scope, id, {
        name: input.name ?? before.name,
        timezone: timezone ?? before.timezone,
        metadata: json(mergeMetadata(before.metadata, input.metadata)),
        updated_at: now,
      });
      const previous = serializeAccount(before);
      const account = serializeAccount(row);
      const changed = changedAttributes(previous, account);
      if (changed) await recordEvent(trx, { ...scope, accountId: id }, 'account.updated', account, changed, now);
      return account;
    });
  }

  async delete(scope: PlatformScope, id: string, boundAccountId: string | null) {
    return withTransaction(this.db, async (trx) => {
      const row = boundAccountId && boundAccountId !== id ? undefined : await repo.findAccount(trx, scope, id, true);
      if (!row) throw notFound('account', id);
      const now = new Date();
      if (await repo.hasLiveBookings(trx, id, now)) {
        throw new ApiError('account_in_use', 'This account has pending or confirmed bookings that have not ended; cancel them first.');
      }
      await repo.deleteAccount(trx, scope, id);
      await recordEvent(trx, { ...scope, accountId: id }, 'account.deleted', serializeAccount(row), null, now);
      return { id, object: 'account', deleted: true as const };
    });
  }

  async list(scope: PlatformScope, page: PageParams, metadata: Record<string, string>, boundAccountId: string | null) {
    return toPage(await repo.listAccounts(this.db, scope, page, metadata, boundAccountId), serializeAccount);
  }
}
