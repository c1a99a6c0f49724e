import { defineConfig } from 'vitest/config';

// `npm run dev` serves the client on :5173 and passes the API and the WebSocket to a local
// `nimmt serve` (start it with --allow-origin http://localhost:5173).
declare const process: { env: Record<string, string | undefined> };
const server = process.env.NIMMT_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, minify: process.env.NIMMT_WEB_DEBUG ? false : 'esbuild', chunkSizeWarningLimit: 200 },
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
