import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    // Test files share their worker's modules instead of loading the app's module graph (and, on
    // the server, PGlite's) again for each file: the whole suite's CPU fell by about 45% (1,074 s
    // -> 575 s, docs/decisions/server-database-and-tests.md). Every file builds its own app on its
    // own database, and nothing in the code under test keeps state in a module that a file relies
    // on being fresh.
    isolate: false,
    hookTimeout: 60_000,
    // drops the PostgreSQL template the test apps were copied from (test/test-app.ts)
    globalSetup: ['./src/test/global-setup.ts'],
  },
});
