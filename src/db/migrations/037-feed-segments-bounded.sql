-- A resource's calendar feed bounded by its window, whatever the resource's history
-- (docs/feed-urls.md; docs/performance.md, "Feeds at scale"). The feed found the resource's
-- segments through booking_segments_resource (account_id, resource_id, booking_id) and checked
-- the window row by row, so it read every segment of the resource, those years before the
-- window too: a room with 50,000 past bookings read them all at every fetch.
--
-- The feed's confirmed segments are read through the held-time indexes (migration 029), in two
-- parts as held time is (a segment's held time contains its time). The segments of the
-- settled statuses the feed also shows (completed, no_show, and cancelled when it had been
-- confirmed) are read through these two, in the same two parts: those starting at most a day
-- before the window, by start, and the longer ones by their end. A booking is written
-- confirmed (or pending, or requested), which these predicates leave out: its insert writes
-- no entry here. A segment enters when its booking settles, in the update that already writes
-- it into the segment's other indexes (migration 029). The predicates must stay word for word
-- the ones the feed writes (SETTLED_STATUSES and LONG_SEGMENT_SQL in
-- src/capacity/feed-bookings.repository.ts), or the planner cannot prove them.
create index booking_segments_settled on booking_segments (account_id, resource_id, start_at, end_at)
  where booking_status in ('completed', 'no_show', 'cancelled');
create index booking_segments_settled_long on booking_segments (account_id, resource_id, end_at)
  where end_at - start_at > interval '24 hours' and booking_status in ('completed', 'no_show', 'cancelled');
