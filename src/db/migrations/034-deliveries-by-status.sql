-- An endpoint's deliveries of one status, newest first
-- (GET /v1/webhook_endpoints/{id}/deliveries?status=failed, docs/webhooks.md): walked through
-- webhook_deliveries_endpoint, the failures of an endpoint that mostly succeeds were found by
-- reading its every delivery, and an endpoint that every event goes to has as many as the
-- platform has events. Succeeded deliveries, the many, stay out of this index; a status of the
-- others is a range of its own in id order, so a page costs its own rows (docs/performance.md,
-- "Events at scale"). The list writes the status into its text, so that the planner can see it
-- is not `succeeded`.
create index webhook_deliveries_endpoint_unsettled on webhook_deliveries (platform_id, endpoint_id, status, id)
  where status <> 'succeeded';
