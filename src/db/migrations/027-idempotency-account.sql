-- The account a stored Idempotency-Key response acted for (the request's Service-Account or
-- its key's bound account; null for a platform-level request), so that an erasure rewrites
-- only the replays of the account it names (docs/privacy.md#erasure), never another account
-- of the platform that has a customer with the same reference or email.
alter table idempotency_keys add column account_id text;
