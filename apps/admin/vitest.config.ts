import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'admin',
    environment: 'jsdom',
    // The API client builds its base from window.location.origin.
    environmentOptions: { jsdom: { url: 'http://localhost:3000/admin/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // a findBy waits up to 5 s (test/setup.ts), and a form test makes several in a row: 5 s for the
    // whole test (Vitest's default) timed out the settings form's tests on a loaded machine
    testTimeout: 20_000,
    // Test files share their worker's modules instead of loading the app's module graph (and, on
    // the server, PGlite's) again for each file: the whole suite's CPU fell by about 45% (1,074 s
    // -> 575 s, docs/decisions/server-database-and-tests.md). Every file builds its own app on its
    // own database, and nothing in the code under test keeps state in a module that a file relies
    // on being fresh.
    isolate: false,
  },
});
