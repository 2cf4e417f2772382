/**
 * The repository explains itself: code, tests, benchmarks and docs cite pages of docs/,
 * never a document that lives outside the repository, and every cited page and heading
 * exists. Fast and without a database: it only reads files.
 *
 * (The patterns below are written so that this file does not match them itself.)
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED_DIRS = ['src', 'test', 'bench', 'docs'];
const TEXT_FILE = /\.(ts|mts|js|mjs|md|sql|json)$/;

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : TEXT_FILE.test(name) ? [path] : [];
  });
}

const files = [...SCANNED_DIRS.flatMap((d) => walk(join(ROOT, d))), join(ROOT, 'README.md')].map((path) => ({
  path,
  name: relative(ROOT, path).split(sep).join('/'),
  lines: readFileSync(path, 'utf8').split('\n'),
}));

interface Hit {
  file: string;
  line: number;
  text: string;
}

function hits(test: (line: string, file: (typeof files)[number]) => boolean): Hit[] {
  return files.flatMap((file) =>
    file.lines.flatMap((text, i) => (test(text, file) ? [{ file: file.name, line: i + 1, text: text.trim() }] : [])),
  );
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const m = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(path: string): Set<string> {
  if (!anchorCache.has(path)) anchorCache.set(path, headingAnchors(readFileSync(path, 'utf8')));
  return anchorCache.get(path)!;
}

/** Why a reference to `target` (a path inside the repository, maybe with #anchor) is broken, or null. */
function brokenTarget(absolute: string, anchor: string | undefined): string | null {
  if (absolute !== ROOT && !absolute.startsWith(ROOT + sep)) return 'points outside the repository';
  if (!existsSync(absolute)) return 'no such file';
  if (anchor && absolute.endsWith('.md') && !anchorsOf(absolute).has(anchor)) return `no heading for #${anchor}`;
  return null;
}

describe('references in the repository', () => {
  it('scans the source, tests, benchmarks and docs', () => {
    expect(files.some((f) => f.name.startsWith('src/'))).toBe(true);
    expect(files.some((f) => f.name === 'docs/api-conventions.md')).toBe(true);
  });

  it('never cites the interface document or numbered sections of a document outside the repository', () => {
    const outside = [
      /interface\.md/i,
      /decision[s](\.md)?\s*§/i,
      /§\s*\d/,
    ];
    expect(hits((line) => outside.some((re) => re.test(line)))).toEqual([]);
  });

  it('names the index of rules only as docs/ in the repository', () => {
    // `docs/<index>.md` from anywhere, or a relative link `](<index>.md…)` from a page of docs/.
    const index = /decision[s]\.md/g;
    expect(
      hits((line, file) =>
        [...line.matchAll(index)].some((m) => {
          const before = line.slice(0, m.index);
          return !(before.endsWith('docs/') || (file.name.startsWith('docs/') && /\]\(\.?\/?$/.test(before)));
        }),
      ),
    ).toEqual([]);
  });

  it('writes no path of a particular machine', () => {
    const machinePaths = [/(^|[\s'"`(])\/(work|tmp|home|Users|root)\//, /\.\.\/shared\b/, /\bshared\/(spec|ARCHITECTURE)/];
    expect(hits((line) => machinePaths.some((re) => re.test(line)))).toEqual([]);
  });

  it('resolves every relative path written in code inside the repository', () => {
    const literal = /['"`](\.\.?\/[^'"`\s$]*)['"`]/g;
    expect(
      hits((line, file) =>
        file.name.endsWith('.md')
          ? false
          : [...line.matchAll(literal)].some((m) => {
              const target = resolve(dirname(file.path), m[1]);
              return target !== ROOT && !target.startsWith(ROOT + sep);
            }),
      ),
    ).toEqual([]);
  });

  it('points every docs/ page and #heading cited from code, tests, benchmarks and docs at one that exists', () => {
    const cited = /\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g;
    const broken = files.flatMap((file) =>
      file.lines.flatMap((text, i) =>
        [...text.matchAll(cited)].flatMap((m) => {
          const why = brokenTarget(join(ROOT, 'docs', m[1]), m[2]);
          return why ? [`${file.name}:${i + 1}: ${m[0]} (${why})`] : [];
        }),
      ),
    );
    expect(broken).toEqual([]);
  });

  it('resolves every relative link of the docs and the README to a file and heading of the repository', () => {
    const link = /\]\(([^)\s]+)\)/g;
    const broken = files
      .filter((f) => f.name.endsWith('.md'))
      .flatMap((file) =>
        file.lines.flatMap((text, i) =>
          [...text.matchAll(link)].flatMap((m) => {
            const target = m[1];
            if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return []; // https:, mailto:
            const [path, anchor] = target.split('#');
            const absolute = path === '' ? file.path : resolve(dirname(file.path), path);
            const why = brokenTarget(absolute, anchor);
            return why ? [`${file.name}:${i + 1}: ${target} (${why})`] : [];
          }),
        ),
      );
    expect(broken).toEqual([]);
  });

  it('names only source, test and benchmark paths that exist, so the docs follow the code when it moves', () => {
    const path = /`((?:src|test|bench)\/[^`\s<>*{}]+?)[.,]?`|\((?:\.\.\/)?((?:src|test|bench)\/[^)\s<>*{}]+)\)/g;
    const missing = files
      .filter((f) => f.name.endsWith('.md'))
      .flatMap((file) =>
        file.lines.flatMap((text, i) =>
          [...text.matchAll(path)].flatMap((m) => {
            const named = m[1] ?? m[2];
            return /NNN/.test(named) || existsSync(join(ROOT, named)) ? [] : [`${file.name}:${i + 1}: ${named}`];
          }),
        ),
      );
    expect(missing).toEqual([]);
  });

  it('computes anchors the way GitHub does', () => {
    const anchors = headingAnchors(
      ['# Bookings', '## Re-checks', '## Events, re-checks and locking', '### `booking.created`', '## Limits', '## Limits', '```', '# not a heading', '```'].join('\n'),
    );
    expect([...anchors]).toEqual(['bookings', 're-checks', 'events-re-checks-and-locking', 'bookingcreated', 'limits', 'limits-1']);
  });
});
