#!/usr/bin/env node
/**
 * CI: lists the tools of /mcp with an independent client, the MCP Inspector's command-line
 * client (@modelcontextprotocol/inspector-cli), against a freshly started server (embedded
 * PGlite in a temporary folder, a free port). Exit 1 when the list of tool names is not the
 * expected one (docs/agents.md#tools); exit 2 when the check could not run (.ci/run warns).
 */
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// explain_slot joins the list when POST /v1/availability/explain is served.
const EXPECTED = ['find_availability', 'list_holidays', 'hold_booking', 'book', 'confirm_booking', 'reschedule_booking', 'cancel_booking', 'approve_booking', 'decline_booking', 'record_payment', 'get_booking', 'booking_history', 'list_bookings', 'list_resources'];
const OPTIONAL = ['explain_slot'];
const KEY = 'sk_test_mcpinspectorcheck0000000000';

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'mcp-check-'));
const server = spawn(process.execPath, ['bin/scheduling.js', 'serve'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, BOOTSTRAP_API_KEY: KEY, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let status = 1;
try {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  // Run from its build folder: 1.0.3 looks for its own package.json relative to the working
  // directory (and fails from anywhere else).
  const cliDir = join(process.cwd(), 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['index.js', `${base}/mcp`, '--transport', 'http', '--method', 'tools/list', '--header', `Authorization: Bearer ${KEY}`],
    { timeout: 60_000, cwd: cliDir },
  );
  const names = JSON.parse(stdout).tools.map((t) => t.name);
  const unexpected = names.filter((n) => !EXPECTED.includes(n) && !OPTIONAL.includes(n));
  const missing = EXPECTED.filter((n) => !names.includes(n));
  console.log(`MCP Inspector CLI listed ${names.length} tools: ${names.join(', ')}`);
  if (missing.length || unexpected.length) console.error(`FAILED: missing ${missing.join(', ') || 'none'}; unexpected ${unexpected.join(', ') || 'none'}`);
  else status = 0;
} catch (err) {
  console.error(`WARNING: the MCP Inspector check could not run: ${err.message}`);
  status = 2;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
