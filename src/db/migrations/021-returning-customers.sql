-- Returning customers (docs/bookings.md#returning-customers): a booking or search that asks for
-- `prefer_previous_resource` reads the customer's latest completed or confirmed booking. This
-- index answers it with one entry whatever the customer's history (cancelled, expired and
-- pending bookings are not in it). Its predicate is the reader's word for word
-- (`latestBookingOfCustomer`, src/capacity/booking-reads.repository.ts), or the planner cannot
-- use it; account_id leads, so on Citus the read routes to the account's one shard.
create index bookings_customer_latest on bookings (account_id, customer_reference, start_at desc, id desc)
  where customer_reference is not null and status in ('confirmed', 'completed');
