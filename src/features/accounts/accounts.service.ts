import { withTransaction, json, type DbHandle } from '../../db/transaction.js';
import { usageMeter } from '../../metering/index.js';
import { boundKeyMaySee, type PlatformScope } from '../../tenancy/index.js';
import { ApiError, invalid, notFound } from '../../lib/errors.js';
import { newId, ID_PREFIX } from '../../lib/ids.js';
import { mergeMetadata, metadataForCreate } from '../../lib/metadata.js';
import { checkTimeZone } from '../../lib/timezone.js';
import { changedAttributes, recordEvent } from '../../events/outbox.repository.js';
import type { PageParams } from '../../db/pagination.js';
import { toPage } from '../../db/pagination.js';
import * as repo from '../../tenancy/accounts.repository.js';
import { accountHolidaysRow, type BookingPolicyBody, type BookingRulesBody, deleteAccountBookings, hasFutureHolds, type HolidaysBody, lockAllResources, mergePolicy, mergeRules, recheckBookings } from '../../capacity/index.js';
import { serializeAccount } from './accounts.serializer.js';
import { normalizeOffsets } from '../reminders/index.js';
import type { Clock } from '../../lib/clock.js';

export interface AccountInput {
  name?: string;
  timezone?: string;
  booking_rules?: BookingRulesBody;
  holidays?: HolidaysBody | null;
  booking_policy?: BookingPolicyBody;
  reminder_offsets_minutes?: number[];
  display_name?: string | null;
  accent_color?: string | null;
  booking_label_metadata_key?: string | null;
  metadata?: Record<string, string>;
}

/** The canonical IANA name (`europe/paris` → `Europe/Paris`), undefined when not given. */
const checkTimezone = (tz: string | undefined) => (tz === undefined ? undefined : checkTimeZone(tz));

export class AccountsService {
  constructor(
    private readonly db: DbHandle,
    private readonly clock: Clock,
  ) {}

  async create(scope: PlatformScope, input: Required<Pick<AccountInput, 'name'>> & AccountInput, boundAccountId: string | null = null) {
    if (boundAccountId) {
      // A key bound to one account could never reach the account it created.
      throw new ApiError('permission_denied', 'A key bound to one account cannot create accounts.');
    }
    const timezone = checkTimezone(input.timezone);
    const holidays = await accountHolidaysRow(input.holidays);
    return withTransaction(this.db, async (trx) => {
      const now = this.clock.now();
      const row = await repo.insertAccount(trx, {
        id: newId(ID_PREFIX.account),
        platform_id: scope.platformId,
        livemode: scope.livemode,
        name: input.name,
        timezone: timezone ?? 'UTC',
        booking_rules: json(mergeRules(null, input.booking_rules)),
        holidays: holidays ? json(holidays) : null,
        booking_policy: json(mergePolicy(null, input.booking_policy)),
        reminder_offsets_minutes: json(normalizeOffsets(input.reminder_offsets_minutes ?? [])),
        display_name: input.display_name ?? null,
        accent_color: input.accent_color?.toLowerCase() ?? null,
        booking_label_metadata_key: input.booking_label_metadata_key ?? null,
        metadata: json(metadataForCreate(input.metadata)),
        created_at: now,
        updated_at: now,
      });
      const account = serializeAccount(row);
      await usageMeter.accountActive(trx, { ...scope, accountId: row.id }, now);
      await recordEvent(trx, { ...scope, accountId: row.id }, 'account.created', account, null, now);
      return account;
    });
  }

  async get(scope: PlatformScope, id: string, boundAccountId: string | null) {
    const row = !boundKeyMaySee(boundAccountId, id) ? undefined : await repo.findAccount(this.db, scope, id);
    if (!row) throw notFound('account', id);
    return serializeAccount(row);
  }

  async update(scope: PlatformScope, id: string, input: AccountInput, boundAccountId: string | null) {
    const timezone = checkTimezone(input.timezone);
    const holidays = await accountHolidaysRow(input.holidays);
    return withTransaction(this.db, async (trx) => {
      // Holidays close working time of every resource that follows the account: its resources
      // are locked first (the lock order), and their future bookings re-checked after.
      const locks = holidays === undefined || !boundKeyMaySee(boundAccountId, id) ? null : await lockAllResources(trx, { ...scope, accountId: id });
      const before = !boundKeyMaySee(boundAccountId, id) ? undefined : await repo.lockAccount(trx, scope, id);
      if (!before) throw notFound('account', id);
      const now = this.clock.now();
      const row = await repo.updateAccount(trx, scope, id, {
        name: input.name ?? before.name,
        timezone: timezone ?? before.timezone,
        // Rules are checked when a booking is made or moved: changing them re-checks nothing.
        booking_rules: json(mergeRules(before.booking_rules, input.booking_rules)),
        holidays: holidays === undefined ? (before.holidays ? json(before.holidays) : null) : holidays ? json(holidays) : null,
        // A policy applies when a booking is made, cancelled or moved: changing it re-checks nothing.
        booking_policy: json(mergePolicy(before.booking_policy, input.booking_policy)),
        reminder_offsets_minutes: json(normalizeOffsets(input.reminder_offsets_minutes ?? before.reminder_offsets_minutes)),
        // Absent keeps the stored value; null clears it.
        display_name: input.display_name === undefined ? before.display_name : input.display_name,
        accent_color: input.accent_color === undefined ? before.accent_color : (input.accent_color?.toLowerCase() ?? null),
        booking_label_metadata_key: input.booking_label_metadata_key === undefined ? before.booking_label_metadata_key : input.booking_label_metadata_key,
        metadata: json(mergeMetadata(before.metadata, input.metadata)),
        updated_at: now,
      });
      const previous = serializeAccount(before);
      const account = serializeAccount(row);
      const changed = changedAttributes(previous, account);
      if (changed) await recordEvent(trx, { ...scope, accountId: id }, 'account.updated', account, changed, now);
      if (locks && changed && 'holidays' in changed) await recheckBookings(trx, { ...scope, accountId: id }, locks, now);
      return account;
    });
  }

  async delete(scope: PlatformScope, id: string, boundAccountId: string | null) {
    return withTransaction(this.db, async (trx) => {
      const row = !boundKeyMaySee(boundAccountId, id) ? undefined : await repo.lockAccount(trx, scope, id);
      if (!row) throw notFound('account', id);
      const now = this.clock.now();
      // A pending booking past its expires_at is expired (reads show it so) and blocks nothing.
      if (await hasFutureHolds(trx, { accountId: id }, now)) {
        throw new ApiError('account_in_use', 'This account has pending or confirmed bookings that have not ended; cancel them first.');
      }
      // It and its active resources were active until now: they count in this month even if
      // the month is opened after the delete.
      await usageMeter.accountLeaving(trx, { ...scope, accountId: id }, now);
      // Its bookings first (capacity's table), then the account and, by cascade, the rest.
      await deleteAccountBookings(trx, { accountId: id });
      await repo.deleteAccount(trx, scope, id);
      await recordEvent(trx, { ...scope, accountId: id }, 'account.deleted', serializeAccount(row), null, now);
      return { id, object: 'account', deleted: true as const };
    });
  }

  async list(scope: PlatformScope, page: PageParams, metadata: Record<string, string>, boundAccountId: string | null) {
    return toPage(await repo.listAccounts(this.db, scope, page, metadata, boundAccountId), serializeAccount);
  }
}
