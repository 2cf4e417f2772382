-- A resource's holding segments in booking order, newest first: when a candidate was last
-- booked (`balanced` and `weighted` order, lastBookedLookup in src/capacity/facts.repository.ts)
-- is its newest segment whose booking still holds it. Walked through booking_segments_resource,
-- that read every segment of a resource whose newest bookings hold nothing any more: a coach
-- whose past appointments are all marked completed was read back to its first booking at every
-- balanced search (docs/performance.md, "Held time at scale"). This index holds only the
-- segments whose booking may hold capacity, as the held-time indexes do (migration 029), so the
-- walk stops at its first entry but for pending holds past their expiry not yet written expired.
-- The statuses must stay word for word the ones the walk implies (HOLDING_STATUSES).
-- `position >= 0` is true of every segment, and only the walk says it: a held-time lookup, whose
-- plan is made once without values, cannot prove it and so never reads this index, which would
-- give it a resource's whole holding history to filter by time instead of a bounded range
-- (test/api/held-time-plan-statistics.test.ts).
create index booking_segments_holding_by_booking on booking_segments (account_id, resource_id, booking_id)
  where booking_status in ('confirmed', 'pending', 'requested') and position >= 0;
