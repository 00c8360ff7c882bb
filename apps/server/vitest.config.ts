import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // drops the PostgreSQL template the test apps were copied from (test/test-app.ts)
    globalSetup: ['./src/test/global-setup.ts'],
  },
});
