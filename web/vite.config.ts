/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

// Test files that mock a module (vi.mock) run in a module graph of their own: the graph
// the other files share may already hold the real module.
const isolatedTests = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`)
  .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

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
    css: false,
    // Screen tests load lazy chunks; on a machine shared with other suites 5 s is not always enough.
    testTimeout: 20_000,
    // A fresh jsdom and module graph per file cost 190 s of a 2-core machine for 89 files;
    // shared, 33 s. The setup resets what a test leaves behind (DOM, storage, mocks,
    // stubbed globals, the language); a file that mocks a module keeps its own graph,
    // since a shared graph may already hold the real module (decision web-130).
    projects: [
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: isolatedTests, isolate: false } },
      { extends: true, test: { name: 'isolated', include: isolatedTests, isolate: true } },
    ],
  },
});
