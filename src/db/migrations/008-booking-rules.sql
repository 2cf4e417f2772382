-- Booking rules (docs/bookings.md#booking-rules): minimum notice, maximum advance, caps per
-- local day and ISO week. The account's object is the default; a resource's own values
-- override it field by field. Stored as a JSON object of the fields that are set (a missing
-- field, or null: no rule of this object's own).
alter table accounts add column booking_rules jsonb not null default '{}'::jsonb;
alter table resources add column booking_rules jsonb not null default '{}'::jsonb;
