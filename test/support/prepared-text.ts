/**
 * A compiled statement as SQL PREPARE and EXECUTE texts, its values written as literals: for
 * tests that read the plan PostgreSQL makes once, without values (`force_generic_plan`).
 * Values are text, text arrays, dates, booleans or whole numbers (bigint).
 */
export function preparedText(name: string, compiled: { sql: string; parameters: readonly unknown[] }): { prepare: string; execute: string } {
  const typeOf = (v: unknown) => (Array.isArray(v) ? 'text[]' : v instanceof Date ? 'timestamptz' : typeof v === 'boolean' ? 'boolean' : typeof v === 'number' ? 'bigint' : 'text');
  const literal = (v: unknown) =>
    Array.isArray(v) ? `array[${v.map((x) => `'${x}'`).join(',')}]::text[]` : v instanceof Date ? `'${v.toISOString()}'::timestamptz` : typeof v === 'boolean' || typeof v === 'number' ? String(v) : `'${v}'`;
  return {
    prepare: `prepare ${name}(${compiled.parameters.map(typeOf).join(', ')}) as ${compiled.sql}`,
    execute: `execute ${name}(${compiled.parameters.map(literal).join(', ')})`,
  };
}
