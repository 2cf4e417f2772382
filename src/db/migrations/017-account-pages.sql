-- How an account shows itself on the pages people see (docs/accounts.md#pages): the business
-- name and accent colour of its manage-link pages and console header, and the metadata key
-- whose value labels a booking in the console when the booking names no customer. All three
-- are optional: null shows the account's `name`, the default colour, and the resource's name.
alter table accounts add column display_name text;
alter table accounts add column accent_color text;
alter table accounts add column booking_label_metadata_key text;
