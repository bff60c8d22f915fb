import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of STYLE.md: what each layer may not reach into. */
const contractsOnly = {
  patterns: [
    {
      group: ['**/api/src/*', '!**/api/src/contracts', '**/api/src/!(contracts)/**', '@supply-hub/api/!(contracts)*'],
      message: 'The frontends import only the API contracts (@supply-hub/api/contracts).',
    },
  ],
};

/**
 * Only *.queries.ts call the database: a service passes its handle or transaction to a query function
 * (`selectX(trx, …)`) and may open a transaction (`ctx.db.transaction`), nothing else. dependency-cruiser
 * (.dependency-cruiser.cjs) checks the imports; this checks the calls, which no import shows.
 */
const QUERY_BUILDER = '/^(raw|select|first|from|table|insert|update|del|delete|where|schema|with|queryBuilder|fn)$/';
const HANDLE = '/^(db|trx|tx|knex)$/';
export const databaseCallsOnlyInQueries = [
  'error',
  {
    selector: `CallExpression[callee.type='Identifier'][callee.name=${HANDLE}]`,
    message: 'Only *.queries.ts call tables: move this into a query function fn(db, …).',
  },
  {
    selector: `CallExpression[callee.type='MemberExpression'][callee.property.name='db']`,
    message: 'Only *.queries.ts call tables: move this into a query function fn(db, …).',
  },
  {
    selector: `CallExpression[callee.object.name=${HANDLE}][callee.property.name=${QUERY_BUILDER}]`,
    message: 'Only *.queries.ts run SQL: move this into a query function fn(db, …).',
  },
  {
    selector: `CallExpression[callee.object.property.name='db'][callee.property.name=${QUERY_BUILDER}]`,
    message: 'Only *.queries.ts run SQL: move this into a query function fn(db, …).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.test-data/**',
      '.tsbuild/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['api/src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', 'node:*', 'express', 'knex', 'objection', 'pg', 'react', 'react-*'],
              message: 'Contracts are pure: zod and each other only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The endpoint declarations sit one folder down and import the contracts beside them.
    files: ['api/src/contracts/endpoints/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../*', 'node:*', 'express', 'knex', 'objection', 'pg', 'react', 'react-*'],
              message: 'Contracts are pure: zod and each other only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/**/*.rules.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/*.queries.js',
                '**/*.service.js',
                '**/database/**',
                'knex',
                'pg',
                'express',
                'node:fs',
                'node:fs/*',
              ],
              message: 'Domain rules are pure functions without I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/**/*.queries.ts', 'api/src/**/*.model.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.service.js', '**/logger.js', '**/http/**', 'express'],
              message: 'Queries and models never import services, loggers or HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../api/**', '**/api/src/**'], message: 'Migrations never import application code.' }] },
      ],
    },
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}', 'backoffice/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', contractsOnly],
    },
  },
  {
    files: ['**/*.test.ts', '**/test-support/**', '**/e2e/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: [
      '**/*.queries.ts',
      '**/*.test.ts',
      'api/src/database/**', // the handle itself
      'api/src/test-support/**', // tests build their own data
    ],
    rules: { 'no-restricted-syntax': databaseCallsOnlyInQueries },
  },
);
