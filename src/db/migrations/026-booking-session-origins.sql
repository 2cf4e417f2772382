-- A CORS preflight carries no credential, so it cannot name its booking session: it is allowed
-- when some open session lists its origin in allowed_origins (docs/elements.md#cors). That
-- question is asked across accounts, on every preflight: by containment, through this index,
-- which holds only the open sessions (short-lived, so it stays small).
create index booking_sessions_open_origins on booking_sessions using gin (allowed_origins jsonb_path_ops)
  where completed_at is null and expired_at is null;
