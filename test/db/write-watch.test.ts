import { describe, expect, it } from 'vitest';
import { WriteWatch } from '../../src/db/driver/write-watch.js';

describe('the write watch of the key cache', () => {
  const watch = new WriteWatch(['api_keys', 'platforms', 'accounts']);

  it('counts every statement that may change a watched table', () => {
    for (const statement of [
      'update "api_keys" set "revoked_at" = $1 where "id" = $2',
      'insert into "accounts" ("id") values ($1)',
      'delete from "platforms" where "id" = $1',
      'with d as (delete from accounts where id = $1 returning id) select * from d',
      'alter table accounts add column x int',
      'truncate api_keys',
      'update public.platforms set api_version = $1',
    ]) {
      expect(watch.mayChange(statement), statement).toBe(true);
    }
  });

  it('lets reads and writes of other tables pass, even when they name a watched table', () => {
    for (const statement of [
      'select * from "accounts" where "id" = $1',
      'select k.id from api_keys k join platforms p on p.id = k.platform_id',
      "update webhook_deliveries w set status = 'sending' -- endpoints and platforms at their cap\n from (select 1) d",
      'insert into "bookings" ("account_id") values ($1)',
      'update accounts_archive set a = 1',
    ]) {
      expect(watch.mayChange(statement), statement).toBe(false);
    }
  });
});
