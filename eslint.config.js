import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url));
const intoFeatures = {
  group: ['@/features/*/**', '../../*', '../../../*'],
  message: "Another feature is reached through its index ('@/features/<name>'), never its internals.",
};
// no-restricted-imports does not see import(): the same rule for code loaded on demand.
const lazyIntoFeatures = {
  selector: 'ImportExpression[source.value=/^(@\\/features\\/[^/]+\\/|\\.\\.\\/\\.\\.\\/)/]',
  message: "Another feature's code loads through what its index exports, never by its internal path.",
};
const intoApp = {
  group: ['@/app', '@/app/**'],
  message: 'The app shell composes features, not the other way.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'bench/data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The web app's boundaries: a feature reaches another only through its index, and never itself through
  // it (that would be a cycle); components/ui, lib and config know no feature; app/ composes them all.
  ...webFeatures.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            intoFeatures,
            intoApp,
            {
              group: [`@/features/${name}`],
              message: 'Inside a feature, import its own files by relative path.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', lazyIntoFeatures],
    },
  })),
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features', '@/features/**'], message: 'Shared code knows no feature.' },
            intoApp,
          ],
        },
      ],
    },
  },
  // Small rooms in the web app: a file over 300 lines or a function over 80 is split by what it holds.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', 300] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', 80] },
  },
  {
    // The server's feature boundary (docs/ARCHITECTURE.md): a feature reaches another only through
    // its public entry (features/<y>/index.ts) or the marketplace core, so a feature's files can move
    // or change without breaking another. Tests may reach into internals to check query plans.
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['apps/server/src/features/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(\\.\\./features/)?(?!marketplace/)[^./][^/]*/(?!index\\.js$)',
              message:
                "Import another server feature through its public entry ('../<feature>/index.js') or from features/marketplace.",
            },
          ],
        },
      ],
    },
  },
  // The benchmark keeps the same small rooms; its tables of names and cities are data, not code.
  {
    files: ['bench/**/*.ts'],
    ignores: ['**/*.test.ts', 'bench/seed/names.ts', 'bench/seed/cities.ts'],
    rules: { 'max-lines': ['error', 300], 'max-lines-per-function': ['error', 80] },
  },
  // Small rooms on the server too: a source file over 300 lines or a function over 80 is split by what it holds.
  {
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: { 'max-lines': ['error', 300], 'max-lines-per-function': ['error', 80] },
  },
);
