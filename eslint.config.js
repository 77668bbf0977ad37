import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
