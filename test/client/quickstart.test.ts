import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ensureClientBuilt, ROOT, startServer } from './server.js';

/**
 * docs/quickstart.md, run as written: its `sh` blocks in order in one bash session (except
 * `sh skip`: starting the service, which this test does, and the variables it sets here);
 * `sh background` blocks run in the background like a second terminal; `js file=NAME` blocks
 * are saved under that name. The files live in a folder under node_modules, so that
 * `import … from '@scheduling/client'` resolves as it does in the repository folder.
 */
interface Block {
  lang: string;
  attrs: string;
  code: string;
}

function blocksOf(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1]!, attrs: m[2]!.trim(), code: m[3]! }));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function run(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { cwd, env: { ...process.env, ...env }, timeout: 180_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const server = await startServer();
const work = join(ROOT, 'node_modules', '.cache', `quickstart-${process.pid}-${Date.now()}`);
const pids: number[] = [];
afterAll(async () => {
  for (const pid of pids) {
    // The background block runs in a subshell: stop its children (the receiver), then it.
    await new Promise((resolve) => execFile('pkill', ['-P', String(pid)], () => resolve(null)));
    try {
      process.kill(pid);
    } catch {
      /* already gone */
    }
  }
  await rm(work, { recursive: true, force: true });
});

describe('docs/quickstart.md', () => {
  it('takes a newcomer to a confirmed booking and a received, verified webhook, with curl and with the client', async () => {
    ensureClientBuilt();
    await mkdir(work, { recursive: true });
    const blocks = blocksOf(await readFile(join(ROOT, 'docs/quickstart.md'), 'utf8'));
    const receiverPort = await freePort();
    const parts = ['set -euo pipefail'];
    let step = 0;
    const backgroundSteps: number[] = [];
    for (const block of blocks) {
      const file = /file=(\S+)/.exec(block.attrs)?.[1];
      if (file) {
        await writeFile(join(work, file), block.code);
        continue;
      }
      if (block.lang !== 'sh' || block.attrs === 'skip') continue;
      step++;
      if (block.attrs === 'background') {
        backgroundSteps.push(step);
        const log = `background-${step}.log`;
        parts.push(`( ${block.code.trim()} ) > ${log} 2>&1 &`, `echo $! >> background.pids`);
        // The subshell may not have created its log yet when the first grep looks.
        parts.push(`for _ in $(seq 100); do grep -qs 'listening on' ${log} && break; sleep 0.1; done`);
      } else {
        parts.push(`echo "::step ${step}"`, block.code);
      }
    }
    const result = await run(parts.join('\n'), work, {
      API: server.baseUrl,
      KEY: server.testKey,
      RECEIVER: `http://127.0.0.1:${receiverPort}/webhooks`,
    });
    for (const pid of (await readFile(join(work, 'background.pids'), 'utf8').catch(() => '')).split('\n').filter(Boolean)) pids.push(Number(pid));
    expect(result.stderr).toBe('');
    expect(result.code, result.stdout).toBe(0);

    const out = result.stdout;
    expect(out).toMatch(/^acct_[0-9a-z]+$/m);
    expect(out).toMatch(/^confirmed$/m); // the curl booking
    expect(out).toMatch(/^booked bk_[0-9a-z]+ confirmed /m); // book.mjs
    expect(out).toMatch(/^refused booking_conflict$/m);
    expect(out).toMatch(/^confirmed booking bk_/m);
    expect(out).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/feeds\/acct_[0-9a-z]+\/cft_[A-Za-z0-9_-]+\/calendar\.ics$/m);

    // The receiver got the booking's webhook and verified its signature.
    const receiverLog = join(work, `background-${backgroundSteps[0]}.log`);
    expect(backgroundSteps).toHaveLength(1);
    let log = '';
    for (let i = 0; i < 150 && !/verified booking\.created bk_/.test(log); i++) {
      await new Promise((r) => setTimeout(r, 100));
      log = await readFile(receiverLog, 'utf8').catch(() => '');
    }
    expect(log).toMatch(/^verified booking\.created bk_[0-9a-z]+$/m);
    expect(log).not.toContain('refused');
    // Builds the client when stale, then a dozen processes (curl, node): slow on a busy machine.
  }, 240_000);
});
