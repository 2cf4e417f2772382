/**
 * An opt-in measure of where the database's time goes, for soaks and profiles
 * (docs/performance.md, "Soak"): with `SQL_STATEMENT_TIMES=<file>`, each statement's time from
 * being sent to its answer is summed by text, and once a minute the texts that took the most
 * are appended to that file as one JSON line `{"at", "total_ms", "statements": [{"sql",
 * "calls", "ms"}]}`. On the embedded database that is the engine's time (one session, so no
 * wait for a connection is in it); on a server it includes the round trip. Off by default.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CompiledQuery, Driver } from 'kysely';
import { ObservingDriver } from './observing-driver.js';
import { withStatementLog } from './statement-log.js';

const PERIOD_MS = 60_000;
/** The texts written each minute, those that took the most time. */
const TOP = 40;
/** A text is written up to this many characters, its white space folded. */
const TEXT_CHARS = 240;

class StatementTimesDriver extends ObservingDriver {
  #times = new Map<string, { calls: number; ms: number }>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    inner: Driver,
    private readonly file: string,
  ) {
    super(inner);
  }

  override async init(): Promise<void> {
    await super.init();
    this.#timer = setInterval(() => this.#write(), PERIOD_MS);
    this.#timer.unref();
  }

  override async destroy(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#write();
    await super.destroy();
  }

  protected override observe(query: CompiledQuery) {
    const sent = performance.now();
    return async () => {
      const entry = this.#times.get(query.sql) ?? { calls: 0, ms: 0 };
      entry.calls++;
      entry.ms += performance.now() - sent;
      this.#times.set(query.sql, entry);
    };
  }

  #write(): void {
    const times = [...this.#times];
    if (times.length === 0) return;
    this.#times = new Map();
    const statements = times
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, TOP)
      .map(([text, t]) => ({ sql: text.replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS), calls: t.calls, ms: Math.round(t.ms) }));
    const total = Math.round(times.reduce((sum, [, t]) => sum + t.ms, 0));
    fs.appendFileSync(this.file, JSON.stringify({ at: new Date().toISOString(), total_ms: total, statements }) + '\n');
  }
}

/** The driver to use: timed when SQL_STATEMENT_TIMES names a file, `driver` itself otherwise. */
export function withStatementTimes(driver: Driver, env: NodeJS.ProcessEnv = process.env): Driver {
  const file = env.SQL_STATEMENT_TIMES;
  return file ? new StatementTimesDriver(driver, path.resolve(file)) : driver;
}

/** A dialect's own driver with the opt-in diagnostics: the statement log (statement-log.ts) inside, the times around it. */
export function withStatementDiagnostics(driver: Driver, env: NodeJS.ProcessEnv = process.env): Driver {
  return withStatementTimes(withStatementLog(driver, env), env);
}
