-- Recurring series (docs/series.md).
--
-- - `series`: the rule, the template and where generation stands. `due_at` is when the
--   horizon worker must look at the series next: the start of its next occurrence less
--   `horizon_days` (there is an occurrence to generate), or the end of its last occurrence
--   (the rule is exhausted: the series ends). Null while nothing is due (cancelled, ended).
--   `begins_at` is set on a series made by a split: its rule keeps the parent's DTSTART (so
--   INTERVAL phase and COUNT carry on), and its occurrences begin at the split instant.
-- - `series_resources`: every resource a series' template names, so that deleting a resource
--   can refuse with resource_in_use while an active series names it (one indexed lookup).
-- - `series_skipped_occurrences`: occurrences the series' conflict policy refused, with
--   their conflicts (GET /v1/series/{id}/skipped_occurrences).
-- - `bookings.cancelled_by_series`: an occurrence cancelled by a change of its series (update
--   from a date, split, cancel), as opposed to one cancelled by hand, which must never be
--   generated again.
-- - One live booking per series and occurrence key: two horizon workers, or a worker and an
--   update, can never both book the same occurrence.
create table series (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  status text not null check (status in ('active', 'ended', 'cancelled')),
  rrule text not null,
  start_date date not null,
  start_time text not null,
  timezone text not null,
  template jsonb not null,
  horizon_days integer not null,
  conflict_policy text not null check (conflict_policy in ('reject', 'capacity_only', 'allow')),
  generated_until timestamptz,
  ends_before timestamptz,
  split_from text,
  split_into text,
  begins_at timestamptz,
  due_at timestamptz,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (account_id, id)
);
create index series_status on series (account_id, status, id);
create index series_due on series (due_at) where status = 'active' and due_at is not null;

create table series_resources (
  account_id text not null,
  series_id text not null,
  resource_id text not null,
  primary key (account_id, series_id, resource_id),
  foreign key (account_id, series_id) references series (account_id, id) on delete cascade,
  foreign key (account_id, resource_id) references resources (account_id, id) on delete cascade
);
create index series_resources_resource on series_resources (account_id, resource_id);

create table series_skipped_occurrences (
  account_id text not null,
  series_id text not null,
  occurrence_key text not null,
  start_at timestamptz not null,
  end_at timestamptz not null,
  conflicts jsonb not null,
  created_at timestamptz not null,
  primary key (account_id, series_id, occurrence_key),
  foreign key (account_id, series_id) references series (account_id, id) on delete cascade
);
create index series_skipped_start on series_skipped_occurrences (account_id, series_id, start_at);

alter table bookings add column cancelled_by_series boolean not null default false;
create unique index bookings_series_occurrence on bookings (account_id, series_id, occurrence_key)
  where series_id is not null and occurrence_key is not null and status <> 'cancelled';
create index bookings_series_start on bookings (account_id, series_id, start_at) where series_id is not null;
