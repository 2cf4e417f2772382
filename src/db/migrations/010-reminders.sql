-- Reminder events, manage links (docs/reminders.md, docs/manage-links.md).
--
-- reminder_offsets_minutes: how long before a booking's start `booking.reminder` is emitted,
-- as a JSON array of distinct minutes. On accounts: the default (empty: no reminders); on a
-- resource: null follows the account, an array (even empty) replaces the account's.
alter table accounts add column reminder_offsets_minutes jsonb not null default '[]';
alter table resources add column reminder_offsets_minutes jsonb;

-- events.details: what an event says beyond the object and its previous attributes, merged
-- into the event's `data` (booking.reminder: `reminder`; changes made through a manage link:
-- `source`). Null for most events.
alter table events add column details jsonb;

-- One row per reminder sent. The key makes each reminder once, whichever worker process
-- gets there first: a second insert of the same key does nothing. A reschedule makes a new
-- booking (another id and start), so its reminders are new rows.
create table booking_reminders (
  account_id text not null,
  booking_id text not null,
  offset_minutes integer not null,
  start_at timestamptz not null,
  remind_at timestamptz not null,
  created_at timestamptz not null,
  primary key (account_id, booking_id, offset_minutes, start_at),
  foreign key (account_id, booking_id) references bookings (account_id, id) on delete cascade
);

-- The worker looks only at confirmed bookings starting within the longest offset.
create index bookings_confirmed_start on bookings (start_at) where status = 'confirmed';

-- Self-service links of a booking. Only the SHA-256 of the token is stored (the URL is shown
-- once, on create). The public URL carries the account id, so the lookup is by
-- (account_id, token_hash) like every other account-owned key.
create table manage_links (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  booking_id text not null,
  token_hash text not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  metadata jsonb not null default '{}',
  created_at timestamptz not null,
  primary key (account_id, id),
  foreign key (account_id, booking_id) references bookings (account_id, id) on delete cascade
);
create unique index manage_links_token on manage_links (account_id, token_hash);
create index manage_links_booking on manage_links (account_id, booking_id, id);
