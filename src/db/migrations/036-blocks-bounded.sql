-- Blocks read bounded at both ends, and by resource (docs/performance.md, "Blocks at scale").
-- Every search, calendar, explain, booking and re-check reads the blocks of its resources and
-- of their account (account-wide and location blocks, resource_id null) that overlap its range.
-- The only index was blocks_time (account_id, start_at, end_at): bounded by `start_at < end`
-- alone, it read every block of the ACCOUNT that began before the range, every resource's and
-- all of its past, and checked the rest row by row.
--
-- Readers now ask as held time is asked (src/capacity/block-facts.repository.ts,
-- `blocksOverlapping`): blocks that start at most a day before the range, through
-- blocks_by_resource, bounded at both ends and by resource (`resource_id = any(…)` or
-- `resource_id is null`, each its own range of the index); and the longer ones, through
-- blocks_long by their end. The predicate of blocks_long must stay word for word the one the
-- readers write (LONG_BLOCK_SQL), or the planner cannot use it.
--
-- The list of a resource's blocks, newest first (GET /v1/blocks?resource=…), walked every
-- block of the account; it reads the resource's own through blocks_by_resource now, and sorts
-- them. No index by (account_id, resource_id, id) serves it in its order: the plan the facts
-- make once, without values, guesses a resource's blocks at a row or two, and with two such
-- indexes chose that one and read a resource's every block.
create index blocks_by_resource on blocks (account_id, resource_id, start_at, end_at);
create index blocks_long on blocks (account_id, resource_id, end_at) where end_at - start_at > interval '24 hours';
drop index blocks_time;
