-- The deliveries waiting to be sent, in a table of their own (docs/webhooks.md, "The queue").
-- Until now the worker found them through four partial indexes of `webhook_deliveries`
-- (`where status = 'pending'`, `where status = 'sending'`). Those indexes hold few live
-- entries, but every delivery left a dead one behind in each as it moved on, and where no
-- autovacuum runs (the embedded database) only a rebuild, which reads the whole table, took
-- them out: in an hour's soak the claim grew from 0.9 to 6.8 ms between rebuilds, and every
-- claim, lane count and due probe with it (docs/performance.md, "Soak"). And because the
-- status was indexed, each change of a delivery's state wrote a new entry into every index of
-- the table.
--
-- Now this table holds one row per delivery that is pending or sending, with the columns the
-- worker decides by, and loses it when the delivery ends: its indexes stay as small as the
-- work waiting, and a vacuum with its index pass costs that little (the planner-statistics
-- worker runs it where no autovacuum does). `webhook_deliveries` keeps the record, with no
-- index on the columns that change, so a delivery's state changes in place (a HOT update,
-- with room left on each page by the fill factor below).
--
-- The rows are written by the trigger below, in the statement that changes the delivery,
-- whichever path does it (fan-out, claim, attempt, resend, an endpoint disabled or enabled).
-- Its statements are pinned to the delivery's platform (docs/scaling.md). A delivery deleted
-- (retention, or with its event) takes its row with it by the foreign key.
create table webhook_delivery_queue (
  platform_id text not null,
  delivery_id text not null,
  endpoint_id text not null,
  status text not null check (status in ('pending', 'sending')),
  endpoint_paused boolean not null,
  next_attempt_at timestamptz,
  locked_until timestamptz,
  primary key (platform_id, delivery_id),
  foreign key (platform_id, delivery_id) references webhook_deliveries (platform_id, id) on delete cascade
);
-- The lanes' reads (src/features/webhooks/deliveries.repository.ts): an endpoint's due
-- deliveries and its leases, then across platforms, when work next falls due.
create index webhook_delivery_queue_lane_due on webhook_delivery_queue (platform_id, endpoint_id, next_attempt_at) where status = 'pending' and not endpoint_paused;
create index webhook_delivery_queue_lane_lease on webhook_delivery_queue (platform_id, endpoint_id, locked_until) where status = 'sending';
create index webhook_delivery_queue_due on webhook_delivery_queue (next_attempt_at) where status = 'pending' and not endpoint_paused;
create index webhook_delivery_queue_lease on webhook_delivery_queue (locked_until) where status = 'sending';

-- The function stays on one line: migrations are split into statements at a semicolon that ends a line.
create function webhook_delivery_queue_follow() returns trigger language plpgsql as $$ begin if new.status in ('pending', 'sending') then insert into webhook_delivery_queue (platform_id, delivery_id, endpoint_id, status, endpoint_paused, next_attempt_at, locked_until) values (new.platform_id, new.id, new.endpoint_id, new.status, new.endpoint_paused, new.next_attempt_at, new.locked_until) on conflict (platform_id, delivery_id) do update set status = excluded.status, endpoint_paused = excluded.endpoint_paused, next_attempt_at = excluded.next_attempt_at, locked_until = excluded.locked_until; elsif tg_op = 'UPDATE' and old.status in ('pending', 'sending') then delete from webhook_delivery_queue where platform_id = new.platform_id and delivery_id = new.id; end if; return null; end $$;
create trigger webhook_deliveries_to_queue after insert or update of status, endpoint_paused, next_attempt_at, locked_until on webhook_deliveries
  for each row execute function webhook_delivery_queue_follow();

insert into webhook_delivery_queue (platform_id, delivery_id, endpoint_id, status, endpoint_paused, next_attempt_at, locked_until)
  select platform_id, id, endpoint_id, status, endpoint_paused, next_attempt_at, locked_until from webhook_deliveries where status in ('pending', 'sending');

drop index webhook_deliveries_due;
drop index webhook_deliveries_lease;
drop index webhook_deliveries_lane_due;
drop index webhook_deliveries_lane_lease;
-- A delivery is written once and changed twice or more (claimed, then its attempt recorded):
-- room on its page for the new versions keeps each change there.
alter table webhook_deliveries set (fillfactor = 70);
