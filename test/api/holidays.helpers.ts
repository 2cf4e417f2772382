import { expectOk, type TestContext } from '../support/harness.js';

/** An account in Bavaria, in Berlin's zone (its resources follow its holidays unless they say otherwise). */
export async function bavarianAccount(t: TestContext) {
  const api = await t.newAccount({ timezone: 'Europe/Berlin' });
  await expectOk(api.post(`/v1/accounts/${api.accountId}`, { holidays: { country: 'DE', subdivision: 'BY' } }));
  return api;
}
