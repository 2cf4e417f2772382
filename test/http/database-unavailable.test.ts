/**
 * Which failures are a database out of reach (503 database_unavailable, with Retry-After)
 * rather than a fault of ours (500 internal_error). The errors are the shapes the pg driver
 * raises, as seen on a Citus cluster with a node stopped (test/cluster/node-down.test.ts
 * shows the whole path through HTTP).
 */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/lib/errors.js';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });

describe('a database out of reach', () => {
  it('is a Citus node the coordinator cannot reach, whatever the SQLSTATE', () => {
    expect(isDatabaseUnavailable(pgError('08006', 'connection to the remote node postgres@127.0.0.1:9702 failed with the following error: Connection refused'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('XX000', 'connection to the remote node postgres@10.0.0.2:5432 failed with the following error: connection not open'))).toBe(true);
  });

  it('is a connection exception, a server shutting down, crashed or starting, or a lost socket', () => {
    for (const code of ['08000', '08001', '08003', '08006', '57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isDatabaseUnavailable(pgError(code, 'x')), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('is a statement cut by the statement timeout (a wait for rows a transaction still holds)', () => {
    expect(isDatabaseUnavailable(pgError('57014', 'canceling statement due to statement timeout'))).toBe(true);
  });

  it('is not a protocol violation, a constraint, a syntax error, a cancelled statement or an ordinary exception', () => {
    for (const code of ['08P01', '23505', '42601', '40001']) expect(isDatabaseUnavailable(pgError(code, 'x')), code).toBe(false);
    expect(isDatabaseUnavailable(pgError('57014', 'canceling statement due to user request'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
