import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// Library mode: one ES module, no dependency, served by the service at
// /elements/scheduling-booker.js and published from this repository (docs/elements.md).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('src/index.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'scheduling-booker.js',
    },
  },
});
