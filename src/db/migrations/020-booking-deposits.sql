-- Deposits (docs/policies.md#deposits): a booking made for the customer under a booking policy
-- with a `deposit` holds its time as `pending` until the deposit is paid. The requirement is
-- fixed on the booking when it is made (a later change of policy does not move it), with what
-- was paid and what is to be given back. Changed only under the booking's row lock, like the
-- charges of migration 015.

-- {"amount": 2000, "currency": "EUR"}: what must be paid before the booking is confirmed; null: none.
alter table bookings add column deposit jsonb;
-- null without a deposit; otherwise required, partially_paid, paid or refund_due (core/bookings/deposits.ts).
alter table bookings add column payment_status text;
alter table bookings add constraint bookings_payment_status_check
  check (payment_status in ('required', 'partially_paid', 'paid', 'refund_due'));
alter table bookings add constraint bookings_payment_status_with_deposit
  check ((deposit is null) = (payment_status is null));
-- [{"id": "pay_…", "amount": 1000, "currency": "EUR", "provider": "stripe", "reference": "pi_…", "created_at": "…"}]:
-- each payment once; a repeat of (provider, reference) is the same payment.
alter table bookings add column payments jsonb not null default '[]'::jsonb;
-- [{"id": "rfd_…", "amount": 1000, "currency": "EUR", "reason": "cancelled", "status": "due", "created_at": "…"}]:
-- what the platform owes the customer back after a cancel before the cutoff, an expiry or a decline.
alter table bookings add column refunds jsonb not null default '[]'::jsonb;
-- A payment's reference is looked up across the account's bookings (a reference used on one
-- booking is refused on another): by containment, through this index.
create index bookings_payments on bookings using gin (payments jsonb_path_ops) where payments <> '[]'::jsonb;
