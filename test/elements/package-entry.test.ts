/**
 * `import '@scheduling/elements'`, as a platform's bundle writes it (docs/elements.md): the
 * package's entry resolves to the built booker, importing it defines <scheduling-booker>, and
 * its type declarations type the element and its events for a platform's TypeScript.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ELEMENT_FILE, ensureElementsBuilt } from './elements-build.js';

/** A platform's file, as if it were in this repository (so that the package resolves from here). */
const CONSUMER = fileURLToPath(new URL('./platform-page.ts', import.meta.url));

/** What TypeScript (strict, with the DOM) says of `source` as a platform's module. */
function typeErrors(source: string): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (file, language, ...rest) => (path.resolve(file) === CONSUMER ? ts.createSourceFile(file, source, language) : getSourceFile(file, language, ...rest));
  const fileExists = host.fileExists;
  host.fileExists = (file) => path.resolve(file) === CONSUMER || fileExists(file);
  const program = ts.createProgram([CONSUMER], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

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
    // The module Node resolved.
    await import(entry);
    expect(typeof defined.get('scheduling-booker')).toBe('function');
  });

  it("ships type declarations: a platform's TypeScript knows the element, its events and their details", () => {
    ensureElementsBuilt();
    const page = `
      import type { SchedulingBooker, SchedulingBookerEventDetails } from '@scheduling/elements';
      import '@scheduling/elements';
      const booker: SchedulingBooker = document.createElement('scheduling-booker');
      booker.setAttribute('client-secret', 'bks_123');
      booker.addEventListener('booked', (event) => {
        const booking: string = event.detail.booking;
        event.preventDefault();
        console.log(booking, event.detail.status);
      });
      booker.addEventListener('expired', (event) => {
        if (event.detail.reason === 'hold') console.log(event.detail.start);
      });
      booker.addEventListener('click', (event) => console.log(event.clientX));
      export const held: SchedulingBookerEventDetails['slot-held'] = { booking: 'bk_1', start: '', end: '', expires_at: null };
    `;
    expect(typeErrors(page)).toEqual([]);
    // And it says no to what the element does not send.
    const wrong = `
      import '@scheduling/elements';
      document.createElement('scheduling-booker').addEventListener('booked', (event) => console.log(event.detail.price));
    `;
    expect(typeErrors(wrong).join('\n')).toMatch(/Property 'price' does not exist/);
  });
});
