/**
 * The Dockerfile, linted without a Docker engine: the validator of the Docker language
 * server (`dockerfile-utils`, every rule raised to an error), then the rules of the house for
 * an image of this service (multi-stage, compiled code, production dependencies, non-root,
 * health check). How the image is used: docs/deployment.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { CONSOLE_DIST } from '../../src/features/console/console.routes.js';
import { ELEMENTS_DIST } from '../../src/features/booking-sessions/booking-sessions.page.routes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const text = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

/** The instructions, continuation lines joined and comments left out. */
function instructions(source: string): Instruction[] {
  const out: Instruction[] = [];
  let pending: { text: string; line: number } | null = null;
  source.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) return;
    if (pending && line.startsWith('#')) return;
    const continues = line.endsWith('\\');
    const part = continues ? line.slice(0, -1).trim() : line;
    pending = pending ? { text: `${pending.text} ${part}`, line: pending.line } : { text: part, line: i + 1 };
    if (!continues) {
      const [keyword, ...rest] = pending.text.split(/\s+/);
      out.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: pending.line });
      pending = null;
    }
  });
  return out;
}

interface Stage {
  from: string;
  name: string | null;
  body: Instruction[];
}

function stages(all: Instruction[]): Stage[] {
  const out: Stage[] = [];
  for (const ins of all) {
    if (ins.keyword === 'FROM') {
      const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      out.push({ from: m![1], name: m![2] ?? null, body: [] });
    } else if (out.length) out.at(-1)!.body.push(ins);
  }
  return out;
}

const all = instructions(text);
const built = stages(all);
const runtime = built.at(-1)!;
const argDefaults = new Map(all.filter((i) => i.keyword === 'ARG').map((i) => i.args.split('=') as [string, string]));
const image = (from: string) => from.replace(/^\$\{(\w+)\}$/, (_, name: string) => argDefaults.get(name) ?? from);
const args = (stage: Stage, keyword: string) => stage.body.filter((i) => i.keyword === keyword).map((i) => i.args);

describe('Dockerfile', () => {
  it('passes the Dockerfile validator with every rule as an error', () => {
    const E = ValidationSeverity.ERROR;
    const problems = validate(text, {
      deprecatedMaintainer: E,
      directiveCasing: E,
      emptyContinuationLine: E,
      instructionCasing: E,
      instructionCmdMultiple: E,
      instructionEntrypointMultiple: E,
      instructionHealthcheckMultiple: E,
      instructionJSONInSingleQuotes: E,
      instructionWorkdirRelative: E,
    });
    expect(problems.map((p) => `line ${p.range.start.line + 1}: ${p.message}`)).toEqual([]);
  });

  it('is multi-stage, from one base image pinned to an exact Node release', () => {
    expect(built.length).toBeGreaterThanOrEqual(2);
    expect(built.map((s) => s.name)).toEqual(expect.arrayContaining(['build', 'runtime']));
    for (const stage of built) expect(image(stage.from)).toMatch(/^node:\d+\.\d+\.\d+-[a-z-]+$/);
  });

  it('compiles in a build stage and ships the compiled code with production dependencies only', () => {
    const build = built.find((s) => s.name === 'build')!;
    expect(args(build, 'RUN').join('\n')).toMatch(/npm ci\b/);
    expect(args(build, 'RUN').join('\n')).toMatch(/npm run build\b/);
    const prodInstall = built.find((s) => args(s, 'RUN').some((r) => /npm ci\b.*--omit=dev/.test(r)));
    expect(prodInstall, 'a stage runs npm ci --omit=dev').toBeDefined();
    const copies = args(runtime, 'COPY');
    expect(copies).toContain('--from=build /app/dist ./dist');
    expect(copies.some((c) => c.startsWith(`--from=${prodInstall!.name} `) && c.includes('node_modules'))).toBe(true);
    expect(copies.some((c) => /\b(src|test|scripts)\b/.test(c)), 'no TypeScript sources, tests or build scripts in the image').toBe(false);
    expect(args(runtime, 'RUN').join('\n'), 'no install in the runtime stage').not.toMatch(/npm (ci|install)/);
    for (const r of all.filter((i) => i.keyword === 'RUN')) expect(r.args).not.toMatch(/npm install\b/);
  });

  it("copies every workspace for npm ci's prepare to build, and ships the built pages the server serves", () => {
    const build = built.find((s) => s.name === 'build')!;
    const deps = built.find((s) => args(s, 'RUN').some((r) => /npm ci\b.*--omit=dev/.test(r)))!;
    const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const workspaces = rootPackage.workspaces.flatMap((w) =>
      w.endsWith('/*') ? fs.readdirSync(path.join(ROOT, w.slice(0, -2))).map((name) => `${w.slice(0, -2)}/${name}`) : [w],
    );
    const buildCopies = args(build, 'COPY');
    for (const workspace of workspaces) {
      const top = workspace.split('/')[0];
      expect(buildCopies.some((c) => c === `${top} ./${top}` || c === `${workspace} ./${workspace}`), `the build stage copies ${workspace}`).toBe(true);
      // npm ci checks the lock against every workspace's package.json, in the deps stage too.
      expect(args(deps, 'COPY'), `the ${deps.name} stage copies ${workspace}/package.json`).toContain(`${workspace}/package.json ./${workspace}/`);
    }
    for (const served of [CONSOLE_DIST, ELEMENTS_DIST]) {
      const folder = path.relative(ROOT, served);
      expect(args(runtime, 'COPY'), `the image has ${folder}`).toContain(`--from=build /app/${folder} ./${folder}`);
    }
  });

  it('runs as an unprivileged user, answers a health check, and starts the serve role by default', () => {
    const user = args(runtime, 'USER');
    expect(user).toHaveLength(1);
    expect(user[0]).not.toMatch(/^(root|0)(:|$)/);
    const health = args(runtime, 'HEALTHCHECK');
    expect(health).toHaveLength(1);
    expect(health[0]).toMatch(/\/healthz/);
    expect(args(runtime, 'ENTRYPOINT')).toEqual(['["node", "dist/cli.js"]']);
    expect(args(runtime, 'CMD')).toEqual(['["serve"]']);
    expect(args(runtime, 'ENV').join(' ')).toMatch(/HOST=0\.0\.0\.0/);
  });

  it('keeps local data, dependencies and the git folder out of the build context', () => {
    const ignored = fs
      .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', '.data']));
    // Everything the stages copy from the context is still in it.
    for (const copy of all.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))) {
      for (const source of copy.args.split(/\s+/).slice(0, -1)) {
        expect(ignored, `${source} is copied`).not.toContain(source.replace(/^\.\//, ''));
      }
    }
  });
});
