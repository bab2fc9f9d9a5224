import { defineConfig } from 'vite';

// Built into dist/ and served by the server (packages/server/src/http/web-pages.ts): index.html for every
// page route, dist/assets/* with long cache headers (their names carry a content hash).
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    target: 'es2022',
    // Inline scripts would break the pages' Content-Security-Policy (script-src 'self').
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
});
