-- Customers on bookings and attendees (docs/policies.md#customers): who booked, in the
-- platform's own terms. Stored as columns, not only as JSON, so that a list can filter by the
-- platform's reference through an index scoped by account, and the manage page and reminders
-- read the customer's locale and time zone without parsing. A customer is present when
-- customer_reference is set; the other columns are optional.
alter table bookings add column customer_reference text;
alter table bookings add column customer_name text;
alter table bookings add column customer_email text;
alter table bookings add column customer_phone text;
alter table bookings add column customer_locale text;
alter table bookings add column customer_time_zone text;
alter table bookings add constraint bookings_customer_whole check (customer_reference is not null or (customer_name is null and customer_email is null and customer_phone is null and customer_locale is null and customer_time_zone is null));
create index bookings_customer on bookings (account_id, customer_reference, id) where customer_reference is not null;

alter table attendees add column customer_reference text;
alter table attendees add column customer_name text;
alter table attendees add column customer_email text;
alter table attendees add column customer_phone text;
alter table attendees add column customer_locale text;
alter table attendees add column customer_time_zone text;
alter table attendees add constraint attendees_customer_whole check (customer_reference is not null or (customer_name is null and customer_email is null and customer_phone is null and customer_locale is null and customer_time_zone is null));
create index attendees_customer on attendees (account_id, customer_reference, booking_id) where customer_reference is not null;

-- Booking policies (docs/policies.md): the account's object is the default, a resource's own
-- fields override it one by one. Stored as a JSON object of the fields that are set.
alter table accounts add column booking_policy jsonb not null default '{}'::jsonb;
alter table resources add column booking_policy jsonb not null default '{}'::jsonb;

-- `requested`: a booking waiting for the business's approval. It holds its time like a
-- pending hold until its expires_at, the approval timeout, when the expiry worker declines it.
alter table bookings drop constraint bookings_status_check;
alter table bookings add constraint bookings_status_check
  check (status in ('requested', 'pending', 'confirmed', 'cancelled', 'expired', 'completed', 'no_show'));
create index bookings_requested_timeout on bookings (expires_at) where status = 'requested' and expires_at is not null;
-- The future holding bookings (re-checks) now include the requested ones.
drop index bookings_future_end;
create index bookings_future_end on bookings (account_id, end_at) where status in ('requested', 'pending', 'confirmed');

-- Each time a secret key went past a policy with override_policy (docs/policies.md#override):
-- [{"rule": "cancel_cutoff_minutes", "action": "cancel", "at": "…"}].
alter table bookings add column policy_overrides jsonb not null default '[]'::jsonb;

-- What a late cancel or a no-show costs under the booking policy (docs/policies.md#fees):
-- [{"id": "chg_…", "type": "no_show", "amount": 2000, "currency": "EUR", "status": "due", …}].
-- Changed only under the booking's row lock.
alter table bookings add column charges jsonb not null default '[]'::jsonb;
