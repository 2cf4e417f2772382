-- Delivery lanes (docs/webhooks.md#delivery-lanes): an endpoint whose last attempt failed
-- takes one attempt at a time, and rests until backoff_until before the next.
alter table webhook_endpoints add column backoff_until timestamptz;
-- One endpoint's due deliveries, oldest first, and its leases (attempts in flight, and
-- leases run out): the claim, pinned to one platform, reads each lane through these.
create index webhook_deliveries_lane_due on webhook_deliveries (platform_id, endpoint_id, next_attempt_at) where status = 'pending' and not endpoint_paused;
create index webhook_deliveries_lane_lease on webhook_deliveries (platform_id, endpoint_id, locked_until) where status = 'sending';
