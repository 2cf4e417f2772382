-- Booking sessions (docs/elements.md): a short-lived grant, made by a platform's server for one
-- account, that lets a browser search one template's slots, hold one, fill the customer and
-- confirm, with the session's client secret instead of an API key. Only the SHA-256 of the
-- client secret is stored (it is shown once, on create). The secret carries the account id,
-- so the lookup is by (account_id, secret_hash) like every other account-owned key.
create table booking_sessions (
  account_id text not null references accounts (id) on delete cascade,
  id text not null,
  platform_id text not null,
  livemode boolean not null,
  secret_hash text not null,
  -- The API version of the key that made it: the version its client secret speaks.
  api_version text not null,
  -- What the client secret may search and book: segments, window, grid, hold length.
  template jsonb not null,
  customer jsonb,
  customer_fields jsonb not null,
  allowed_origins jsonb not null,
  return_url text,
  metadata jsonb not null default '{}',
  -- The booking its client secret holds now (one at a time), then the one it completed with.
  booking_id text,
  expires_at timestamptz not null,
  completed_at timestamptz,
  expired_at timestamptz,
  created_at timestamptz not null,
  primary key (account_id, id)
);
create unique index booking_sessions_secret on booking_sessions (account_id, secret_hash);
-- The expiry worker's scan: sessions past their end whose booking_session.expired is not written.
create index booking_sessions_due on booking_sessions (expires_at) where completed_at is null and expired_at is null;
