-- Public holidays (docs/availability.md#holidays): which country's and region's holidays close
-- a resource's days. On an account, `{country, subdivision, types}` or null (none): the default
-- of its resources. On a resource, null follows the account's; `{"off": true}` turns holidays
-- off for it; an object with a country is its own, replacing the account's.
alter table accounts add column holidays jsonb;
alter table resources add column holidays jsonb;

-- Weighted and prioritised assignment (docs/bookings.md#weighted-assignment): under
-- candidate_order `weighted`, a candidate's share of bookings (1 to 100) and its level
-- (0 to 9, lower first).
alter table resources add column assignment_weight integer not null default 1
  check (assignment_weight between 1 and 100);
alter table resources add column assignment_priority integer not null default 0
  check (assignment_priority between 0 and 9);
