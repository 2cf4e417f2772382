import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// Served by the service at /console (see docs/console.md); `npm run dev -w @scheduling/console`
// serves it on :5173 and forwards API calls to a service started with `npm start`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  resolve: {
    alias: { '@scheduling/client': fileURLToPath(new URL('../packages/client/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Two pages: the console, and the page of a manage link (served at /manage/{account}/{token}).
    rollupOptions: { input: { main: fileURLToPath(new URL('index.html', import.meta.url)), manage: fileURLToPath(new URL('manage.html', import.meta.url)) } },
  },
  server: { proxy: { '/v1': 'http://127.0.0.1:4000' } },
});
