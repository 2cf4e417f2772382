/**
 * The write side of usage metering (docs/usage.md): counters bumped inside the transaction of
 * the change they count, so a counter moves if and only if the change commits. Each bump is
 * one upsert (`insert … on conflict do update set x = x + excluded.x`), safe under any number
 * of concurrent writers on PostgreSQL and needing no read first. The usage feature
 * (src/features/usage) reads them and issues the statements.
 *
 * An account's month is up to COUNTER_SLOTS rows (migration 024, docs/usage.md#counter-slots):
 * the counts that every booking and event adds go to a slot chosen at random, so concurrent
 * transactions of one account rarely wait on one row; everything else writes slot 0, and
 * every read sums the slots.
 */
import { CompiledQuery, sql } from 'kysely';
import type { DbHandle, Trx } from '../db/transaction.js';
import { json } from '../db/transaction.js';
import type { PlatformScope } from '../tenancy/index.js';
import { SENT_WITH_NEXT_TEXT, sentWithNext } from '../db/sent-with-next.js';

/**
 * `endsWork`: nothing but COMMIT follows the upsert in its transaction, so it may travel with
 * COMMIT (src/db/sent-with-next.ts); its answer is not read either way. `slot`: the row of the
 * account's month to add to (default: one at random).
 */
export interface CounterWrite {
  endsWork: boolean;
  slot?: number;
}

const markedFor = ({ endsWork }: CounterWrite) => (endsWork ? sentWithNext : sql``);

export const COUNTERS = ['active_accounts', 'active_resources', 'bookings_created', 'api_requests', 'webhook_deliveries'] as const;
export type CounterName = (typeof COUNTERS)[number];
export type Counters = Record<CounterName, number>;

export interface CounterScope extends PlatformScope {
  accountId: string;
}

/** How many rows an account's month may spread over. */
export const COUNTER_SLOTS = 8;
export const anySlot = () => Math.floor(Math.random() * COUNTER_SLOTS);

export const zeroCounters = (): Counters => ({ active_accounts: 0, active_resources: 0, bookings_created: 0, api_requests: 0, webhook_deliveries: 0 });

/**
 * Adds to one account's counters of one month, in a slot chosen at random (creating the row on
 * first use). Every booking sends it, so its text is written once per set of counters (and
 * mark), not built by kysely each time.
 */
export async function addToAccountCounters(
  trx: DbHandle,
  scope: CounterScope,
  period: string,
  amounts: Partial<Counters>,
  write: CounterWrite = { endsWork: false },
): Promise<void> {
  const names = COUNTERS.filter((c) => (amounts[c] ?? 0) !== 0);
  if (names.length === 0) return;
  const values: unknown[] = [scope.accountId, period, scope.platformId, scope.livemode, write.slot ?? anySlot()];
  for (const c of names) values.push(amounts[c]);
  await trx.executeQuery(CompiledQuery.raw(accountUpsertText(names, write), values));
}

const accountUpsertTexts = new Map<string, string>();
function accountUpsertText(names: readonly CounterName[], { endsWork }: CounterWrite): string {
  const key = `${names.join(',')}${endsWork ? ' ends' : ''}`;
  let text = accountUpsertTexts.get(key);
  if (text === undefined) {
    text =
      `insert into usage_counters (account_id, period, platform_id, livemode, slot, ${names.join(', ')}) ` +
      `values ($1, $2, $3, $4, $5, ${names.map((_, i) => `$${i + 6}`).join(', ')}) ` +
      `on conflict (account_id, period, slot) do update set ${names.map((c) => `${c} = usage_counters.${c} + excluded.${c}`).join(', ')}` +
      (endsWork ? ` ${SENT_WITH_NEXT_TEXT}` : '');
    accountUpsertTexts.set(key, text);
  }
  return text;
}

/**
 * The statement that ends an event's insert (src/events/fanout.repository.ts): it adds the rows
 * of the common table expression `delivered` (one a delivery written) to the webhook deliveries
 * of the event's account in `period` (in `slot`), or of its platform when the event is
 * the platform's; an event with no delivery adds nothing. Counted by the statement that writes
 * them, an event's deliveries need no answer from the server, so the event travels with the
 * statement after it (src/db/sent-with-next.ts). Under Citus the counters are another group of
 * shards than the events: the coordinator runs the two inserts as steps of one statement.
 */
export function addDeliveriesOf(delivered: string, scope: PlatformScope & { accountId: string | null }, period: string, slot: number) {
  const count = sql`count(*) from ${sql.table(delivered)} having count(*) > 0`;
  if (scope.accountId === null) {
    return sql`
      insert into usage_platform_counters (platform_id, livemode, period, api_requests, webhook_deliveries)
      select ${scope.platformId}::text, ${scope.livemode}::boolean, ${period}::date, 0, ${count}
      on conflict (platform_id, livemode, period)
        do update set webhook_deliveries = usage_platform_counters.webhook_deliveries + excluded.webhook_deliveries`;
  }
  return sql`
    insert into usage_counters (account_id, period, platform_id, livemode, slot, webhook_deliveries)
    select ${scope.accountId}::text, ${period}::date, ${scope.platformId}::text, ${scope.livemode}::boolean, ${slot}::int2, ${count}
    on conflict (account_id, period, slot)
      do update set webhook_deliveries = usage_counters.webhook_deliveries + excluded.webhook_deliveries`;
}

/** Adds to what a platform used outside any account in one month. */
export async function addToPlatformCounters(
  trx: DbHandle,
  scope: PlatformScope,
  period: string,
  amounts: { api_requests?: number; webhook_deliveries?: number },
  write: CounterWrite = { endsWork: false },
): Promise<void> {
  const apiRequests = amounts.api_requests ?? 0;
  const deliveries = amounts.webhook_deliveries ?? 0;
  if (apiRequests === 0 && deliveries === 0) return;
  await trx
    .insertInto('usage_platform_counters')
    .values({ platform_id: scope.platformId, livemode: scope.livemode, period, api_requests: apiRequests, webhook_deliveries: deliveries })
    .onConflict((oc) =>
      oc.columns(['platform_id', 'livemode', 'period']).doUpdateSet({
        api_requests: sql`usage_platform_counters.api_requests + excluded.api_requests`,
        webhook_deliveries: sql`usage_platform_counters.webhook_deliveries + excluded.webhook_deliveries`,
      }),
    )
    .modifyEnd(markedFor(write))
    .execute();
}

/**
 * Marks an account (objectId = the account id) or a resource as active in a month; the
 * matching counter rises only the first time, in the same statement, so marking twice (or a
 * month's carry-over racing a change) never counts twice.
 */
export async function markActive(
  trx: Trx,
  scope: CounterScope,
  period: string,
  kind: 'account' | 'resource',
  objectId: string,
): Promise<void> {
  const counter = kind === 'account' ? sql.ref('active_accounts') : sql.ref('active_resources');
  await sql`
    with marked as (
      insert into usage_active_objects (account_id, period, object_id)
      values (${scope.accountId}, ${period}, ${objectId})
      on conflict do nothing
      returning 1
    )
    insert into usage_counters (account_id, period, platform_id, livemode, ${counter})
    select ${scope.accountId}, ${period}, ${scope.platformId}, ${scope.livemode}, count(*) from marked having count(*) > 0
    on conflict (account_id, period, slot) do update set ${counter} = usage_counters.${counter} + excluded.${counter}`.execute(trx);
}

/** Marks every active resource of one account as active in a month (before the account goes). */
export async function markActiveResourcesOf(trx: Trx, scope: CounterScope, period: string): Promise<void> {
  await sql`
    with marked as (
      insert into usage_active_objects (account_id, period, object_id)
      select account_id, ${period}::date, id from resources where account_id = ${scope.accountId} and status = 'active'
      on conflict do nothing
      returning 1
    )
    insert into usage_counters (account_id, period, platform_id, livemode, active_resources)
    select ${scope.accountId}, ${period}::date, ${scope.platformId}, ${scope.livemode}, count(*) from marked having count(*) > 0
    on conflict (account_id, period, slot) do update set active_resources = usage_counters.active_resources + excluded.active_resources`.execute(trx);
}

/** One flush of request counts gathered in memory: every row in one statement per table. */
export async function addApiRequests(
  trx: Trx,
  rows: { platformId: string; livemode: boolean; accountId: string | null; period: string; count: number }[],
): Promise<void> {
  const accountRows = rows.filter((r) => r.accountId !== null);
  const platformRows = rows.filter((r) => r.accountId === null);
  if (accountRows.length) {
    await trx
      .insertInto('usage_counters')
      .values(
        accountRows.map((r) => ({ account_id: r.accountId!, period: r.period, platform_id: r.platformId, livemode: r.livemode, api_requests: r.count })),
      )
      .onConflict((oc) => oc.columns(['account_id', 'period', 'slot']).doUpdateSet({ api_requests: sql`usage_counters.api_requests + excluded.api_requests` }))
      .execute();
  }
  if (platformRows.length) {
    await trx
      .insertInto('usage_platform_counters')
      .values(platformRows.map((r) => ({ platform_id: r.platformId, livemode: r.livemode, period: r.period, api_requests: r.count })))
      .onConflict((oc) =>
        oc.columns(['platform_id', 'livemode', 'period']).doUpdateSet({ api_requests: sql`usage_platform_counters.api_requests + excluded.api_requests` }),
      )
      .execute();
  }
}

/**
 * Opens a month's counts: marks every account and every active resource that exists now as
 * active in it, and adds them to the month's counters, in one statement. Done once per month,
 * by the caller that claimed the month (the usage feature's `usage_periods` guard). Objects
 * that stop being active later in the month are already counted; objects that stopped before
 * the month opened were marked by that change (see UsageMeter).
 */
export async function markPeriodActive(trx: Trx, period: string): Promise<void> {
  await sql`
    with marked as (
      insert into usage_active_objects (account_id, period, object_id)
      select id, ${period}::date, id from accounts
      union all
      select account_id, ${period}::date, id from resources where status = 'active'
      on conflict do nothing
      returning account_id, object_id
    ), per_account as (
      select account_id,
             count(*) filter (where object_id = account_id) as accounts,
             count(*) filter (where object_id <> account_id) as resources
      from marked group by account_id
    )
    insert into usage_counters (account_id, period, platform_id, livemode, active_accounts, active_resources)
    select p.account_id, ${period}::date, a.platform_id, a.livemode, p.accounts, p.resources
    from per_account p join accounts a on a.id = p.account_id
    on conflict (account_id, period, slot) do update set
      active_accounts = usage_counters.active_accounts + excluded.active_accounts,
      active_resources = usage_counters.active_resources + excluded.active_resources`.execute(trx);
}

export interface AccountUsageRow extends Counters {
  account: string;
}

const toNumber = (v: unknown) => Number(v ?? 0);

/** The usage API's reads. One month of a platform and mode: each account's counters and the platform-level ones. */
export async function readPeriodCounters(
  db: DbHandle,
  scope: PlatformScope,
  period: string,
): Promise<{ accounts: AccountUsageRow[]; platform: { api_requests: number; webhook_deliveries: number } }> {
  const rows = await db
    .selectFrom('usage_counters')
    .select((eb) => ['account_id', ...COUNTERS.map((c) => eb.fn.sum<string>(c).as(c))])
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('period', '=', period)
    .groupBy('account_id')
    .orderBy('account_id')
    .execute();
  const platform = await db
    .selectFrom('usage_platform_counters')
    .select(['api_requests', 'webhook_deliveries'])
    .where('platform_id', '=', scope.platformId)
    .where('livemode', '=', scope.livemode)
    .where('period', '=', period)
    .executeTakeFirst();
  return {
    accounts: rows.map((r) => ({
      account: r.account_id,
      active_accounts: toNumber(r.active_accounts),
      active_resources: toNumber(r.active_resources),
      bookings_created: toNumber(r.bookings_created),
      api_requests: toNumber(r.api_requests),
      webhook_deliveries: toNumber(r.webhook_deliveries),
    })),
    platform: { api_requests: toNumber(platform?.api_requests), webhook_deliveries: toNumber(platform?.webhook_deliveries) },
  };
}

/** The earliest month with any usage of each platform and mode (where statements start). */
export async function firstUsagePeriods(db: DbHandle): Promise<{ platform_id: string; livemode: boolean; first: string }[]> {
  const rows = await sql<{ platform_id: string; livemode: boolean; first: string }>`
    select platform_id, livemode, min(period)::text as first from (
      select platform_id, livemode, period from usage_counters
      union all
      select platform_id, livemode, period from usage_platform_counters
    ) u group by platform_id, livemode order by platform_id, livemode`.execute(db);
  return rows.rows;
}
