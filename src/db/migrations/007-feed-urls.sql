-- Feed URLs: the outgoing calendar of a resource (docs/feed-urls.md).
--
-- resource_feed_urls: secret feed URLs, one row per URL, per resource. Only the SHA-256 of the
-- token is stored (the URL is shown once, on create); deleting the row revokes the URL at
-- once. The public URL carries the account id, so the lookup is by (account_id, token_hash)
-- like every other account-owned key (docs/scaling.md).
--
-- bookings.revision: the iCalendar SEQUENCE of a booking. A trigger adds one on every update
-- that changes the row, whichever code path made it (confirm, cancel, re-check, metadata…),
-- so the feed never shows a changed booking with an old SEQUENCE.
create table resource_feed_urls (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  livemode boolean not null,
  resource_id text not null,
  token_hash text not null,
  token_last4 text not null,
  description text,
  created_at timestamptz not null,
  primary key (account_id, id),
  foreign key (account_id, resource_id) references resources (account_id, id) on delete cascade
);
create unique index resource_feed_urls_token on resource_feed_urls (account_id, token_hash);
create index resource_feed_urls_resource on resource_feed_urls (account_id, resource_id, id);

alter table bookings add column revision integer not null default 0;
-- The function stays on one line: migrations are split into statements at a semicolon that ends a line.
create function bookings_bump_revision() returns trigger language plpgsql as $$ begin new.revision := old.revision + 1; return new; end $$;
create trigger bookings_revision before update on bookings
  for each row when (old.* is distinct from new.*) execute function bookings_bump_revision();
