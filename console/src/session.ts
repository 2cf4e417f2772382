/**
 * The signed-in key and the chosen account live in sessionStorage: they last as long as the
 * tab and are never written anywhere else.
 */
import { Scheduling } from '@scheduling/client';

const KEY = 'scheduling.key';
const ACCOUNT = 'scheduling.account';

export const session = {
  get key(): string | null {
    return sessionStorage.getItem(KEY);
  },
  get account(): string | null {
    return sessionStorage.getItem(ACCOUNT);
  },
  signIn(key: string) {
    sessionStorage.setItem(KEY, key);
  },
  chooseAccount(account: string | null) {
    if (account) sessionStorage.setItem(ACCOUNT, account);
    else sessionStorage.removeItem(ACCOUNT);
  },
  signOut() {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(ACCOUNT);
  },
};

/** A client for the signed-in key (and the chosen account), on the service that served the console. */
export function api(key = session.key, account = session.account): Scheduling {
  if (!key) throw new Error('not signed in');
  return new Scheduling({ apiKey: key, baseUrl: location.origin, account, maxRetries: 1, client: 'console' });
}
