/**
 * A reader of the few PostgreSQL protocol messages the PGlite driver (pglite-driver.ts) gets
 * back for a prepared statement: its description, and the rows and row count of one execution.
 *
 * PGlite's own parser copies every string it reads into an ArrayBuffer of its own, and every
 * message into another: for a primary-key select that was about a third of the statement's CPU
 * in a profile (docs/performance.md, "The protocol reader"). This one reads the bytes where
 * they lie and decodes text with Buffer's native UTF-8 slice. It follows PGlite's `parse`
 * module: the same rows, the same value parsers, the same `affectedRows`, and errors as
 * PGlite's `DatabaseError` with the same fields.
 */
import { messages } from '@electric-sql/pglite';

/** A parser of a value's text, by type OID (PGlite's `parsers`, with the service's own). */
export type ValueParsers = Record<number, ((text: string, typeId: number) => unknown) | undefined>;

/** The columns a statement returns: their names and type OIDs, in order. */
export interface Columns {
  names: string[];
  typeIds: number[];
}

export interface StatementDescription {
  /** The parameter types PostgreSQL inferred. */
  paramTypes: number[];
  /** null: the statement returns no rows (NoData). */
  columns: Columns | null;
}

export interface ExecutionResult {
  rows: Record<string, unknown>[];
  /** Rows inserted, updated, deleted, copied or merged, as PGlite's `parse` counts them. */
  affectedRows: number;
}

const ERROR = 0x45; // 'E'
const ROW_DESCRIPTION = 0x54; // 'T'
const PARAMETER_DESCRIPTION = 0x74; // 't'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'

/** Commands whose tag's last number counts affected rows (PGlite's `parseResults`). */
const COUNTING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** ErrorResponse field codes → DatabaseError properties (as pg-protocol names them). */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** The messages of one exchange, one at a time: `type` and the body between `start` and `end`. */
class MessageCursor {
  readonly buf: Buffer;
  #next = 0;
  type = 0;
  start = 0;
  end = 0;

  constructor(bytes: Uint8Array) {
    // A view, not a copy: Buffer only adds the native text decoding.
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  advance(): boolean {
    if (this.#next + 5 > this.buf.length) return false;
    this.type = this.buf[this.#next];
    const length = this.buf.readInt32BE(this.#next + 1);
    this.start = this.#next + 5;
    this.end = this.#next + 1 + length;
    this.#next = this.end;
    return true;
  }

  /** The NUL-terminated string at `at`, and where the next field starts. */
  cstring(at: number): [string, number] {
    const nul = this.buf.indexOf(0, at);
    return [this.buf.toString('utf8', at, nul), nul + 1];
  }
}

/** The error of an ErrorResponse, as PGlite raises it. */
function databaseError(cursor: MessageCursor): Error {
  const fields: Record<string, string> = {};
  let at = cursor.start;
  while (at < cursor.end && cursor.buf[at] !== 0) {
    const code = String.fromCharCode(cursor.buf[at]);
    const [value, next] = cursor.cstring(at + 1);
    fields[code] = value;
    at = next;
  }
  const error = new messages.DatabaseError(fields.M ?? 'unknown database error', cursor.end - cursor.start + 4, 'error');
  for (const [code, property] of Object.entries(ERROR_FIELDS)) {
    if (fields[code] !== undefined) (error as unknown as Record<string, string>)[property] = fields[code];
  }
  return error;
}

function readColumns(cursor: MessageCursor): Columns {
  const count = cursor.buf.readInt16BE(cursor.start);
  const names: string[] = [];
  const typeIds: number[] = [];
  let at = cursor.start + 2;
  for (let i = 0; i < count; i++) {
    const [name, next] = cursor.cstring(at);
    names.push(name);
    // table OID (4), column number (2), then the type OID; type size, modifier, format follow.
    typeIds.push(cursor.buf.readInt32BE(next + 6));
    at = next + 18;
  }
  return { names, typeIds };
}

/** The answer to Parse + Describe (statement) + Sync. Throws the engine's error, if any. */
export function readDescription(bytes: Uint8Array): StatementDescription {
  const cursor = new MessageCursor(bytes);
  let paramTypes: number[] = [];
  let columns: Columns | null = null;
  while (cursor.advance()) {
    if (cursor.type === ERROR) throw databaseError(cursor);
    if (cursor.type === PARAMETER_DESCRIPTION) {
      const count = cursor.buf.readInt16BE(cursor.start);
      paramTypes = Array.from({ length: count }, (_, i) => cursor.buf.readInt32BE(cursor.start + 2 + 4 * i));
    } else if (cursor.type === ROW_DESCRIPTION) {
      columns = readColumns(cursor);
    }
  }
  return { paramTypes, columns };
}

/**
 * The answer to Bind + Execute + Sync of a statement described by `columns`: its rows as
 * objects, values parsed by type as PGlite's `query` parses them. Throws the engine's error.
 */
export function readExecution(bytes: Uint8Array, columns: Columns | null, parsers: ValueParsers): ExecutionResult {
  const cursor = new MessageCursor(bytes);
  const rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  while (cursor.advance()) {
    switch (cursor.type) {
      case ERROR:
        throw databaseError(cursor);
      case DATA_ROW: {
        if (!columns) break;
        const row: Record<string, unknown> = {};
        const count = cursor.buf.readInt16BE(cursor.start);
        let at = cursor.start + 2;
        for (let i = 0; i < count; i++) {
          const length = cursor.buf.readInt32BE(at);
          at += 4;
          if (length < 0) {
            row[columns.names[i]] = null;
            continue;
          }
          const text = cursor.buf.toString('utf8', at, at + length);
          at += length;
          const typeId = columns.typeIds[i];
          const parser = parsers[typeId];
          row[columns.names[i]] = parser ? parser(text, typeId) : text;
        }
        rows.push(row);
        break;
      }
      case COMMAND_COMPLETE: {
        const [tag] = cursor.cstring(cursor.start);
        const words = tag.split(' ');
        if (COUNTING_COMMANDS.has(words[0])) affectedRows += parseInt(words[words.length - 1], 10);
        break;
      }
    }
  }
  return { rows, affectedRows };
}
