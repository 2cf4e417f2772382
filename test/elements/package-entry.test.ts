/**
 * `import '@scheduling/elements'`, as a platform's bundle writes it (docs/elements.md): the
 * package's entry resolves to the built booker, and importing it defines <scheduling-booker>.
 */
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ELEMENT_FILE, ensureElementsBuilt } from './elements-build.js';

describe('the @scheduling/elements package', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("resolves `import '@scheduling/elements'` to the built booker, which defines <scheduling-booker> once imported", async () => {
    ensureElementsBuilt();
    const entry = import.meta.resolve('@scheduling/elements');
    expect(entry).toBe(pathToFileURL(ELEMENT_FILE).href);
    // Node has no DOM: the two globals the element touches as it loads stand in for the browser's.
    const defined = new Map<string, unknown>();
    vi.stubGlobal('HTMLElement', class {});
    vi.stubGlobal('customElements', { get: (name: string) => defined.get(name), define: (name: string, element: unknown) => defined.set(name, element) });
    // The module Node resolved (the package ships no type declarations: a side-effect import needs none).
    await import(entry);
    expect(typeof defined.get('scheduling-booker')).toBe('function');
  });
});
