-- A resource's holding segments, newest booking first: where `balanced` and `weighted` read when
-- a candidate was last booked (lastBookedLookup, src/capacity/facts.repository.ts). Through
-- booking_segments_resource, which holds every segment, the lookup walked back past every
-- newest segment that holds nothing: a room whose recent bookings are all completed, cancelled
-- or no-shows, every one of them, on every search and booking that orders by it. This index
-- holds only the segments of the statuses that may hold capacity, so the lookup's first entry is
-- its answer but for a pending one past its expires_at (docs/performance.md, "The last booking
-- of a candidate"). Its predicate is word for word that of migration 029 (HOLDING_STATUSES in
-- src/capacity/holds.repository.ts), which the lookup's rule asks first.
create index booking_segments_holding_by_booking on booking_segments (account_id, resource_id, booking_id)
  where booking_status in ('confirmed', 'pending', 'requested');
