import type { CompiledQuery } from 'kysely';
import { ObservingDriver } from './observing-driver.js';
import { isPlainSelect } from './write-watch.js';

/**
 * The tables written since the last look, as named by the statements sent: what the planner
 * statistics worker checks for growth (src/db/planner-statistics.ts). Asking the files of
 * every table for its size costs the embedded engine about 12 ms a pass (docs/performance.md,
 * "Planner statistics"); a pass now asks only those written since the one before, and an
 * idle server none. Only sound where every statement goes through this process's driver: a
 * PGlite data folder, which one process holds at a time.
 */
export class TableWrites {
  readonly #written = new Set<string>();

  /** Notes the tables a statement may write: the target of insert into, update, delete from, merge into, truncate. */
  note(statement: string): void {
    if (isPlainSelect(statement)) return;
    for (const m of statement.matchAll(WRITE_TARGET)) this.#written.add(m[1].toLowerCase());
  }

  /** The tables written since the last call, and forgets them. */
  take(): string[] {
    const names = [...this.#written];
    this.#written.clear();
    return names;
  }
}

/** A table where a change names its target (quoted or not, schema or not); a CTE's writes count too. */
const WRITE_TARGET = /\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Notes every statement sent on its connections in `writes`. */
export class TableWritesDriver extends ObservingDriver {
  constructor(
    inner: ConstructorParameters<typeof ObservingDriver>[0],
    private readonly writes: TableWrites,
  ) {
    super(inner);
  }
  protected override observe(query: CompiledQuery): void {
    this.writes.note(query.sql);
  }
}
