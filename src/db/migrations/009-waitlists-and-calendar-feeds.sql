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
