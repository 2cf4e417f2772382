/** The code blocks of docs/elements.md, as its tests run them: the first block of `lang` under a heading. */
import { readFileSync } from 'node:fs';

const doc = readFileSync(new URL('../../docs/elements.md', import.meta.url), 'utf8');

export function elementsDocBlock(heading: string, lang: string): string {
  const section = doc.split(heading)[1]!.split('\n### ')[0]!;
  return new RegExp('```' + lang + '\\n([\\s\\S]+?)\\n```').exec(section)![1]!;
}
