-- Usage metering (docs/usage.md). Counters are written as the service runs, never recounted
-- from the bookings or resources tables at read time:
--
-- - `usage_counters`: one row per account and month (`period` = the first day of the UTC
--   month). Account-owned (account_id first in the key, docs/scaling.md), but with no foreign
--   key to accounts: a platform pays for an account's month even after the account is deleted.
-- - `usage_platform_counters`: what belongs to no account (requests on platform-level routes,
--   deliveries of platform-level events), per platform, mode and month.
-- - `usage_active_objects`: which accounts and resources were active in a month, one row each,
--   so that "active at any time in the period" is counted once however often it is marked.
-- - `usage_periods`: months whose carry-over (every account and active resource that exists
--   when the month opens) has been written.
-- - `usage_statements`: the frozen summary of a closed month, written once, never updated.
create table usage_counters (
  account_id text not null,
  period date not null,
  platform_id text not null,
  livemode boolean not null,
  active_accounts bigint not null default 0,
  active_resources bigint not null default 0,
  bookings_created bigint not null default 0,
  api_requests bigint not null default 0,
  webhook_deliveries bigint not null default 0,
  primary key (account_id, period)
);
create index usage_counters_platform on usage_counters (platform_id, livemode, period);

create table usage_platform_counters (
  platform_id text not null references platforms (id) on delete cascade,
  livemode boolean not null,
  period date not null,
  api_requests bigint not null default 0,
  webhook_deliveries bigint not null default 0,
  primary key (platform_id, livemode, period)
);

create table usage_active_objects (
  account_id text not null,
  period date not null,
  object_id text not null,
  primary key (account_id, period, object_id)
);

create table usage_periods (
  period date primary key,
  opened_at timestamptz not null
);

create table usage_statements (
  platform_id text not null references platforms (id) on delete cascade,
  livemode boolean not null,
  period date not null,
  id text not null,
  totals jsonb not null,
  accounts jsonb not null,
  created_at timestamptz not null,
  primary key (platform_id, livemode, period)
);
create unique index usage_statements_id on usage_statements (platform_id, id);
