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
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  appLayers('apps/web'),
  appLayers('apps/admin'),
);
