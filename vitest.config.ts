import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every unit and component test; each app keeps its own
// environment (node for the server, jsdom for the web app) in its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      'apps/admin',
      // checks of the repository's own tooling (the lint rules), in node
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
