/**
 * The Citus routing check (docs/scaling.md, "Shown, not claimed"): reads statements logged
 * with SQL_STATEMENT_LOG, parses each with PostgreSQL's own parser (libpg-query), and finds
 * every reference to a distributed table that the statement does not pin to one shard.
 *
 * A table is distributed when its primary key starts with `account_id` (by account, with
 * `accounts` itself by `id`) or with `platform_id` (by platform); the others are reference or
 * coordinator tables. A reference is pinned when the statement's conditions (WHERE and JOIN
 * ON, joined by AND) compare its distribution column with a value or parameter, or with the
 * distribution column of a co-located reference that is pinned (`s.account_id = b.account_id`,
 * also from a subquery to its outer query). An INSERT is pinned by its own values.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { parseSync, loadModule } from 'libpg-query';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export type Group = 'account' | 'platform';
export interface Distribution {
  group: Group;
  column: string;
}
export interface Catalogue {
  distribution: Map<string, Distribution>;
  columns: Map<string, Set<string>>;
}
export interface Finding {
  table: string;
  reason: string;
}

/** Reads the distribution of every table from the live catalogue (PGlite or PostgreSQL). */
export async function readCatalogue(db: Kysely<any>): Promise<Catalogue> {
  const keys = await sql<{ table_name: string; columns: string[] }>`
    select c.table_name, array_agg(k.column_name::text order by k.ordinal_position) as columns
    from information_schema.table_constraints c
    join information_schema.key_column_usage k
      on k.constraint_schema = c.constraint_schema and k.constraint_name = c.constraint_name and k.table_name = c.table_name
    where c.constraint_type = 'PRIMARY KEY' and c.table_schema = 'public'
    group by c.table_name`.execute(db);
  const cols = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(db);
  const distribution = new Map<string, Distribution>();
  for (const { table_name: table, columns } of keys.rows) {
    if (table === 'accounts') distribution.set(table, { group: 'account', column: 'id' });
    else if (columns[0] === 'account_id') distribution.set(table, { group: 'account', column: 'account_id' });
    else if (columns[0] === 'platform_id') distribution.set(table, { group: 'platform', column: 'platform_id' });
  }
  const columns = new Map<string, Set<string>>();
  for (const { table_name, column_name } of cols.rows) {
    if (!columns.has(table_name)) columns.set(table_name, new Set());
    columns.get(table_name)!.add(column_name);
  }
  return { distribution, columns };
}

type Node = Record<string, any>;
const kindOf = (n: Node) => Object.keys(n)[0];
const bodyOf = (n: Node) => n[kindOf(n)];
const str = (n: Node | undefined): string | undefined => n?.String?.sval;

interface Rel {
  alias: string;
  table: string | null; // null: a subquery or a CTE
  dist: Distribution | null;
  bound: boolean;
  listed: boolean;
}
interface Scope {
  rels: Rel[];
  parent: Scope | null;
  ctes: Set<string>;
}
type Operand = { kind: 'column'; rel: Rel; column: string } | { kind: 'value' } | { kind: 'other' };

class Analyzer {
  readonly findings: Finding[] = [];
  constructor(private readonly catalogue: Catalogue) {}

  query(node: Node, parent: Scope | null, ctes: Set<string>): void {
    const kind = kindOf(node);
    const q = bodyOf(node);
    if (!['SelectStmt', 'InsertStmt', 'UpdateStmt', 'DeleteStmt'].includes(kind)) return;
    const visible = new Set(ctes);
    for (const cte of q.withClause?.ctes ?? []) {
      const c = cte.CommonTableExpr;
      this.query(c.ctequery, parent, visible);
      visible.add(c.ctename);
    }
    if (kind === 'SelectStmt' && q.op && q.op !== 'SETOP_NONE') {
      this.query({ SelectStmt: q.larg }, parent, visible);
      this.query({ SelectStmt: q.rarg }, parent, visible);
      return;
    }
    const scope: Scope = { rels: [], parent, ctes: visible };
    const conditions: Node[] = [];
    const expressions: Node[] = [];
    if (kind === 'InsertStmt') {
      const rel = this.rangeVar(q.relation, scope);
      const columns = (q.cols ?? []).map((c: Node) => c.ResTarget.name);
      if (rel.dist && columns.includes(rel.dist.column)) rel.bound = true;
      if (q.selectStmt) this.query(q.selectStmt, parent, visible);
      expressions.push(q.onConflictClause ?? {}, ...(q.returningList ?? []));
    } else {
      if (kind === 'UpdateStmt' || kind === 'DeleteStmt') this.rangeVar(q.relation, scope);
      for (const item of [...(q.fromClause ?? []), ...(q.usingClause ?? [])]) this.fromItem(item, scope, conditions);
      if (q.whereClause) conditions.push(q.whereClause);
      expressions.push(...(q.targetList ?? []), ...(q.returningList ?? []), q.havingClause ?? {}, ...(q.valuesLists ?? []));
    }
    this.bind(scope, conditions);
    // Subqueries in conditions and expressions see this scope (correlation).
    for (const n of [...conditions, ...expressions]) this.subqueries(n, scope);
    this.report(scope);
  }

  rangeVar(rv: Node, scope: Scope): Rel {
    const table: string = rv.relname;
    const alias: string = rv.alias?.aliasname ?? table;
    const isCte = scope.ctes.has(table) || (!!scope.parent && this.cteVisible(scope.parent, table));
    const rel: Rel = { alias, table: isCte ? null : table, dist: isCte ? null : (this.catalogue.distribution.get(table) ?? null), bound: false, listed: false };
    scope.rels.push(rel);
    return rel;
  }

  cteVisible(scope: Scope | null, name: string): boolean {
    for (let s = scope; s; s = s.parent) if (s.ctes.has(name)) return true;
    return false;
  }

  fromItem(item: Node, scope: Scope, conditions: Node[]): void {
    const kind = kindOf(item);
    const b = bodyOf(item);
    if (kind === 'RangeVar') this.rangeVar(b, scope);
    else if (kind === 'JoinExpr') {
      this.fromItem(b.larg, scope, conditions);
      this.fromItem(b.rarg, scope, conditions);
      if (b.quals) conditions.push(b.quals);
    } else if (kind === 'RangeSubselect') {
      this.query(b.subquery, b.lateral ? scope : scope.parent, scope.ctes);
      scope.rels.push({ alias: b.alias?.aliasname ?? '', table: null, dist: null, bound: false, listed: false });
    } else if (kind === 'RangeFunction') {
      scope.rels.push({ alias: b.alias?.aliasname ?? '', table: null, dist: null, bound: false, listed: false });
    }
  }

  resolve(n: Node | undefined, scope: Scope): Operand {
    if (!n) return { kind: 'other' };
    const kind = kindOf(n);
    if (kind === 'ParamRef' || kind === 'A_Const') return { kind: 'value' };
    if (kind === 'TypeCast') return this.resolve(n.TypeCast.arg, scope);
    if (kind !== 'ColumnRef') return { kind: 'other' };
    const fields = n.ColumnRef.fields.map(str) as (string | undefined)[];
    const column = fields.at(-1);
    if (!column) return { kind: 'other' };
    for (let s: Scope | null = scope; s; s = s.parent) {
      const rel =
        fields.length >= 2
          ? s.rels.find((r) => r.alias === fields.at(-2))
          : s.rels.find((r) => r.table !== null && this.catalogue.columns.get(r.table)?.has(column));
      if (rel) return { kind: 'column', rel, column };
    }
    return { kind: 'other' };
  }

  /** The AND-ed conditions, and from them which distributed references are pinned. */
  bind(scope: Scope, conditions: Node[]): void {
    const conjuncts: Node[] = [];
    const flatten = (n: Node) => {
      if (n.BoolExpr?.boolop === 'AND_EXPR') n.BoolExpr.args.forEach(flatten);
      else conjuncts.push(n);
    };
    conditions.forEach(flatten);
    const pairs: [Operand, Operand][] = [];
    const isDistColumn = (o: Operand): o is Extract<Operand, { kind: 'column' }> => o.kind === 'column' && !!o.rel.dist && o.rel.dist.column === o.column;
    for (const c of conjuncts) {
      const e = c.A_Expr;
      if (!e || str(e.name?.[0]) !== '=') continue;
      const left = this.resolve(e.lexpr, scope);
      if (e.kind === 'AEXPR_OP') pairs.push([left, this.resolve(e.rexpr, scope)]);
      else if (e.kind === 'AEXPR_IN') {
        const items = e.rexpr?.List?.items ?? [];
        if (items.length === 1) pairs.push([left, this.resolve(items[0], scope)]);
        else if (isDistColumn(left)) left.rel.listed = true;
      } else if (e.kind === 'AEXPR_OP_ANY' && isDistColumn(left)) left.rel.listed = true;
    }
    for (let changed = true; changed; ) {
      changed = false;
      for (const [a, b] of pairs) {
        for (const [x, y] of [
          [a, b],
          [b, a],
        ] as const) {
          if (!isDistColumn(x) || x.rel.bound) continue;
          const pinned = y.kind === 'value' || (isDistColumn(y) && y.rel.dist!.group === x.rel.dist!.group && y.rel.bound);
          if (pinned) {
            x.rel.bound = true;
            changed = true;
          }
        }
      }
    }
  }

  subqueries(n: unknown, scope: Scope): void {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach((x) => this.subqueries(x, scope));
    const node = n as Node;
    if (node.SubLink) return this.query(node.SubLink.subselect, scope, scope.ctes);
    for (const v of Object.values(node)) this.subqueries(v, scope);
  }

  report(scope: Scope): void {
    const distributed = scope.rels.filter((r) => r.dist);
    for (const rel of distributed) {
      if (rel.bound) continue;
      const column = rel.dist!.column;
      this.findings.push({ table: rel.table!, reason: rel.listed ? `${column} is matched against a list: one shard per value` : `no condition on ${column}: every shard` });
    }
    const groups = new Set(distributed.map((r) => r.dist!.group));
    if (groups.size > 1) {
      for (const rel of distributed.filter((r) => r.dist!.group === 'platform')) {
        this.findings.push({ table: rel.table!, reason: 'joined with account-distributed tables: not co-located' });
      }
    }
  }
}

let loaded: Promise<void> | null = null;
/** libpg-query compiles its WebAssembly once per process. */
export function loadParser(): Promise<void> {
  return (loaded ??= loadModule());
}

/** The references to distributed tables that one statement does not pin to a shard. */
export function analyzeStatement(text: string, catalogue: Catalogue): Finding[] {
  const analyzer = new Analyzer(catalogue);
  for (const { stmt } of parseSync(text).stmts ?? []) analyzer.query(stmt as Node, null, new Set());
  return analyzer.findings;
}

export interface LoggedStatement {
  sql: string;
  caller: string | null;
}

/** The log written with SQL_STATEMENT_LOG, one entry per distinct statement and caller (read line by line: a whole suite logs millions). */
export async function readStatementLog(file: string): Promise<LoggedStatement[]> {
  const seen = new Map<string, LoggedStatement>();
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as LoggedStatement;
    seen.set(`${entry.caller}\u0000${entry.sql}`, entry);
  }
  return [...seen.values()];
}

/** A statement of ours (caller in src/) that cannot be routed to one shard. */
export interface Fanout {
  file: string;
  table: string;
  reason: string;
  sql: string;
}

export function fanouts(statements: LoggedStatement[], catalogue: Catalogue): Fanout[] {
  const out: Fanout[] = [];
  for (const s of statements) {
    // Migrations and the migration lock (src/db) run on the coordinator; so does DDL.
    if (!s.caller) continue;
    for (const f of analyzeStatement(s.sql, catalogue)) out.push({ file: s.caller.replace(/:\d+$/, ''), table: f.table, reason: f.reason, sql: s.sql });
  }
  return out;
}

/**
 * The statements docs/scaling.md lists as fanning out: the rows of the table under its
 * heading "#### Statements that fan out", whose first cell is a file and second a table.
 */
export function documentedFanouts(markdown: string): { file: string; table: string }[] {
  const start = markdown.indexOf('#### Statements that fan out');
  if (start < 0) return [];
  const rows: { file: string; table: string }[] = [];
  for (const line of markdown.slice(start).split('\n').slice(1)) {
    if (line.startsWith('#')) break;
    const cells = line.split('|').map((c) => c.trim());
    const file = /^`(src\/[^`]+)`$/.exec(cells[1] ?? '')?.[1];
    const table = /^`([a-z_]+)`$/.exec(cells[2] ?? '')?.[1];
    if (file && table) rows.push({ file, table });
  }
  return rows;
}

/** Fan-outs that docs/scaling.md does not list (by file and table). */
export function undocumented(found: Fanout[], documented: { file: string; table: string }[]): Fanout[] {
  const listed = new Set(documented.map((d) => `${d.file} ${d.table}`));
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.file} ${f.table}`;
    if (listed.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
