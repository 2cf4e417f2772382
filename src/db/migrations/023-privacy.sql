-- Privacy (docs/privacy.md): retention an operator sets per platform, and exports of an
-- account's data.

-- How long a platform keeps its events, its webhook deliveries, and the customer fields of
-- bookings and attendees after they end (null: until erased). Enforced by the retention
-- worker in bounded passes. The events API never lists events older than 30 days, so events
-- and deliveries are kept at most that long.
alter table platforms add column events_retention_days integer not null default 30;
alter table platforms add constraint platforms_events_retention_days_check check (events_retention_days between 1 and 30);
alter table platforms add column deliveries_retention_days integer not null default 30;
alter table platforms add constraint platforms_deliveries_retention_days_check check (deliveries_retention_days between 1 and 30);
alter table platforms add column bookings_personal_data_retention_days integer;
alter table platforms add constraint platforms_bookings_personal_data_retention_days_check check (bookings_personal_data_retention_days between 1 and 3650);

-- The bookings and attendees whose customer fields the retention worker may still have to
-- tombstone, by account and end (attendees by their booking, read through it).
create index bookings_personal_data on bookings (account_id, end_at) where customer_reference is not null and customer_reference <> 'erased';

-- Events by platform and age: each platform's retention deletes its own, pinned to it.
create index events_platform_created on events (platform_id, created_at);

-- Deliveries by age, for their own retention (shorter than their events').
create index webhook_deliveries_created on webhook_deliveries (platform_id, created_at);

-- An export of everything an account owns (POST /v1/accounts/{id}/exports): pending while the
-- export worker writes its files in bounded pieces (`progress` says where it stopped), then
-- ready with its manifest (files, counts, checksums), or failed.
create table exports (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  status text not null check (status in ('pending', 'ready', 'failed')),
  progress jsonb not null default '{}'::jsonb,
  manifest jsonb,
  checksum text,
  size_bytes bigint,
  failure_reason text,
  created_at timestamptz not null,
  completed_at timestamptz,
  primary key (account_id, id)
);
create index exports_pending on exports (created_at) where status = 'pending';
