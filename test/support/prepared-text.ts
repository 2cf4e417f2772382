/**
 * A compiled statement as SQL PREPARE and EXECUTE texts, its values written as literals: for
 * tests that read the plan PostgreSQL makes once, without values (`force_generic_plan`).
 * Values are text, text arrays or dates, as the held-time lookup takes them.
 */
export function preparedText(name: string, compiled: { sql: string; parameters: readonly unknown[] }): { prepare: string; execute: string } {
  const typeOf = (v: unknown) => (Array.isArray(v) ? 'text[]' : v instanceof Date ? 'timestamptz' : 'text');
  const literal = (v: unknown) => (Array.isArray(v) ? `array[${v.map((x) => `'${x}'`).join(',')}]::text[]` : v instanceof Date ? `'${v.toISOString()}'::timestamptz` : `'${v}'`);
  return {
    prepare: `prepare ${name}(${compiled.parameters.map(typeOf).join(', ')}) as ${compiled.sql}`,
    execute: `execute ${name}(${compiled.parameters.map(literal).join(', ')})`,
  };
}
