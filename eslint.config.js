// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/.out/**',
      'eslint.config.js',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.ts', 'bench/*.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Fastify plugins and hooks are async by contract, whether or not they await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // Unit tests assert on their fakes' methods (`expect(repo.save).not.toHaveBeenCalled()`):
    // naming a method there is not calling it without its object.
    files: ['apps/server/src/**/*.unit.test.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A dynamic import keeps every export of the module it loads: `import('zod')` puts all of
      // zod (its locales, JSON Schema) in the web build. Load the shared schema module instead.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^zod(\\/|$)/]',
          message: 'Import a schema module of @arena/shared, not zod itself, dynamically.',
        },
      ],
    },
  },
  {
    // Test data and harnesses live in apps/web/src/test, beside the tests and out of the build:
    // the app's own code never imports them (nor a test).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/test/*', '**/*.test', '**/*.test.ts', '**/*.test.tsx'],
              message: 'Test helpers are for tests: the app does not import them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/web/src/test/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'apps/server/test/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The service worker is plain JavaScript the browser runs as served (public/ skips the build),
    // outside every tsconfig: checked without types, with a worker's globals.
    files: ['apps/web/public/sw.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'script', globals: { self: 'readonly', URL: 'readonly' } },
  },
);
