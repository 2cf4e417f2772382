/**
 * The one repository of `booking_sessions` (docs/elements.md). It lives in tenancy, beside the
 * API keys, because auth resolves a session's client secret on every request that carries one,
 * below the features; the booking-sessions feature asks it through src/tenancy/index.ts.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DbHandle, Trx } from '../db/transaction.js';
import type { NewRow, Row, RowUpdate } from '../db/schema.js';
import { listPage, type PageParams } from '../db/pagination.js';
import type { AccountScope } from './index.js';

export type BookingSessionRow = Row<'booking_sessions'>;

/**
 * `bks_`, the session id's random part, the account id's (which routes the lookup to the
 * account's shard), then 32 random characters, each part after a `_`.
 */
const CLIENT_SECRET_SHAPE = /^bks_[0-9a-z]{26}_([0-9a-z]{26})_[A-Za-z0-9_-]{32}$/;

/** Whether a bearer token is a booking session's client secret (by its prefix alone). */
export const isClientSecret = (token: string): boolean => token.startsWith('bks_');

/** The account a client secret names, or null when it is not shaped like one. */
export function accountOfClientSecret(secret: string): string | null {
  const account = CLIENT_SECRET_SHAPE.exec(secret)?.[1];
  return account ? `acct_${account}` : null;
}

export const hashClientSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function insertSession(trx: Trx, row: NewRow<'booking_sessions'>): Promise<BookingSessionRow> {
  return trx.insertInto('booking_sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The session behind a client secret, whatever its state (auth decides whether it still opens). */
export function findSessionBySecret(db: DbHandle, secret: string): Promise<BookingSessionRow | undefined> {
  const accountId = accountOfClientSecret(secret);
  if (!accountId) return Promise.resolve(undefined);
  return db
    .selectFrom('booking_sessions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('secret_hash', '=', hashClientSecret(secret))
    .executeTakeFirst();
}

export function findSession(db: DbHandle, scope: AccountScope, id: string): Promise<BookingSessionRow | undefined> {
  return db.selectFrom('booking_sessions').selectAll().where('account_id', '=', scope.accountId).where('id', '=', id).executeTakeFirst();
}

/** The session's row, locked until the transaction ends (one hold at a time, one completion). */
export function lockSession(trx: Trx, scope: AccountScope, id: string): Promise<BookingSessionRow | undefined> {
  return trx
    .selectFrom('booking_sessions')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateSession(trx: Trx, scope: AccountScope, id: string, changes: RowUpdate<'booking_sessions'>): Promise<BookingSessionRow> {
  return trx
    .updateTable('booking_sessions')
    .set(changes)
    .where('account_id', '=', scope.accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Takes a customer's prefill off the account's booking sessions (docs/privacy.md#erasure): the
 * prefill is personal data, which a session copies onto the booking it holds. One statement:
 * an account's sessions are short-lived and few. Returns how many sessions lost it.
 */
export async function eraseCustomerOfSessions(trx: Trx, scope: AccountScope, customer: { reference?: string; email?: string }): Promise<number> {
  const tests = [];
  if (customer.reference !== undefined) tests.push(sql<boolean>`customer->>'reference' = ${customer.reference}`);
  if (customer.email !== undefined) tests.push(sql<boolean>`lower(customer->>'email') = ${customer.email.toLowerCase()}`);
  if (tests.length === 0) return 0;
  const rows = await trx
    .updateTable('booking_sessions')
    .set({ customer: null })
    .where('account_id', '=', scope.accountId)
    .where(sql<boolean>`(${sql.join(tests, sql` or `)})`)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Sessions of the account whose customer prefill is kept although the session ended before
 * `cutoff`: the personal-data retention's due sessions (docs/privacy.md#retention). A session
 * ends when it completes, is expired, or reaches its `expires_at`, whichever comes first
 * (`least` ignores the nulls).
 */
function prefillEndedBefore(cutoff: Date) {
  return sql<boolean>`customer is not null and least(expires_at, completed_at, expired_at) < ${cutoff}::timestamptz`;
}

/** Of these accounts, those with a session prefill kept past `cutoff` (a plain read; at most `limit`). */
export async function accountsWithSessionPrefillBefore(db: DbHandle, accountIds: readonly string[], cutoff: Date, limit: number): Promise<string[]> {
  if (accountIds.length === 0 || limit <= 0) return [];
  const rows = await db
    .selectFrom('booking_sessions')
    .select('account_id')
    .distinct()
    .where('account_id', 'in', [...accountIds])
    .where(prefillEndedBefore(cutoff))
    .limit(limit)
    .execute();
  return rows.map((r) => r.account_id);
}

/**
 * The personal-data retention of one account's booking sessions: the customer prefill of up to
 * `limit` sessions that ended before `cutoff` is removed, as erasure removes it (the booking a
 * session completed with keeps its customer until its own retention). Sessions another process
 * holds are skipped. Returns how many lost it.
 */
export async function eraseSessionPrefillsEndedBefore(trx: Trx, scope: AccountScope, cutoff: Date, limit: number): Promise<number> {
  const due = await trx
    .selectFrom('booking_sessions')
    .select('id')
    .where('account_id', '=', scope.accountId)
    .where(prefillEndedBefore(cutoff))
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length === 0) return 0;
  await trx
    .updateTable('booking_sessions')
    .set({ customer: null })
    .where('account_id', '=', scope.accountId)
    .where('id', 'in', due.map((r) => r.id))
    .execute();
  return due.length;
}

/** Up to `limit` of the account's sessions after `afterId`, in id order (exports). */
export function sessionsAfter(db: DbHandle, scope: AccountScope, afterId: string, limit: number): Promise<BookingSessionRow[]> {
  return db.selectFrom('booking_sessions').selectAll().where('account_id', '=', scope.accountId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** Newest first, optionally only those still open at `now` or only ended ones. */
export function listSessions(db: DbHandle, scope: AccountScope, page: PageParams) {
  return listPage(db.selectFrom('booking_sessions').selectAll().where('account_id', '=', scope.accountId), 'id', page);
}

/**
 * Accounts with sessions past their end whose expiry is not yet written: a plain read across
 * accounts (no locks), the first step of a worker pass (src/workers/account-pass.ts).
 */
export async function accountsWithLapsedSessions(db: DbHandle, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('booking_sessions')
    .select('account_id')
    .where('completed_at', 'is', null)
    .where('expired_at', 'is', null)
    .where('expires_at', '<=', now)
    .groupBy('account_id')
    .orderBy(sql`min(expires_at)`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.account_id);
}

/**
 * Whether some open session (neither completed nor expired, before its expires_at) lets pages on
 * `origin` use its client secret: all a CORS preflight, which carries no credential, can ask
 * (docs/elements.md#cors). A plain read across accounts that stops at the first row, through
 * the partial index booking_sessions_open_origins (docs/scaling.md, "Statements that fan out").
 */
export async function someOpenSessionAllowsOrigin(db: DbHandle, origin: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('booking_sessions')
    .select('id')
    .where(sql<boolean>`allowed_origins @> ${JSON.stringify([origin])}::jsonb`)
    .where('completed_at', 'is', null)
    .where('expired_at', 'is', null)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** When the next open session lapses after `now` (null: none is open), by the index booking_sessions_due. */
export async function nextSessionLapse(db: DbHandle, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('booking_sessions')
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .where('completed_at', 'is', null)
    .where('expired_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

/** The account's lapsed sessions, claimed so that other processes skip them. */
export function claimLapsedSessions(trx: Trx, scope: AccountScope, now: Date, limit: number): Promise<BookingSessionRow[]> {
  return trx
    .selectFrom('booking_sessions')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('completed_at', 'is', null)
    .where('expired_at', 'is', null)
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
