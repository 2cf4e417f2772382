-- Held time bounded at both ends (docs/performance.md, "Held time at scale"). The index
-- booking_segments_held (account_id, resource_id, held_start, held_end) can bound a scan by
-- held_start only; `held_end > start` was checked row by row, so a lookup read every past
-- segment of the resource. Readers now bound held_start from below by a day before the window
-- (src/capacity/holds.repository.ts, `heldSegmentsOverlapping`): a segment that starts earlier
-- and still overlaps must be held for longer than a day, and those few are found here, by
-- held_end. The predicate must stay word for word the one the readers write (LONG_HELD_SQL),
-- or the planner cannot use this index.
create index booking_segments_held_long on booking_segments (account_id, resource_id, held_end)
  where held_end - held_start > interval '24 hours';
