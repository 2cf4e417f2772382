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

  it('builds statements on each table only in its owner, the table "Who owns each table" of docs/architecture.md', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Who owns each table'));
    const owners = new Map(
      [...section.slice(0, section.indexOf('\n## ', 3)).matchAll(/^\| `([a-z_]+)` \| (.+) \|$/gm)].map((m) => [m[1], [...m[2].matchAll(/`(src\/[^`]+)`/g)].map((f) => f[1])]),
    );
    const migrations = readdirSync(join(ROOT, 'src/db/migrations')).map((name) => readFileSync(join(ROOT, 'src/db/migrations', name), 'utf8')).join('\n');
    const tables = [...migrations.matchAll(/create table (?:if not exists )?([a-z_]+)/gi)].map((m) => m[1]).sort();
    expect([...owners.keys()].sort(), 'the table names every table of the migrations, once').toEqual(tables);
    const names = new Set(sources.map((f) => f.name));
    expect([...owners.values()].flat().filter((f) => !names.has(f)), 'owners are files of src/').toEqual([]);

    // The statements not yet asked of their owner: `table file`, and why. Each one is still
    // true (a stale line fails below); a new one must be moved to its owner, not added here.
    const exceptions: Record<string, string> = {
      // Rooms below the owner cannot import it (the line above), so they read the table themselves.
      'bookings src/metrics/probes.repository.ts': 'a read-only scrape probe (expiry lag); metrics is below capacity',
      'attendees src/metrics/probes.repository.ts': 'a read-only scrape probe (expiry lag); metrics is below features',
      'webhook_delivery_queue src/metrics/probes.repository.ts': 'a read-only scrape probe (backlog, lag); metrics is below features',
      'attendees src/capacity/bookings.repository.ts': 'seats taken are part of what holds capacity; capacity is below features',
      'attendees src/capacity/customer-data.repository.ts': 'the personal-data retention tombstones the attendees of ended bookings in one statement with them (docs/privacy.md#retention); capacity is below features',
      'accounts src/capacity/facts.repository.ts': "capacity's facts read the account's booking rules in the facts statement",
      'resources src/capacity/facts.repository.ts': "capacity's facts read the resources in the facts statement",
      'schedules src/capacity/facts.repository.ts': "capacity's facts (working time); capacity is below features",
      'schedule_overrides src/capacity/facts.repository.ts': "capacity's facts (working time); capacity is below features",
      'calendar_feed_busy src/capacity/facts.repository.ts': "capacity's facts (busy time of subscribed feeds)",
      'locations src/capacity/references.repository.ts': 'capacity checks the locations a booking names; capacity is below features',
      'resources src/metering/counters.repository.ts': "the active-resources counter, bumped in the change's transaction, and the month's opening count (one statement); metering is below capacity",
      'webhook_endpoints src/events/fanout.repository.ts': "fan-out writes deliveries in the event's transaction; events is below features",
      'webhook_deliveries src/events/fanout.repository.ts': "fan-out writes deliveries in the event's transaction; events is below features",
      'api_keys src/tenancy/platforms.repository.ts': "bootstrap reads the first platform's keys; same room as the owner",
      'platforms src/tenancy/api-keys.repository.ts': "auth resolves a key with its platform's API version in one statement; same room",
      'accounts src/tenancy/api-keys.repository.ts': 'auth resolves a key with its Service-Account in one statement; same room',
      // One statement that must read another's table (a join, a union, a not-exists), kept in the
      // owner of the table it is mainly about.
      'accounts src/metering/counters.repository.ts': "the month's opening count marks and counts every account in one statement with the resources",
      'bookings src/features/reminders/reminders.repository.ts': 'the reminder worker finds due bookings in one statement',
      'events src/features/webhooks/deliveries.repository.ts': "resends pick deliveries by their event's time (a join) and the events an endpoint never had (a not-exists on deliveries), each one statement; events is below features, so its owner cannot ask webhooks",
    };

    // A statement names its table: the first argument of kysely's selectFrom, updateTable,
    // insertInto, deleteFrom and joins, or of the account-table helper; and from/join/update/into
    // in the text of a template (raw sql`…`). Read from the syntax tree, so comments may say
    // "bookings" freely. src/db/ is the layer below every owner.
    const builders = /^(selectFrom|updateTable|insertInto|deleteFrom|\w*[jJ]oin\w*|accountTable)$/;
    const raw = /\b(?:from|join|update|into)\s+([a-z_]+)\b/gi;
    const found = new Set<string>();
    for (const f of sources) {
      if (f.name.startsWith('src/db/')) continue;
      const names: string[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node)) {
          const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
          const first = node.arguments[0];
          if (ts.isIdentifier(callee) && builders.test(callee.text) && first && ts.isStringLiteralLike(first)) names.push(first.text.split(' ')[0]);
        } else if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
          for (const m of node.text.matchAll(raw)) names.push(m[1].toLowerCase());
        }
        ts.forEachChild(node, visit);
      };
      visit(ts.createSourceFile(f.name, f.text, ts.ScriptTarget.Latest, true));
      for (const table of names) if (owners.has(table) && !owners.get(table)!.includes(f.name)) found.add(`${table} ${f.name}`);
    }
    expect([...found].filter((key) => !(key in exceptions)).sort(), 'statements outside the owner').toEqual([]);
    expect(Object.keys(exceptions).filter((key) => !found.has(key)).sort(), 'exceptions no longer true: remove them').toEqual([]);
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
      ['config', 'shutdown', 'log-lines'],
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
