-- Bookings feature: whether a segment's location was asked for (re-checks must then keep
-- requiring working time at that location; a resolved location is only informative), and
-- the indexes behind the booking list filters and the expiry workers.
alter table booking_segments add column location_requested boolean not null default false;
create index booking_segments_location on booking_segments (account_id, location_id, booking_id);
create index booking_segments_booking_resource on booking_segments (account_id, booking_id, resource_id);
create index bookings_start_id on bookings (account_id, start_at, id);
create index bookings_series on bookings (account_id, series_id, id) where series_id is not null;
create index bookings_future_end on bookings (account_id, end_at) where status in ('pending', 'confirmed');
create index attendees_pending_expiry on attendees (expires_at) where status = 'pending' and expires_at is not null;
