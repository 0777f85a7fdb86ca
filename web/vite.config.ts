/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// dist/.gitkeep is committed so `go:embed all:dist` compiles before any build;
// vite empties dist/, so put the placeholder back afterwards.
function keepDistPlaceholder(): Plugin {
  return {
    name: 'move:keep-dist-placeholder',
    apply: 'build',
    closeBundle() {
      writeFileSync(fileURLToPath(new URL('./dist/.gitkeep', import.meta.url)), '');
    },
  };
}

const backend = process.env.MOVE_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), keepDistPlaceholder()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/v1': { target: backend, changeOrigin: true },
      '/healthz': { target: backend, changeOrigin: true },
      '/readyz': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The lazily loaded ag-grid chunk is ~700 kB raw by itself.
    chunkSizeWarningLimit: 800,
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Screen tests load lazy chunks; on a machine shared with other suites 5 s is not always enough.
    testTimeout: 20_000,
  },
});
