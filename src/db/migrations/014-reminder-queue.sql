-- The reminders due, by due time (docs/reminders.md, "The queue"). Before, every pass of the
-- reminder worker read every confirmed booking of the next 30 days across all accounts, with
-- their segments, resources and accounts, even when no account had an offset: 2.4 s a pass
-- with 66,667 such bookings. Now a pass reads the rows of this table whose `due_at` has come,
-- one index page when nothing is due.
--
-- One row per confirmed booking and offset of its resources (the resource's own, or its
-- account's), whose instant (start − offset) was not already past when the booking was made
-- or confirmed, and not yet sent. Only accounts and resources with offsets produce rows. The
-- worker deletes a row once it has handled it (sent, or found its booking no longer
-- confirmed or started).
--
-- The rows are written by the triggers below, in the transaction and statement that changes
-- the booking (or the offsets), whichever code path does it: a booking written
-- (src/capacity/writer.ts: create, reschedule, import, series), its status changed (confirm,
-- cancel, expiry, a manage link...), an account's or a resource's offsets changed. Every
-- statement of theirs is pinned to the account of the row that fired it (docs/scaling.md).
-- Bookings are deleted only with their account, whose rows go with it by the foreign key.
create table reminder_queue (
  account_id text not null references accounts (id) on delete cascade,
  booking_id text not null,
  offset_minutes integer not null,
  start_at timestamptz not null,
  due_at timestamptz not null,
  primary key (account_id, booking_id, offset_minutes)
);
-- The worker's two reads: the accounts with a row due (across accounts), then one account's
-- rows due.
create index reminder_queue_due on reminder_queue (due_at);
create index reminder_queue_account_due on reminder_queue (account_id, due_at);

-- The queue rows of the given bookings of one account, from the offsets now in force; the
-- caller has removed the rows it replaces. Sent reminders (booking_reminders) are left out.
-- The functions stay on one line: migrations are split into statements at a semicolon that ends a line.
create function reminder_queue_fill(p_account text, p_bookings text[]) returns void language plpgsql as $$ begin insert into reminder_queue (account_id, booking_id, offset_minutes, start_at, due_at) select distinct b.account_id, b.id, o.minutes::int, b.start_at, b.start_at - o.minutes::int * interval '1 minute' from bookings b join booking_segments s on s.account_id = b.account_id and s.booking_id = b.id join resources r on r.account_id = s.account_id and r.id = s.resource_id join accounts a on a.id = b.account_id cross join lateral jsonb_array_elements_text(coalesce(r.reminder_offsets_minutes, a.reminder_offsets_minutes)) as o(minutes) where b.account_id = p_account and b.id = any(p_bookings) and b.status = 'confirmed' and b.start_at - o.minutes::int * interval '1 minute' >= greatest(b.created_at, b.confirmed_at) and not exists (select 1 from booking_reminders br where br.account_id = b.account_id and br.booking_id = b.id and br.offset_minutes = o.minutes::int and br.start_at = b.start_at) on conflict do nothing; end $$;

-- Removes the queue rows of the given bookings, locking them first in key order: every
-- transaction that removes several rows takes them in the same order, so two never wait on
-- each other (the worker claims its rows with SKIP LOCKED and never waits).
create function reminder_queue_clear(p_account text, p_bookings text[]) returns void language plpgsql as $$ begin perform 1 from reminder_queue where account_id = p_account and booking_id = any(p_bookings) order by booking_id, offset_minutes for update; delete from reminder_queue where account_id = p_account and booking_id = any(p_bookings); end $$;

-- A confirmed booking's segment written (a booking is written with its segments, in one
-- statement: src/capacity/bookings.repository.ts): the offsets of the segment's resource, for
-- its booking (each segment adds its resource's; a row already there stays). When the
-- resource and its account have no offsets, that is two primary-key reads and nothing more.
-- No change of offsets can slip past: the booking holds its resources FOR UPDATE
-- (src/capacity/locks.ts), and a change of offsets locks them too (below).
create function reminder_queue_on_segment() returns trigger language plpgsql as $$ declare offsets jsonb; begin select r.reminder_offsets_minutes into offsets from resources r where r.account_id = new.account_id and r.id = new.resource_id; if offsets is null then select a.reminder_offsets_minutes into offsets from accounts a where a.id = new.account_id; end if; if offsets is null or offsets = '[]'::jsonb then return null; end if; insert into reminder_queue (account_id, booking_id, offset_minutes, start_at, due_at) select b.account_id, b.id, o.minutes::int, b.start_at, b.start_at - o.minutes::int * interval '1 minute' from bookings b cross join lateral jsonb_array_elements_text(offsets) as o(minutes) where b.account_id = new.account_id and b.id = new.booking_id and b.status = 'confirmed' and b.start_at - o.minutes::int * interval '1 minute' >= greatest(b.created_at, b.confirmed_at) and not exists (select 1 from booking_reminders br where br.account_id = b.account_id and br.booking_id = b.id and br.offset_minutes = o.minutes::int and br.start_at = b.start_at) on conflict do nothing; return null; end $$;
create trigger booking_segments_to_reminder_queue after insert on booking_segments
  for each row when (new.booking_status = 'confirmed')
  execute function reminder_queue_on_segment();

-- A booking confirmed, or no longer confirmed, or its start or confirmation time changed: its
-- rows are made again. Confirming reads its resources FOR SHARE, in id order, so that a change
-- of their offsets (or their account's) waits for it, or it for the change.
create function reminder_queue_on_booking() returns trigger language plpgsql as $$ begin if new.status = 'confirmed' then perform 1 from resources where account_id = new.account_id and id in (select resource_id from booking_segments where account_id = new.account_id and booking_id = new.id) order by id for share; end if; perform reminder_queue_clear(new.account_id, array[new.id]); if new.status = 'confirmed' then perform reminder_queue_fill(new.account_id, array[new.id]); end if; return null; end $$;
create trigger bookings_to_reminder_queue after update of status, start_at, created_at, confirmed_at on bookings
  for each row when ((old.status = 'confirmed' or new.status = 'confirmed') and (old.status is distinct from new.status or old.start_at is distinct from new.start_at or old.created_at is distinct from new.created_at or old.confirmed_at is distinct from new.confirmed_at))
  execute function reminder_queue_on_booking();

-- An account's or a resource's offsets changed: the rows of its confirmed bookings still to
-- come are made again, in the transaction of the change. A change of an account's offsets
-- locks the account's resources FOR UPDATE, in id order like a booking, so that no booking of
-- the account is written or confirmed meanwhile with the offsets it replaces (a resource's own
-- change holds that resource's row already). Its cost is that of the account's (or the
-- resource's) future bookings: docs/reminders.md, "The queue". "Still to come" is by the
-- database's clock, less a day of margin (and, for a resource's segments, the longest buffer
-- before, a day); the service's clock is the same in production.
create function reminder_queue_on_account() returns trigger language plpgsql as $$ declare ids text[]; begin perform 1 from resources where account_id = new.id order by id for update; ids := array(select b.id from bookings b where b.account_id = new.id and b.status = 'confirmed' and b.start_at > now() - interval '1 day'); perform reminder_queue_clear(new.id, ids); perform reminder_queue_fill(new.id, ids); return null; end $$;
create trigger accounts_to_reminder_queue after update of reminder_offsets_minutes on accounts
  for each row when (old.reminder_offsets_minutes is distinct from new.reminder_offsets_minutes)
  execute function reminder_queue_on_account();

create function reminder_queue_on_resource() returns trigger language plpgsql as $$ declare ids text[]; begin ids := array(select distinct s.booking_id from booking_segments s where s.account_id = new.account_id and s.resource_id = new.id and s.held_start > now() - interval '2 days' and s.booking_status = 'confirmed'); perform reminder_queue_clear(new.account_id, ids); perform reminder_queue_fill(new.account_id, ids); return null; end $$;
create trigger resources_to_reminder_queue after update of reminder_offsets_minutes on resources
  for each row when (old.reminder_offsets_minutes is distinct from new.reminder_offsets_minutes)
  execute function reminder_queue_on_resource();

-- The existing future confirmed bookings, in one statement across accounts (docs/scaling.md,
-- "Statements that fan out"); it reads them by the index below, which served only the old
-- worker and goes after it.
insert into reminder_queue (account_id, booking_id, offset_minutes, start_at, due_at)
  select distinct b.account_id, b.id, o.minutes::int, b.start_at, b.start_at - o.minutes::int * interval '1 minute'
  from bookings b
  join booking_segments s on s.account_id = b.account_id and s.booking_id = b.id
  join resources r on r.account_id = s.account_id and r.id = s.resource_id
  join accounts a on a.id = b.account_id
  cross join lateral jsonb_array_elements_text(coalesce(r.reminder_offsets_minutes, a.reminder_offsets_minutes)) as o(minutes)
  where b.status = 'confirmed' and b.start_at > now() - interval '1 day'
    and b.start_at - o.minutes::int * interval '1 minute' >= greatest(b.created_at, b.confirmed_at)
    and not exists (
      select 1 from booking_reminders br
      where br.account_id = b.account_id and br.booking_id = b.id and br.offset_minutes = o.minutes::int and br.start_at = b.start_at
    );
drop index bookings_confirmed_start;
