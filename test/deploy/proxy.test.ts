/**
 * deploy/Caddyfile, the proxy of compose.yaml: it balances over exactly the API services of
 * compose.yaml and checks their readiness. When Caddy is installed (CI installs Debian's
 * package), `caddy adapt` parses the file as Caddy will, so a misspelt directive fails here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compose, ROOT, servicesRunning } from './compose.support.js';

const CADDYFILE = path.join(ROOT, 'deploy/Caddyfile');
const hasCaddy = spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
const apis = servicesRunning(['serve', '--no-workers']);
const apiPort = (name: string) => compose.services[name].environment!.PORT;
const proxyPort = () => compose.services.proxy.ports![0].split(':').at(-1);

describe('deploy/Caddyfile', () => {
  it('sends requests to the API services of compose.yaml on their port, and to nothing else', () => {
    const text = fs.readFileSync(CADDYFILE, 'utf8');
    const upstreams = /^\s*reverse_proxy\s+([^{\n]+)\{/m.exec(text)![1].trim().split(/\s+/);
    expect(upstreams.sort()).toEqual(apis.map((name) => `${name}:${apiPort(name)}`).sort());
    expect(text).toMatch(/^\s*health_uri\s+\/readyz\s*$/m);
    expect(text).toMatch(new RegExp(`^:${proxyPort()}\\s*\\{`, 'm'));
  });

  it.skipIf(!hasCaddy)('is a configuration Caddy accepts, with active health checks on /readyz', () => {
    const adapted = JSON.parse(execFileSync('caddy', ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
    const server = Object.values(adapted.apps.http.servers as Record<string, any>)[0];
    expect(server.listen).toEqual([`:${proxyPort()}`]);
    const handler = server.routes[0].handle[0];
    expect(handler.handler).toBe('reverse_proxy');
    expect(handler.upstreams.map((u: { dial: string }) => u.dial).sort()).toEqual(apis.map((name) => `${name}:${apiPort(name)}`).sort());
    expect(handler.health_checks.active.uri).toBe('/readyz');
    expect(handler.load_balancing.try_duration).toBeGreaterThan(0);
  });

  it.skipIf(!hasCaddy)('a misspelt directive is refused by caddy adapt (so the check above means something)', () => {
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'caddyfile-')), 'Caddyfile');
    fs.writeFileSync(bad, fs.readFileSync(CADDYFILE, 'utf8').replace('lb_policy', 'lb_polcy'));
    try {
      const res = spawnSync('caddy', ['adapt', '--config', bad, '--adapter', 'caddyfile'], { encoding: 'utf8' });
      expect(res.status).not.toBe(0);
      expect(res.stderr).toMatch(/lb_polcy/);
    } finally {
      fs.rmSync(path.dirname(bad), { recursive: true, force: true });
    }
  });
});
