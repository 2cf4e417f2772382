/**
 * Usage summaries and monthly statements (docs/usage.md). Reads only the counters written as
 * the service runs (usage.meter.ts, request-meter.ts): nothing here scans bookings or resources.
 */
import type { DbHandle } from '../../db/transaction.js';
import { withTransaction } from '../../db/transaction.js';
import type { PlatformScope } from '../../tenancy/index.js';
import { ApiError, invalid } from '../../lib/errors.js';
import { assertOneCursor, type PageParams } from '../../db/pagination.js';
import { newId } from '../../lib/ids.js';
import {
  lastClosedPeriod,
  parsePeriod,
  periodFromFirstDay,
  periodOf,
  periodsBetween,
  type Period,
} from '../../core/usage/periods.js';
import { firstUsagePeriods, markPeriodActive, readPeriodCounters } from '../../metering/index.js';
import { claimPeriod, findStatement, insertStatement, isPeriodOpen, listStatements, statementPeriodById, statementPeriods } from './usage.repository.js';
import { serializeStatement, serializeSummary, totalsOf } from './usage.serializer.js';

/** Statement ids: `ust_` + time-ordered random part (docs/api-conventions.md, ids). */
export const USAGE_STATEMENT_ID_PREFIX = 'ust';

/**
 * How long after a month ends its statement waits: request counts are flushed from memory every
 * few seconds (request-meter.ts), so after this margin every count of the month has arrived.
 */
export const DEFAULT_STATEMENT_GRACE_MS = 5 * 60_000;

export interface UsageServiceOptions {
  statementGraceMs?: number;
}

export class UsageService {
  readonly statementGraceMs: number;
  /** Months known to be opened (their carry-over committed); a cache, the table is the truth. */
  #openPeriods = new Set<string>();
  /** The last closed month whose statements were all issued by this process. */
  #issuedThrough: string | null = null;

  constructor(
    private readonly db: DbHandle,
    private readonly clock: { now(): Date },
    options: UsageServiceOptions = {},
  ) {
    this.statementGraceMs = options.statementGraceMs ?? DEFAULT_STATEMENT_GRACE_MS;
  }

  /**
   * `GET /v1/usage`: one month of the caller's platform and mode. A closed month with a statement
   * answers with the statement's numbers, so the two never disagree.
   */
  async summary(scope: PlatformScope, periodText: string | undefined) {
    const now = this.clock.now();
    const period = periodText === undefined ? periodOf(now) : parsePeriod(periodText);
    if (!period) throw invalid('period', `Invalid period '${periodText}': use a month as YYYY-MM, e.g. ${periodOf(now).name}.`);
    const statement = await findStatement(this.db, scope, period.firstDay);
    if (statement) return serializeSummary(period, scope.livemode, { totals: statement.totals, accounts: statement.accounts });
    if (period.firstDay === periodOf(now).firstDay) await this.ensurePeriodOpen(period, now);
    const counters = await readPeriodCounters(this.db, scope, period.firstDay);
    return serializeSummary(period, scope.livemode, { totals: totalsOf(counters.accounts, counters.platform), accounts: counters.accounts });
  }

  /** `GET /v1/usage/statements`: newest month first, in the list envelope. */
  async statements(scope: PlatformScope, page: PageParams) {
    assertOneCursor(page);
    const cursorPeriod = async (id: string | undefined, param: string) => {
      if (id === undefined) return undefined;
      const period = await statementPeriodById(this.db, scope, id);
      if (!period) throw new ApiError('resource_missing', `No such usage statement: '${id}'`, param);
      return period;
    };
    const result = await listStatements(this.db, scope, {
      limit: page.limit ?? 20,
      startingAfterPeriod: await cursorPeriod(page.starting_after, 'starting_after'),
      endingBeforePeriod: await cursorPeriod(page.ending_before, 'ending_before'),
    });
    return { object: 'list' as const, data: result.rows.map(serializeStatement), has_more: result.hasMore };
  }

  /** Writes the carry-over of a month once: the claimer of the month marks its active objects (see markPeriodActive). */
  async ensurePeriodOpen(period: Period, now: Date = this.clock.now()): Promise<void> {
    if (this.#openPeriods.has(period.firstDay)) return;
    if (!(await isPeriodOpen(this.db, period.firstDay))) {
      await withTransaction(this.db, async (trx) => {
        if (await claimPeriod(trx, period.firstDay, now)) await markPeriodActive(trx, period.firstDay);
      });
    }
    this.#openPeriods.add(period.firstDay);
  }

  /**
   * The worker's pass: opens the current month, then issues the statement of every closed month
   * that has none yet, for every platform and mode with usage, from its first month of usage on
   * (months without any usage in between get a statement of zeros). A statement is written once
   * and never changed. Returns how many it wrote; stops after `max` (the worker runs again).
   */
  async issueDueStatements(max = 100): Promise<number> {
    const now = this.clock.now();
    await this.ensurePeriodOpen(periodOf(now), now);
    const last = lastClosedPeriod(now, this.statementGraceMs);
    if (this.#issuedThrough === last.firstDay) return 0;
    let issued = 0;
    for (const first of await firstUsagePeriods(this.db)) {
      const scope = { platformId: first.platform_id, livemode: first.livemode };
      const have = await statementPeriods(this.db, scope);
      for (const period of periodsBetween(periodFromFirstDay(first.first), last)) {
        if (have.has(period.firstDay)) continue;
        if (issued >= max) return issued;
        await this.issueStatement(scope, period);
        issued++;
      }
    }
    this.#issuedThrough = last.firstDay;
    return issued;
  }

  private async issueStatement(scope: PlatformScope, period: Period): Promise<void> {
    const now = this.clock.now();
    await withTransaction(this.db, async (trx) => {
      const counters = await readPeriodCounters(trx, scope, period.firstDay);
      await insertStatement(trx, scope, {
        id: newId(USAGE_STATEMENT_ID_PREFIX, now.getTime()),
        period: period.firstDay,
        totals: totalsOf(counters.accounts, counters.platform),
        accounts: counters.accounts,
        createdAt: now,
      });
    });
  }
}
