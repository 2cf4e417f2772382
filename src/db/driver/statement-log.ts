/**
 * An opt-in log of every SQL statement the service sends, for the Citus routing check
 * (docs/scaling.md): with `SQL_STATEMENT_LOG=<file>`, each statement is appended to that file
 * as one JSON line `{"sql": …, "caller": "src/…:line"}`, where caller is the code that built
 * it. Several processes may append to the same file. Off by default: finding the caller
 * costs a stack trace per statement.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledQuery, Driver, KyselyPlugin, QueryId } from 'kysely';
import { ObservingDriver } from './observing-driver.js';

// This file is src/db/driver/statement-log.ts: src/ is two folders up.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROOT = path.dirname(SRC);

/** The database plumbing (connections, migrations, list paging, table helpers). */
const DB_FOLDER = path.join(SRC, 'db') + path.sep;
const MIGRATOR = /[\\/]db[\\/]migrate\.[jt]s$/;

/**
 * The file and line of our code that a statement comes from: the first stack frame in src/
 * outside src/db (whose helpers build statements for the repositories that call them), or the
 * migrator, whose statements are the migrations' own (a data migration's backfill).
 */
function callerOf(stack: string): string | null {
  for (const line of stack.split('\n').slice(1)) {
    const m = /\(?((?:file:\/\/)?\/[^()]+?):(\d+):\d+\)?$/.exec(line.trim());
    if (!m) continue;
    const file = m[1].startsWith('file://') ? fileURLToPath(m[1]) : m[1];
    if (!file.startsWith(SRC + path.sep) || (file.startsWith(DB_FOLDER) && !MIGRATOR.test(file))) continue;
    // Compiled code (dist/…js) is named by its source (src/…ts); only the file is compared.
    const source = path.relative(ROOT, file).split(path.sep).join('/').replace(/^dist\//, 'src/').replace(/\.js$/, '.ts');
    return `${source}:${m[2]}`;
  }
  return null;
}

/**
 * Where each query was built. A plugin sees a query while the caller's frames are still on
 * the stack (building and compiling are synchronous); the driver, after awaits, often does not.
 */
const builtAt = new WeakMap<QueryId, string | null>();

class CallerPlugin implements KyselyPlugin {
  transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
    if (!builtAt.has(args.queryId)) builtAt.set(args.queryId, callerOf(new Error().stack ?? ''));
    return args.node;
  }
  async transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
    return args.result;
  }
}

/** Wraps a dialect's own driver, below every other wrapper, so it sees each statement once. */
export class StatementLogDriver extends ObservingDriver {
  constructor(
    inner: Driver,
    private readonly file: string,
  ) {
    super(inner);
  }

  protected override observe(query: CompiledQuery) {
    // The caller's frames are gone after the first await; the plugin recorded them earlier.
    const caller = (query.queryId && builtAt.get(query.queryId)) || callerOf(new Error().stack ?? '');
    fs.appendFileSync(this.file, JSON.stringify({ sql: query.sql, caller }) + '\n');
  }
}

/** The plugins to add to Kysely: the caller finder when SQL_STATEMENT_LOG is set. */
export function statementLogPlugins(env: NodeJS.ProcessEnv = process.env): KyselyPlugin[] {
  return env.SQL_STATEMENT_LOG ? [new CallerPlugin()] : [];
}

/** The driver to use: logged when SQL_STATEMENT_LOG names a file, the dialect's own otherwise. */
export function withStatementLog(driver: Driver, env: NodeJS.ProcessEnv = process.env): Driver {
  const file = env.SQL_STATEMENT_LOG;
  return file ? new StatementLogDriver(driver, path.resolve(file)) : driver;
}
