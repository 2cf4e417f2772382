-- Who made each change, through which door, in which request (docs/events.md#actors), and the
-- object an event is about, so that one object's changes can be listed in order
-- (GET /v1/bookings/{id}/history). Events written before this migration have none of them.
alter table events add column actor_type text;
alter table events add column actor_id text;
alter table events add column request_id text;
alter table events add column object_id text;
-- GET /v1/events?actor.type=…&actor.id=… of one platform and mode, newest first.
create index events_actor on events (platform_id, livemode, actor_type, actor_id, id);
-- One object's events, in order.
create index events_object on events (platform_id, object_id, id);
