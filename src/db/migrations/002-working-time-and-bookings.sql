-- Schedules, overrides, blocks, bookings with their segments, and attendees.
create table schedules (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  resource_id text not null,
  effective_from date not null,
  weeks jsonb not null,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (account_id, id),
  foreign key (account_id, resource_id) references resources (account_id, id) on delete cascade
);
create index schedules_resource on schedules (account_id, resource_id, effective_from);

create table schedule_overrides (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  resource_id text not null,
  date date not null,
  intervals jsonb not null,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  primary key (account_id, id),
  unique (account_id, resource_id, date),
  foreign key (account_id, resource_id) references resources (account_id, id) on delete cascade
);

create table blocks (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  resource_id text,
  location_id text,
  account_wide boolean not null,
  start_at timestamptz not null,
  end_at timestamptz not null,
  reason text,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (account_id, id),
  foreign key (account_id, resource_id) references resources (account_id, id) on delete cascade,
  foreign key (account_id, location_id) references locations (account_id, id) on delete cascade,
  check (end_at > start_at)
);
create index blocks_time on blocks (account_id, start_at, end_at);

create table bookings (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  status text not null check (status in ('pending', 'confirmed', 'cancelled', 'expired', 'completed', 'no_show')),
  expires_at timestamptz,
  start_at timestamptz not null,
  end_at timestamptz not null,
  seats integer,
  conflict_policy text not null,
  conflicted boolean not null default false,
  conflicts jsonb,
  series_id text,
  occurrence_key text,
  replaces text,
  replaced_by text,
  cancellation_reason text,
  confirmed_at timestamptz,
  cancelled_at timestamptz,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (account_id, id)
);
create index bookings_start on bookings (account_id, start_at);
create index bookings_pending_expiry on bookings (expires_at) where status = 'pending' and expires_at is not null;

create table booking_segments (
  account_id text not null,
  booking_id text not null,
  position integer not null,
  resource_id text not null,
  location_id text,
  start_at timestamptz not null,
  end_at timestamptz not null,
  held_start timestamptz not null,
  held_end timestamptz not null,
  quantity integer not null,
  buffer_before_minutes integer not null,
  buffer_after_minutes integer not null,
  primary key (account_id, booking_id, position),
  foreign key (account_id, booking_id) references bookings (account_id, id) on delete cascade,
  foreign key (account_id, resource_id) references resources (account_id, id)
);
create index booking_segments_held on booking_segments (account_id, resource_id, held_start, held_end);

create table attendees (
  account_id text not null,
  id text not null,
  livemode boolean not null,
  booking_id text not null,
  status text not null check (status in ('pending', 'confirmed', 'cancelled', 'expired', 'completed', 'no_show')),
  seats integer not null,
  expires_at timestamptz,
  cancellation_reason text,
  confirmed_at timestamptz,
  cancelled_at timestamptz,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (account_id, id),
  foreign key (account_id, booking_id) references bookings (account_id, id) on delete cascade
);
create index attendees_booking on attendees (account_id, booking_id, id);
