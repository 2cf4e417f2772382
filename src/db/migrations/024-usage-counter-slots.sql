-- An account's counters of a month in up to eight rows (slots) instead of one
-- (docs/usage.md#counter-slots).
--
-- Every booking and every event's deliveries add to the account's counters in the
-- transaction that makes them, just before COMMIT (src/metering/meter.ts). With one row, two
-- concurrent transactions of one account queued on that row from the upsert to the other's
-- commit: a soak on PostgreSQL measured 15 to 20 ms of such waits a booking. A writer now adds
-- to one of eight rows, chosen at random, and a reader sums them; two concurrent writers meet
-- on one row once in eight. The rows written outside those hot paths (the activity marks, the
-- request meter's flushes) stay on slot 0.
alter table usage_counters add column slot smallint not null default 0;
alter table usage_counters drop constraint usage_counters_pkey;
alter table usage_counters add primary key (account_id, period, slot);
