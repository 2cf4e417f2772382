-- Webhook endpoints and their deliveries (docs/webhooks.md). Platform-scoped, keyed by
-- platform_id like the events they carry.
--
-- A delivery is one event for one endpoint: `pending` (waiting for next_attempt_at),
-- `sending` (claimed by a worker until locked_until; claimable again after that, which is
-- what makes delivery at-least-once when a worker dies mid-request), `succeeded`, `failed`.
--
-- `endpoint_paused` mirrors "the endpoint is disabled" on its waiting deliveries, so that the
-- index of due deliveries skips them: a disabled endpoint's backlog (all of it overdue) would
-- otherwise be walked first by every claim.
create table webhook_endpoints (
  platform_id text not null references platforms (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  url text not null,
  enabled_events jsonb not null,
  api_version text not null,
  secret text not null,
  status text not null check (status in ('enabled', 'disabled')),
  disabled_reason text check (disabled_reason in ('manual', 'failing')),
  disabled_at timestamptz,
  last_success_at timestamptz,
  failing_since timestamptz,
  consecutive_failures integer not null default 0,
  description text,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (platform_id, id)
);
create index webhook_endpoints_list on webhook_endpoints (platform_id, livemode, id);

create table webhook_deliveries (
  platform_id text not null,
  id text not null,
  livemode boolean not null,
  event_id text not null,
  event_type text,
  endpoint_id text not null,
  status text not null check (status in ('pending', 'sending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  locked_until timestamptz,
  claim_token text,
  endpoint_paused boolean not null default false,
  last_attempt_at timestamptz,
  last_response_status integer,
  last_error text,
  resent_at timestamptz,
  recent_attempts jsonb not null default '[]',
  created_at timestamptz not null,
  primary key (platform_id, id),
  foreign key (platform_id, event_id) references events (platform_id, id) on delete cascade,
  foreign key (platform_id, endpoint_id) references webhook_endpoints (platform_id, id) on delete cascade
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending' and not endpoint_paused;
create index webhook_deliveries_lease on webhook_deliveries (locked_until) where status = 'sending';
create index webhook_deliveries_event on webhook_deliveries (platform_id, event_id, id);
create index webhook_deliveries_endpoint on webhook_deliveries (platform_id, endpoint_id, id);
create index webhook_deliveries_endpoint_event on webhook_deliveries (platform_id, endpoint_id, event_id);
