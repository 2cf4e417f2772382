/**
 * The walls of the house hold (docs/architecture.md): SQL is built only in repositories and in
 * the database layer, features reach each other only through their index.ts, and the core
 * imports nothing that could do I/O. Fast and without a database: it reads src/ as text, and
 * TypeScript's own pre-processor lists each file's imports (static, type-only, dynamic and
 * re-exports alike).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : name.endsWith('.ts') ? [path] : [];
  });
}

interface Import {
  /** As written in the file. */
  specifier: string;
  /** The imported file, `src/…/x.ts`, for a relative import; null for a package or a builtin. */
  file: string | null;
}

interface SourceFile {
  /** `src/…`, with forward slashes. */
  name: string;
  text: string;
  imports: Import[];
}

const toName = (path: string) => relative(ROOT, path).split(sep).join('/');

const sources: SourceFile[] = walk(join(ROOT, 'src')).map((path) => {
  const text = readFileSync(path, 'utf8');
  const imports = ts.preProcessFile(text, true, true).importedFiles.map(({ fileName: specifier }) => ({
    specifier,
    // The source imports `./x.js` for `./x.ts` (ES modules, compiled by tsc).
    file: specifier.startsWith('.') ? toName(resolve(dirname(path), specifier)).replace(/\.js$/, '.ts') : null,
  }));
  return { name: toName(path), text, imports };
});

const offenders = (test: (file: SourceFile) => string[]) => sources.flatMap((file) => test(file).map((why) => `${file.name}: ${why}`));

describe('the structure of src/', () => {
  it('reads the source, and resolves its imports to files that exist', () => {
    expect(sources.length).toBeGreaterThan(100);
    const names = new Set(sources.map((f) => f.name));
    expect(offenders((f) => f.imports.filter((i) => i.file !== null && !names.has(i.file)).map((i) => `imports ${i.specifier}, no such file`))).toEqual([]);
  });

  it('builds SQL only in repositories (*.repository.ts) and in src/db/', () => {
    const builds = [
      { why: "imports kysely's sql", re: /import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*['"]kysely['"]/ },
      { why: 'writes a sql`…` template', re: /\bsql(<[^>`]*>)?`/ },
      { why: 'builds a query with kysely', re: /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/ },
    ];
    const allowed = (f: SourceFile) => f.name.endsWith('.repository.ts') || f.name.startsWith('src/db/');
    expect(offenders((f) => (allowed(f) ? [] : builds.filter((b) => b.re.test(f.text)).map((b) => b.why)))).toEqual([]);
    // The rule must see what it forbids: repositories do build SQL this way.
    expect(sources.filter((f) => f.name.endsWith('.repository.ts') && builds.some((b) => b.re.test(f.text))).length).toBeGreaterThan(10);
  });

  it("lets no feature import another feature's internals, only its index.ts", () => {
    const featureOf = (name: string) => /^src\/features\/([^/]+)\//.exec(name)?.[1];
    expect(
      offenders((f) => {
        const own = featureOf(f.name);
        if (!own) return [];
        return f.imports
          .filter((i) => i.file !== null && featureOf(i.file) !== undefined && featureOf(i.file) !== own && i.file !== `src/features/${featureOf(i.file)}/index.ts`)
          .map((i) => `imports ${i.specifier}`);
      }),
    ).toEqual([]);
  });

  it('keeps the core free of I/O: it imports only other core files and the pure calendar packages', () => {
    // No builtin (node:fs, node:net…), no database, HTTP or clock, and not src/lib either,
    // whose modules include a clock, DNS lookups and encryption keys.
    const pure = new Set(['temporal-polyfill', 'rrule-temporal']);
    expect(
      offenders((f) =>
        !f.name.startsWith('src/core/')
          ? []
          : f.imports.filter((i) => (i.file === null ? !pure.has(i.specifier) : !i.file.startsWith('src/core/'))).map((i) => `imports ${i.specifier}`),
      ),
    ).toEqual([]);
  });

  it('points the core down: core/time imports nothing from core/availability', () => {
    expect(
      offenders((f) =>
        !f.name.startsWith('src/core/time/') ? [] : f.imports.filter((i) => i.file?.startsWith('src/core/availability/')).map((i) => `imports ${i.specifier}`),
      ),
    ).toEqual([]);
  });

  it('points every folder down the dependency line of docs/architecture.md', () => {
    // Each room may import only the rooms after it (or itself); the entry points come first.
    const line = [
      ['main', 'cli'],
      ['app'],
      ['secrets'],
      ['features'],
      ['capacity'],
      ['http'],
      ['workers'],
      ['events'],
      ['metering'],
      ['metrics'],
      ['tenancy'],
      ['config', 'shutdown'],
      ['db'],
      ['core', 'lib'],
    ];
    const rank = new Map(line.flatMap((rooms, i) => rooms.map((room) => [room, i] as const)));
    const roomOf = (file: string) => file.slice('src/'.length).split('/')[0].replace(/\.ts$/, '');
    const placed = sources.map((f) => roomOf(f.name)).filter((room) => !rank.has(room));
    expect(placed, 'every top-level file and folder of src/ has a place in the line').toEqual([]);
    expect(
      offenders((f) =>
        f.imports
          .filter((i) => i.file?.startsWith('src/') && rank.get(roomOf(i.file))! < rank.get(roomOf(f.name))!)
          .map((i) => `imports ${i.specifier}, above it in the line`),
      ),
    ).toEqual([]);
  });
});
