-- booking_segments carry a copy of their booking's status and expires_at, so that "does this
-- segment hold capacity" is answered by the segment row itself (docs/performance.md, "Held
-- time"). Before, every held segment a search or a booking read was checked against its
-- booking by primary key: 2,100 lookups for 50 candidates over a week, four fifths of that
-- search's time in the engine.
--
-- The copies are written with the segments (src/capacity/bookings.repository.ts) and kept in
-- step by the trigger below, whichever code path changes a booking (confirm, cancel, expiry,
-- replace, series, a test's own SQL), in the same statement, so no reader ever sees a segment
-- and its booking disagree. The trigger touches only the rows of the booking's own account
-- (docs/scaling.md).
alter table booking_segments add column booking_status text;
alter table booking_segments add column booking_expires_at timestamptz;
update booking_segments s set booking_status = b.status, booking_expires_at = b.expires_at
  from bookings b where b.account_id = s.account_id and b.id = s.booking_id;
alter table booking_segments alter column booking_status set not null;
-- The function stays on one line: migrations are split into statements at a semicolon that ends a line.
create function booking_segments_follow_booking() returns trigger language plpgsql as $$ begin update booking_segments set booking_status = new.status, booking_expires_at = new.expires_at where account_id = new.account_id and booking_id = new.id; return null; end $$;
create trigger bookings_status_to_segments after update of status, expires_at on bookings
  for each row when (old.status is distinct from new.status or old.expires_at is distinct from new.expires_at)
  execute function booking_segments_follow_booking();
