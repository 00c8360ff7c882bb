import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

/**
 * A React app's layers (docs/architecture.md): route modules in app/ compose features and the
 * shared state; a feature imports only itself and shared code; shared code imports no feature.
 * main.tsx, the composition root, belongs to no layer. Both apps (storefront, back office) keep them.
 */
const appLayers = (app) => ({
  files: [`${app}/src/**/*.{ts,tsx}`],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: `${app}/tsconfig.json` } },
    'boundaries/elements': [
      { type: 'app', pattern: `${app}/src/app` },
      { type: 'feature', pattern: `${app}/src/features/*`, capture: ['feature'] },
      { type: 'state', pattern: `${app}/src/state` },
      { type: 'shared', pattern: `${app}/src/(components|lib)` },
      { type: 'test-support', pattern: `${app}/src/test` },
    ],
    'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          {
            from: { element: { types: { anyOf: ['app', 'test-support'] } } },
            allow: {
              to: {
                element: {
                  types: { anyOf: ['app', 'feature', 'state', 'shared', 'test-support'] },
                },
              },
            },
          },
          {
            from: { element: { type: 'feature' } },
            allow: {
              to: {
                element: {
                  type: 'feature',
                  captured: { feature: '{{ from.captured.feature }}' },
                },
              },
            },
          },
          {
            from: { element: { types: { anyOf: ['feature', 'state'] } } },
            allow: { to: { element: { types: { anyOf: ['state', 'shared'] } } } },
          },
          {
            from: { element: { type: 'shared' } },
            allow: { to: { element: { type: 'shared' } } },
          },
          // a test renders its code inside the app's providers (test/render.tsx)
          {
            from: { file: { categories: 'test' } },
            allow: { to: { element: { type: 'test-support' } } },
          },
        ],
      },
    ],
  },
});

/**
 * The server's layers (docs/architecture.md, server section), each importing only those below it:
 * the roots (app.ts the composition root, server.ts, cli/, jobs/) → modules → plugins → lib → db.
 * A plugin needs no module: what it needs from one (a session lookup, the store table, a page's
 * head) is handed to it by app.ts. Modules may use each other. env.ts (the settings' schema, the
 * repository's paths) is below them all. Tests and test support may import anything. A payment
 * provider's definition (modules/payments/providers/*-definition.ts: its variables, live-mode
 * rules, checkout origins) is data below env.ts, importing only zod and other definitions, so
 * env.ts and the web plugin build the schema and the CSPs from it.
 */
const serverLayer = {
  root: [{ element: { type: 'root' } }, { file: { categories: 'root' } }],
  module: { element: { type: 'module' } },
  plugin: { element: { type: 'plugin' } },
  lib: { element: { type: 'lib' } },
  db: { element: { type: 'db' } },
  env: { file: { categories: 'env' } },
  'provider-definition': { file: { categories: 'provider-definition' } },
  'test-support': { element: { type: 'test-support' } },
  test: { file: { categories: 'test' } },
};
const mayImport = (from, ...layers) => ({
  from: serverLayer[from],
  allow: { to: layers.flatMap((layer) => serverLayer[layer]) },
});
const everyServerLayer = [
  'root',
  'module',
  'plugin',
  'lib',
  'db',
  'env',
  'provider-definition',
  'test-support',
];
const serverLayers = {
  files: ['apps/server/src/**/*.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
    'boundaries/elements': [
      { type: 'root', pattern: 'apps/server/src/(cli|jobs)' },
      { type: 'module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
      { type: 'plugin', pattern: 'apps/server/src/plugins' },
      { type: 'lib', pattern: 'apps/server/src/lib' },
      { type: 'db', pattern: 'apps/server/src/db' },
      { type: 'test-support', pattern: 'apps/server/src/test' },
    ],
    // single files are classified as files (element patterns name folders)
    'boundaries/files': [
      { category: 'root', pattern: 'apps/server/src/(app|server).ts' },
      { category: 'env', pattern: 'apps/server/src/env.ts' },
      // what a payment provider declares (id, methods, variables, live-mode rules, checkout
      // origins): data importing only zod and each other, so env.ts and the plugins may read it
      {
        category: 'provider-definition',
        pattern:
          'apps/server/src/modules/payments/providers/(*-definition|definition|definitions).ts',
      },
      // a module's own test helpers (modules/media/test-images.ts) are test code too
      { category: 'test', pattern: '**/(*.test|test-*).ts' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          mayImport('root', 'root', 'module', 'plugin', 'lib', 'db', 'env'),
          mayImport('module', 'module', 'plugin', 'lib', 'db', 'env'),
          mayImport('plugin', 'plugin', 'lib', 'db', 'env', 'provider-definition'),
          mayImport('lib', 'lib', 'db', 'env'),
          mayImport('db', 'db', 'env'),
          mayImport('env', 'provider-definition'),
          // a definition is read by env.ts and the plugins: it leans on nothing of the server's
          // (the last matching policy decides, so this refusal comes before its one allowance); the
          // rule sees imports leaving the payments module only: providers/definitions.test.ts checks
          // the rest
          {
            from: serverLayer['provider-definition'],
            disallow: { to: everyServerLayer.flatMap((layer) => serverLayer[layer]) },
          },
          mayImport('provider-definition', 'provider-definition'),
          mayImport('test-support', ...everyServerLayer),
          mayImport('test', ...everyServerLayer),
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/screenshots/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  appLayers('apps/web'),
  appLayers('apps/admin'),
  serverLayers,
);
