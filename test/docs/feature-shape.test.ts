/**
 * Every folder of src/features/ keeps the shape docs/architecture.md#the-shape-of-a-feature
 * promises: file names say their role, a role file carries its feature's name or the object
 * or job it serves, workers live in *.worker.ts, and a <name>.schemas.ts exists only where
 * the one schemas rule asks for it. Fast and without a database: it only reads files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FEATURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/features');
const ROLES = ['routes', 'service', 'repository', 'serializer', 'schemas', 'worker'];
/** A routes file stays under this many lines; past it, its schemas go to <name>.schemas.ts. */
const ROUTES_MAX_LINES = 250;

/** The objects and jobs a feature serves besides its own name, as docs/architecture.md lists them. */
const OTHER_PREFIXES: Record<string, string[]> = {
  availability: ['search', 'explain', 'calendar', 'holidays'],
  bookings: ['attendees', 'expiry'],
  'calendar-feeds': ['sync'],
  privacy: ['erasure', 'exports'],
  schedules: ['overrides'],
  webhooks: ['endpoints', 'deliveries', 'resend', 'retention'],
};

const features = readdirSync(FEATURES)
  .filter((name) => statSync(join(FEATURES, name)).isDirectory())
  .map((name) => {
    const files = readdirSync(join(FEATURES, name)).filter((f) => f.endsWith('.ts'));
    const text = new Map(files.map((f) => [f, readFileSync(join(FEATURES, name, f), 'utf8')]));
    return { name, files, text };
  });

const lineCount = (s: string) => s.split('\n').length - (s.endsWith('\n') ? 1 : 0);

describe('the shape of a feature', () => {
  it('finds the features', () => {
    expect(features.length).toBeGreaterThan(10);
  });

  it('has an index.ts in every feature', () => {
    expect(features.filter((f) => !f.files.includes('index.ts')).map((f) => f.name)).toEqual([]);
  });

  it("prefixes every dotted file with the feature's name or an object or job it serves", () => {
    const wrong = features.flatMap(({ name, files }) => {
      const allowed = new Set([name, ...(OTHER_PREFIXES[name] ?? [])]);
      return files.filter((f) => f !== 'index.ts' && f.split('.').length > 2 && !allowed.has(f.split('.')[0]!)).map((f) => `${name}/${f}`);
    });
    expect(wrong).toEqual([]);
  });

  it('gives helpers a plain name that no role suffix hides in (e.g. not delivery-worker.ts)', () => {
    const wrong = features.flatMap(({ name, files }) =>
      files.filter((f) => f.split('.').length === 2 && ROLES.some((r) => f.endsWith(`-${r}.ts`) || f === `${r}.ts`)).map((f) => `${name}/${f}`),
    );
    expect(wrong).toEqual([]);
  });

  it('builds every worker in a *.worker.ts', () => {
    const wrong = features.flatMap(({ name, files, text }) =>
      files.filter((f) => !f.endsWith('.worker.ts') && /\bpollingWorker\(/.test(text.get(f)!)).map((f) => `${name}/${f}`),
    );
    expect(wrong).toEqual([]);
  });

  it(`keeps schemas inline unless shared by routes files or a routes file would pass ${ROUTES_MAX_LINES} lines`, () => {
    const wrong = features.flatMap(({ name, files, text }) => {
      const routes = files.filter((f) => f.endsWith('.routes.ts'));
      const long = routes.filter((f) => lineCount(text.get(f)!) > ROUTES_MAX_LINES).map((f) => `${name}/${f} is over ${ROUTES_MAX_LINES} lines`);
      const needless = files
        .filter((f) => f.endsWith('.schemas.ts'))
        .filter((schemas) => {
          const users = routes.filter((r) => text.get(r)!.includes(`'./${schemas.replace(/\.ts$/, '.js')}'`));
          const inlined = users.length === 1 ? lineCount(text.get(users[0]!)!) + lineCount(text.get(schemas)!) : 0;
          return users.length < 2 && inlined <= ROUTES_MAX_LINES;
        })
        .map((f) => `${name}/${f} could be inline`);
      return [...long, ...needless];
    });
    expect(wrong).toEqual([]);
  });
});
