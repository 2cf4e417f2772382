-- Two plans that grew with the bookings stored (docs/performance.md, "Soak").
--
-- The re-check that follows a cancel, an expiry, a reschedule or a series change looks only at
-- flagged bookings (src/capacity/bookings.repository.ts, `onlyConflicted`), but it found them
-- among every future booking of the account (bookings_future_end), so each cancel read more
-- as bookings were made. Flagged bookings are few: this index holds only them. Its predicate
-- is the reader's word for word (`b.conflicted`), or the planner cannot use it.
create index bookings_conflicted_end on bookings (account_id, end_at) where conflicted;

-- bookings_start (account_id, start_at) is the prefix of bookings_start_id (account_id,
-- start_at, id), which serves every read it served: one index fewer to write per booking, and
-- one fewer wrong choice for a plan made while the table was nearly empty (a foreign-key check
-- of each new segment, cached by its connection, looked its booking up through it and read
-- every booking of the account, until statistics were gathered: src/workers/planner-statistics.ts).
drop index bookings_start;
