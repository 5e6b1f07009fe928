// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The server's arrows (docs/ARCHITECTURE.md): the platform (apps/server/src/platform) imports no
 * module and nothing of the composition (root.ts, app.ts, bootstrap.ts, web/, cli/, bot/); a module
 * (apps/server/src/modules/<name>) reaches another module only through its index.ts, and never the
 * composition. Import paths are relative, so each depth of folder gets its own patterns.
 */
const SERVER_MODULES = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const up = (levels) => '\\.\\./'.repeat(levels);
const serverArrows = [
  ...[1, 2].map((depth) => ({
    files: [`apps/server/src/platform/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^${up(depth)}`,
              message: 'The platform imports no module and nothing of the composition root: pass what it needs in.',
            },
          ],
        },
      ],
    },
  })),
  ...SERVER_MODULES.flatMap((name) =>
    [1, 2].map((depth) => ({
      files: [`apps/server/src/modules/${name}/${'*/'.repeat(depth - 1)}*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^${up(depth)}(?!${name}/)[^/.]+/(?!index\\.ts$)`,
                message: `Another module is reached through its index.ts only (${name} may not import its internals).`,
              },
              {
                regex: `^${up(depth + 1)}(?!platform/)`,
                message:
                  'A module imports the platform and other modules, never the composition root (root.ts, app.ts, web/, cli/).',
              },
            ],
          },
        ],
      },
    })),
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'coverage/**',
      'storybook-static/**',
      'test-results/**',
      '**/mockServiceWorker.js',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Command-line scripts talk to the terminal.
    files: ['scripts/**/*.{js,mjs,ts}', '.ci/**/*', 'apps/server/src/cli/**/*.ts', 'apps/*/scripts/**/*'],
    rules: { 'no-console': 'off' },
  },
  {
    files: [
      'packages/ui/**/*.{ts,tsx}',
      'apps/web/**/*.{ts,tsx}',
      'packages/api/**/*.{ts,tsx}',
      '.storybook/**/*.{ts,tsx}',
    ],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: '19.0' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'react/prop-types': 'off',
    },
  },
  {
    // Every visible text comes from locales/{fa,en}: no literal strings in the JSX of the site.
    files: ['packages/ui/src/**/*.tsx', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.stories.tsx', '**/*.test.tsx'],
    rules: {
      'react/jsx-no-literals': [
        'error',
        {
          noStrings: true,
          ignoreProps: true,
          noAttributeStrings: false,
          allowedStrings: ['·', '•', '—', '–', '/', '|', ':', '%', '+', '×', '#', '(', ')', '…'],
        },
      ],
    },
  },
  {
    // Visible attribute texts (labels, titles, alternative texts) must be translated too.
    files: ['packages/ui/src/**/*.tsx', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.stories.tsx', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXAttribute[name.name=/^(aria-label|aria-description|aria-valuetext|alt|title|placeholder|label)$/] > Literal[value=/[A-Za-z\\u0600-\\u06FF]/]',
          message: 'User-visible attribute text must come from the locales (t(...)).',
        },
      ],
    },
  },
  {
    // The domain package is pure: no React, no I/O.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/*'], message: '@separ/domain never imports React.' },
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'os', 'child_process'],
              message: '@separ/domain does no I/O.',
            },
            { group: ['@separ/*'], message: '@separ/domain depends on no other package of the workspace.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: '@separ/domain does no I/O.' },
        { name: 'localStorage', message: '@separ/domain does no I/O.' },
        { name: 'document', message: '@separ/domain does no I/O.' },
        { name: 'window', message: '@separ/domain does no I/O.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Callers pass `now`: the domain reads no clock.' },
        { object: 'Math', property: 'random', message: 'The domain is deterministic.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Callers pass `now`: the domain reads no clock.',
        },
      ],
    },
  },
  ...serverArrows,
  {
    // The UI package never fetches: data comes in as props.
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@separ/api', '@separ/api/*', '@reduxjs/*', 'react-redux', 'msw', 'msw/*'],
              message: '@separ/ui never fetches: take data as props.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: '@separ/ui never fetches: take data as props.' }],
    },
  },
);
