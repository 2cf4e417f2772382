-- Platforms, keys, accounts, locations, resources, the event outbox and idempotency keys.
--
-- Distribution rule (docs/scaling.md): every account-owned table has account_id first in
-- its primary key and in every unique constraint and foreign key, so it can be distributed
-- by account_id. Platform-scoped tables (keys, events, idempotency, webhooks) are keyed by
-- platform_id.
create table platforms (
  id text primary key,
  name text not null,
  api_version text not null,
  created_at timestamptz not null default now()
);

create table api_keys (
  id text primary key,
  platform_id text not null references platforms (id) on delete cascade,
  livemode boolean not null,
  kind text not null check (kind in ('secret', 'restricted')),
  secret_hash text not null unique,
  last4 text not null,
  name text,
  permissions jsonb,
  account_id text,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index api_keys_platform on api_keys (platform_id, id);

create table accounts (
  id text primary key,
  platform_id text not null references platforms (id) on delete cascade,
  livemode boolean not null,
  name text not null,
  timezone text not null,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index accounts_platform on accounts (platform_id, livemode, id);

create table locations (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  name text not null,
  timezone text,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (account_id, id)
);

create table resources (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  name text not null,
  type text not null,
  capacity integer not null,
  timezone text not null,
  default_location text,
  status text not null check (status in ('active', 'archived')),
  buffer_before_minutes integer not null,
  buffer_after_minutes integer not null,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (account_id, id),
  foreign key (account_id, default_location) references locations (account_id, id)
);
create index resources_type on resources (account_id, type, id);

create table events (
  platform_id text not null references platforms (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  account_id text,
  type text not null,
  object json not null,
  previous_attributes json,
  created_at timestamptz not null,
  primary key (platform_id, id)
);
create index events_list on events (platform_id, livemode, id);
create index events_account on events (platform_id, livemode, account_id, id);
create index events_created on events (created_at);

create table idempotency_keys (
  platform_id text not null references platforms (id) on delete cascade,
  livemode boolean not null,
  key text not null,
  request_hash text not null,
  state text not null check (state in ('in_flight', 'done')),
  response_status integer,
  response_body text,
  created_at timestamptz not null,
  primary key (platform_id, livemode, key)
);
create index idempotency_created on idempotency_keys (created_at);
