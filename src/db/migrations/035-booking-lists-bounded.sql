-- The account's booking lists a front desk and an integration ask for most, bounded whatever
-- the account's history (GET /v1/bookings, docs/bookings.md#listing; docs/performance.md,
-- "Lists at scale"). Each of these walked the account's every booking, newest first or by
-- start, and checked its filter row by row: about 11 ms at 55,000 bookings, and linear in them.

-- A status: the bookings of the account that are not confirmed, by status, newest first. A
-- status none has (`requested`, a queue most accounts keep empty) is an empty range here; the
-- list writes its statuses as literals, which prove this index's predicate. Confirmed
-- bookings, most of history, are not in it, so writing one costs the index nothing.
create index bookings_status on bookings (account_id, status, id) where status <> 'confirmed';

-- From an instant (`from`, `from_date`): `end_at > from` bounds no index that orders by start,
-- so the list read every earlier booking of the account. It now reads those starting at most a
-- day before `from` through bookings_start_id, bounded at both ends, and the longer ones
-- through this index, as the held-time lookup does (migration 013). The predicate must stay
-- word for word the one the list writes (LONG_BOOKING_SQL, src/capacity/booking-list.repository.ts).
create index bookings_long on bookings (account_id, end_at) where end_at - start_at > interval '24 hours';

-- A metadata pair (`metadata[key]=value`): one row a pair of a booking's metadata, kept by
-- the triggers below in the statement that writes the booking, whichever door writes it
-- (create, update, import, a series). Its key orders a pair's bookings newest first, so a page
-- costs its own rows, and a pair no booking has is an empty range. No other index: one by
-- booking would also order the account's rows newest first, and a plan made without values,
-- weighing a pair as common, walked it through every pair of the account to find one. Bookings
-- are deleted only with their account (src/capacity/bookings.repository.ts), and their rows
-- with it.
create table booking_metadata (
  account_id text not null references accounts (id) on delete cascade,
  key text not null,
  value text not null,
  booking_id text not null,
  primary key (account_id, key, value, booking_id)
);

-- The functions stay on one line: migrations are split into statements at a semicolon that ends a line.
create function booking_metadata_on_insert() returns trigger language plpgsql as $$ begin insert into booking_metadata (account_id, key, value, booking_id) select new.account_id, m.key, m.value, new.id from jsonb_each_text(new.metadata) as m(key, value); return null; end $$;
create trigger bookings_to_metadata after insert on bookings
  for each row when (new.metadata <> '{}'::jsonb)
  execute function booking_metadata_on_insert();

-- The old pairs are removed by their keys, the new ones written.
create function booking_metadata_on_update() returns trigger language plpgsql as $$ begin delete from booking_metadata d using jsonb_each_text(old.metadata) as m(key, value) where d.account_id = old.account_id and d.key = m.key and d.value = m.value and d.booking_id = old.id; insert into booking_metadata (account_id, key, value, booking_id) select new.account_id, m.key, m.value, new.id from jsonb_each_text(new.metadata) as m(key, value); return null; end $$;
create trigger bookings_metadata_changed after update of metadata on bookings
  for each row when (old.metadata is distinct from new.metadata)
  execute function booking_metadata_on_update();

-- The bookings written before this migration, in one statement across accounts.
insert into booking_metadata (account_id, key, value, booking_id)
  select b.account_id, m.key, m.value, b.id from bookings b cross join lateral jsonb_each_text(b.metadata) as m(key, value)
  where b.metadata <> '{}'::jsonb;
