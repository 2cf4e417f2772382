import { isoRequired } from '../../lib/time-format.js';
import type { Period } from '../../core/usage/periods.js';
import { periodFromFirstDay } from '../../core/usage/periods.js';
import { COUNTERS, zeroCounters, type AccountUsageRow, type Counters } from '../../metering/index.js';
import type { StatementRow } from './usage.repository.js';

export interface UsageTotals {
  totals: Counters;
  accounts: AccountUsageRow[];
}

/** Totals are the accounts' counters plus what belongs to no account (platform-level requests and deliveries). */
export function totalsOf(accounts: AccountUsageRow[], platform: { api_requests: number; webhook_deliveries: number }): Counters {
  const totals = zeroCounters();
  for (const a of accounts) for (const c of COUNTERS) totals[c] += a[c];
  totals.api_requests += platform.api_requests;
  totals.webhook_deliveries += platform.webhook_deliveries;
  return totals;
}

const accountEntry = (a: AccountUsageRow) => ({
  account: a.account,
  active_accounts: a.active_accounts,
  active_resources: a.active_resources,
  bookings_created: a.bookings_created,
  api_requests: a.api_requests,
  webhook_deliveries: a.webhook_deliveries,
});

export function serializeSummary(period: Period, livemode: boolean, usage: UsageTotals) {
  return {
    object: 'usage_summary' as const,
    period: period.name,
    period_start: isoRequired(period.start),
    period_end: isoRequired(period.end),
    livemode,
    totals: usage.totals,
    accounts: usage.accounts.map(accountEntry),
  };
}

export function serializeStatement(row: StatementRow) {
  const period = periodFromFirstDay(row.period);
  return {
    id: row.id,
    object: 'usage_statement' as const,
    period: period.name,
    period_start: isoRequired(period.start),
    period_end: isoRequired(period.end),
    livemode: row.livemode,
    totals: row.totals,
    accounts: row.accounts.map(accountEntry),
    created_at: isoRequired(row.created_at),
  };
}
