-- A resource's bookings, newest first (GET /v1/bookings?resource=…), walked from its segments
-- in booking order (listBookingRows, src/capacity/booking-list.repository.ts), as locations'
-- already are through booking_segments_location. Without it the list walked the account's
-- bookings newest first and asked each for a segment there: for a room whose bookings are older
-- than its neighbours', a walk through the whole account (docs/performance.md, "Scale").
create index booking_segments_resource on booking_segments (account_id, resource_id, booking_id);
