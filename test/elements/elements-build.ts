/** packages/elements/dist, as `npm install` builds it: rebuilt here when a source is newer. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ELEMENT_FILE = join(ROOT, 'packages/elements/dist/scheduling-booker.js');
/** The package's type declarations, written by the same build. */
export const ELEMENT_TYPES = join(ROOT, 'packages/elements/dist/types/index.d.ts');

function newest(dir: string): number {
  return Math.max(...readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs)));
}

export function ensureElementsBuilt(): void {
  const sources = Math.max(newest(join(ROOT, 'packages/elements/src')), statSync(join(ROOT, 'packages/elements/vite.config.ts')).mtimeMs);
  const built = [ELEMENT_FILE, ELEMENT_TYPES].every((file) => existsSync(file) && statSync(file).mtimeMs >= sources);
  if (built) return;
  execFileSync('npm', ['run', 'build:elements'], { cwd: ROOT, stdio: 'pipe' });
}
