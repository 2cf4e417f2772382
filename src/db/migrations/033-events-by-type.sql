-- The events of one type, newest first (GET /v1/events?type=…, docs/events.md#reading-events):
-- walked through events_list, a type that no recent event has read the platform's every event
-- of the last 30 days to find none (32 ms at 70,000 events, and linear in a platform's traffic:
-- docs/performance.md, "Events at scale"). Here an exact type is a range of its own, already in
-- id order, so a page costs its own rows whatever the platform's volume; a prefix (`booking.*`)
-- is a range of types, which `text_pattern_ops` lets a LIKE read whatever the database's
-- collation, sorted afterwards (the planner reads events_list instead for a common family).
-- The list writes its types into its text (src/events/events.repository.ts), so that a plan
-- made without values still sees them.
create index events_type on events (platform_id, livemode, type text_pattern_ops, id);
