-- Waitlists on bookings with seats (docs/waitlists.md).
--
-- bookings.waitlist_limit: how many attendees may wait (0: no waitlist); waitlist_hold_minutes:
-- the hold a promoted attendee gets (0: promoted straight to confirmed).
-- attendees.status gains 'waitlisted'; waitlist_position is its place in line, dense from 1,
-- set only while waitlisted. The booking row lock serializes every change of a booking's
-- line (docs/waitlists.md#order-and-concurrency), so positions need no unique index, which
-- could not be kept while a whole line moves up by one in a single statement.
alter table bookings add column waitlist_limit integer not null default 0 check (waitlist_limit between 0 and 10000);
alter table bookings add column waitlist_hold_minutes integer not null default 0 check (waitlist_hold_minutes between 0 and 10080);
alter table attendees drop constraint attendees_status_check;
alter table attendees add constraint attendees_status_check
  check (status in ('pending', 'confirmed', 'cancelled', 'expired', 'completed', 'no_show', 'waitlisted'));
alter table attendees add column waitlist_position integer check (waitlist_position >= 1);
alter table attendees add constraint attendees_waitlist_position_set check ((status = 'waitlisted') = (waitlist_position is not null));
create index attendees_waitlist on attendees (account_id, booking_id, waitlist_position) where status = 'waitlisted';

-- Calendar feeds: subscribed iCalendar feeds whose events are busy time of a resource
-- (docs/calendar-feeds.md). next_sync_at is also the worker's lease: a claim moves it past
-- the fetch's time limit, so other processes skip the feed while one syncs it.
create table calendar_feeds (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  resource_id text not null,
  url text not null,
  refresh_minutes integer not null check (refresh_minutes between 5 and 10080),
  description text,
  metadata jsonb not null default '{}',
  etag text,
  last_modified text,
  content_hash text,
  busy_count integer not null default 0,
  last_synced_at timestamptz,
  last_attempt_at timestamptz,
  last_error text,
  consecutive_failures integer not null default 0,
  next_sync_at timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (account_id, id),
  foreign key (account_id, resource_id) references resources (account_id, id) on delete cascade
);
create index calendar_feeds_due on calendar_feeds (next_sync_at);
create index calendar_feeds_resource on calendar_feeds (account_id, resource_id, id);

-- The busy intervals of a feed's last good sync, expanded to the horizon. A sync replaces
-- them in one transaction; the facts of availability read them by resource and time.
create table calendar_feed_busy (
  account_id text not null,
  feed_id text not null,
  position integer not null,
  resource_id text not null,
  start_at timestamptz not null,
  end_at timestamptz not null,
  uid text not null,
  primary key (account_id, feed_id, position),
  foreign key (account_id, feed_id) references calendar_feeds (account_id, id) on delete cascade
);
create index calendar_feed_busy_resource on calendar_feed_busy (account_id, resource_id, start_at, end_at);
