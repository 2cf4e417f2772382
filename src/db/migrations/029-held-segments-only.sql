-- The held-time indexes hold only the segments whose booking may hold capacity (docs/performance.md,
-- "Held time at scale"). A cancelled (or declined), expired, completed or no-show booking's segments stay in
-- the table, in the days they were booked for, and the held-time lookup read each one of them in
-- its range to find it holds nothing: a room where series are made and cancelled day after day
-- gathered thousands in the next two weeks, and in an hour's soak each new series read more of
-- them (docs/performance.md, "Soak"). A segment leaves these indexes when its booking's status,
-- copied onto it (migration 011), leaves these three; a pending or requested one past its
-- expires_at stays until the expiry worker writes it, and the lookup's rule still asks the
-- copied expires_at. The predicate must stay word for word the one the readers imply
-- (HOLDING_STATUSES in src/capacity/holds.repository.ts), or the planner cannot prove the index usable.
create index booking_segments_holding on booking_segments (account_id, resource_id, held_start, held_end)
  where booking_status in ('confirmed', 'pending', 'requested');
create index booking_segments_holding_long on booking_segments (account_id, resource_id, held_end)
  where held_end - held_start > interval '24 hours' and booking_status in ('confirmed', 'pending', 'requested');
drop index booking_segments_held;
drop index booking_segments_held_long;
