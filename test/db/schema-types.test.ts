import fs from 'node:fs';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { freshDatabase } from '../support/database.js';

/*
 * The hand-written row types (src/db/schema.ts) against the migrated database: every table
 * and column of the types exists with a compatible type and nullability, and every column
 * of the database is in the types.
 */

type Kind = 'string' | 'number' | 'boolean' | 'timestamp' | 'json';
interface Column {
  kind: Kind;
  nullable: boolean;
}

const SCHEMA = new URL('../../src/db/schema.ts', import.meta.url);
/** The table interfaces, by area (src/db/schema/*.ts); schema.ts holds `Database`. */
const SCHEMA_DIR = new URL('../../src/db/schema/', import.meta.url);
const schemaFiles = () => [SCHEMA, ...fs.readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.ts')).map((f) => new URL(f, SCHEMA_DIR))];

/** table → column → kind and nullability, read from the `Database` interface and the table interfaces it names. */
function typesOfSchemaFile(): Map<string, Map<string, Column>> {
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  for (const url of schemaFiles()) {
    const file = ts.createSourceFile(url.pathname, fs.readFileSync(url, 'utf8'), ts.ScriptTarget.Latest, true);
    file.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
      if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
    });
  }
  const columnOf = (node: ts.TypeNode): Column => {
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.filter((t) => !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword));
      const kinds = new Set(parts.map((p) => columnOf(p).kind));
      if (kinds.size !== 1) throw new Error(`mixed union: ${node.getText()}`);
      return { kind: [...kinds][0], nullable: parts.length !== node.types.length || parts.some((p) => columnOf(p).nullable) };
    }
    if (ts.isLiteralTypeNode(node)) {
      if (node.literal.kind === ts.SyntaxKind.StringLiteral) return { kind: 'string', nullable: false };
      if (node.literal.kind === ts.SyntaxKind.NumericLiteral) return { kind: 'number', nullable: false };
      return { kind: 'boolean', nullable: false };
    }
    if (node.kind === ts.SyntaxKind.StringKeyword) return { kind: 'string', nullable: false };
    if (node.kind === ts.SyntaxKind.NumberKeyword) return { kind: 'number', nullable: false };
    if (node.kind === ts.SyntaxKind.BooleanKeyword) return { kind: 'boolean', nullable: false };
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText();
      const args = node.typeArguments ?? [];
      if (name === 'Generated') return columnOf(args[0]);
      if (name === 'Date' || name === 'Timestamp') return { kind: 'timestamp', nullable: false };
      if (name === 'NullableTimestamp') return { kind: 'timestamp', nullable: true };
      if (name === 'Json' || name === 'JsonWithDefault') return { kind: 'json', nullable: false };
      if (name === 'NullableJson') return { kind: 'json', nullable: true };
      if (name === 'DefaultedNullableJson') return { kind: 'json', nullable: true };
      const alias = aliases.get(name);
      if (alias) return columnOf(alias);
    }
    throw new Error(`unknown column type in schema.ts: ${node.getText()}`);
  };
  const out = new Map<string, Map<string, Column>>();
  for (const member of interfaces.get('Database')!.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = member.name.getText();
    // `platform.AccountsTable`: the interface's own name, whichever area file declares it.
    const declaration = interfaces.get(member.type.getText().split('.').pop()!);
    if (!declaration) throw new Error(`Database.${table} names no interface of schema.ts`);
    const columns = new Map<string, Column>();
    for (const column of declaration.members) {
      if (ts.isPropertySignature(column) && column.type) columns.set(column.name.getText(), columnOf(column.type));
    }
    out.set(table, columns);
  }
  return out;
}

const KIND_OF_DATA_TYPE: Record<string, Kind> = {
  text: 'string',
  date: 'string',
  smallint: 'number',
  integer: 'number',
  bigint: 'number',
  numeric: 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'timestamp',
  json: 'json',
  jsonb: 'json',
};

const { db, drop } = await freshDatabase();
afterAll(drop);

async function columnsOfDatabase(): Promise<Map<string, Map<string, Column & { dataType: string }>>> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    select table_name, column_name, data_type, is_nullable
    from information_schema.columns
    where table_schema = current_schema() and table_name <> 'schema_migrations'
      -- the tables of the migrations, not the views an extension adds (Citus: citus_tables, …)
      and table_name in (select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE')
    order by table_name, ordinal_position`.execute(db.kysely);
  const out = new Map<string, Map<string, Column & { dataType: string }>>();
  for (const r of rows) {
    const table = out.get(r.table_name) ?? new Map();
    out.set(r.table_name, table);
    table.set(r.column_name, { kind: KIND_OF_DATA_TYPE[r.data_type] ?? (r.data_type as Kind), nullable: r.is_nullable === 'YES', dataType: r.data_type });
  }
  return out;
}

describe('src/db/schema.ts', () => {
  it('names every table of the migrated database, and only those', async () => {
    const types = typesOfSchemaFile();
    const database = await columnsOfDatabase();
    expect([...types.keys()].sort()).toEqual([...database.keys()].sort());
  });

  it('types every column of every table with a compatible type and the same nullability', async () => {
    const types = typesOfSchemaFile();
    const database = await columnsOfDatabase();
    const mismatches: string[] = [];
    for (const [table, columns] of database) {
      const typed = types.get(table) ?? new Map<string, Column>();
      for (const [name, actual] of columns) {
        const declared = typed.get(name);
        if (!declared) mismatches.push(`${table}.${name}: in the database (${actual.dataType}), not in the types`);
        else if (declared.kind !== actual.kind || declared.nullable !== actual.nullable) {
          mismatches.push(`${table}.${name}: types say ${declared.kind}${declared.nullable ? ' | null' : ''}, the database ${actual.dataType}${actual.nullable ? ' null' : ' not null'}`);
        }
      }
      for (const name of typed.keys()) if (!columns.has(name)) mismatches.push(`${table}.${name}: in the types, not in the database`);
    }
    expect(mismatches).toEqual([]);
  });
});
