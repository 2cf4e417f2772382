import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { api, cli, exitWithin, pgliteDataDir, randomKey, SERVER_RUN, serversOfThisFile, startServer } from './helpers.js';

/** One process per PGlite data folder, and no manual step after a crash. */
vi.setConfig({ testTimeout: 300_000 });
const start = serversOfThisFile();

const lockFile = (dataDir: string) => path.join(dataDir, 'scheduling.lock');
const startTimeOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
const bootId = () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

describe.skipIf(SERVER_RUN)('the PGlite data folder lock', () => {
  it('stops a second server on the same folder with a clear message, while the first keeps serving', async () => {
    const dataDir = await pgliteDataDir('lock');
    const key = randomKey();
    const first = await start({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: key });
    const second = await start({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: key }, { waitHealthy: false });
    const code = await exitWithin(second, 60_000);
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`is in use by another process (pid ${first.child.pid})`);
    expect(second.output()).toContain('DATABASE_URL');
    expect((await api(first, key, 'GET', '/v1/accounts')).status).toBe(200);

    const migrate = await cli(['migrate'], { DATA_DIR: dataDir });
    expect(migrate.code).not.toBe(0);
    expect(migrate.stderr).toMatch(/in use by another process/);

    first.kill('SIGTERM');
    expect(await exitWithin(first, 10_000)).toBe(0);
    expect(fs.existsSync(lockFile(dataDir))).toBe(false); // released on a clean stop
  });

  it('lets a restart after kill -9 take over the stale lock, with the data intact', async () => {
    const dataDir = await pgliteDataDir('kill9');
    const key = randomKey();
    const first = await start({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: key });
    const acct = await api(first, key, 'POST', '/v1/accounts', { name: 'Survivor' });
    first.kill('SIGKILL');
    expect(await exitWithin(first, 10_000)).toBe('SIGKILL');
    expect(JSON.parse(fs.readFileSync(lockFile(dataDir), 'utf8')).pid).toBe(first.child.pid); // left behind

    const second = await start({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: key });
    expect((await api(second, key, 'GET', `/v1/accounts/${acct.body.id}`)).body.name).toBe('Survivor');
    second.kill('SIGTERM');
    expect(await exitWithin(second, 10_000)).toBe(0);
  });

  it.skipIf(!fs.existsSync('/proc/self/stat'))('ignores a lock whose pid now belongs to another process (a reused pid), but honours a live holder', async () => {
    const dataDir = await pgliteDataDir('pid-reuse');
    const sleeper = spawn('sleep', ['120']);
    try {
      const pid = sleeper.pid!;
      await new Promise((r) => setTimeout(r, 100));
      // The lock names a live process, but one started at another time: the pid was reused.
      fs.writeFileSync(lockFile(dataDir), JSON.stringify({ pid, start: '1', boot: bootId() }));
      const server = await start({ DATA_DIR: dataDir });
      server.kill('SIGTERM');
      expect(await exitWithin(server, 10_000)).toBe(0);

      // The same pid with its true start time is the real holder: refused.
      fs.writeFileSync(lockFile(dataDir), JSON.stringify({ pid, start: startTimeOf(pid), boot: bootId() }));
      const refused = await cli(['migrate'], { DATA_DIR: dataDir });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`pid ${pid}`);

      // A bare pid (an older lock form) of a live process is honoured too; of a dead one, taken over.
      fs.writeFileSync(lockFile(dataDir), String(pid));
      expect((await cli(['migrate'], { DATA_DIR: dataDir })).code).not.toBe(0);
    } finally {
      sleeper.kill('SIGKILL');
    }
    await new Promise((r) => setTimeout(r, 100));
    const taken = await cli(['migrate'], { DATA_DIR: dataDir });
    expect(taken.code, taken.stderr).toBe(0);
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
  });

  it('takes over a lock whose holder was killed but not yet reaped (a zombie)', async () => {
    const dataDir = await pgliteDataDir('zombie');
    // The child exits after a second; by then its parent has exec'd into `sleep 30`, which never
    // waits for it, so it stays a zombie that still answers signal 0. (A child that exited at
    // once could be reaped by the shell itself before the exec, on a loaded machine.)
    const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number((await new Promise<Buffer>((resolve) => parent.stdout!.once('data', resolve))).toString().trim());
      await vi.waitFor(() => expect(fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /), { timeout: 10_000, interval: 100 });
      fs.writeFileSync(lockFile(dataDir), JSON.stringify({ pid: zombie, start: startTimeOf(zombie), boot: bootId() }));
      const res = await cli(['migrate'], { DATA_DIR: dataDir });
      expect(res.code, res.stderr).toBe(0);
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('treats an empty or garbled lock file as stale', async () => {
    const dataDir = await pgliteDataDir('garbled');
    fs.writeFileSync(lockFile(dataDir), 'not a lock');
    const res = await cli(['migrate'], { DATA_DIR: dataDir });
    expect(res.code, res.stderr).toBe(0);
  });
});
