import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      'export/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The contract is shared by the browser and the server: no Node, no DOM, no database.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto'],
              message: 'The contract must run in the browser too.',
            },
            {
              group: ['@tables-voisines/api*', '@tables-voisines/web*', 'drizzle-orm*', 'react*'],
              message: 'The contract depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain scripts served as they are (the offline page's).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@tables-voisines/api*'], message: 'The web app talks to the API over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // The public pages call the API through lib/public-api.ts, over the few calls they make: lib/api-client.ts
    // carries the contract's whole route table (issue 33, the app's own code before the map ≤ 25 KB gzip).
    files: [
      'apps/web/src/features/{establishment,follow,map,navigation,site}/**/*.{ts,tsx}',
      'apps/web/src/app/{root,entry.client}.tsx',
      'apps/web/src/app/routes/{establishment,home,map-layout,not-found,report}.tsx',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@tables-voisines/api*'], message: 'The web app talks to the API over HTTP only.' },
            {
              group: ['**/lib/api-client'],
              message:
                'A public page calls through lib/public-api.ts: lib/api-client.ts brings the whole route table.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@tables-voisines/web*'], message: 'The API loads the web build at run time only.' },
          ],
        },
      ],
    },
  },
  {
    // One clock (docs/decisions/0078-one-clock.md): the server reads "now" from the app's context, which tests
    // move; the real clock is read in lib/clock.ts only.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/lib/clock.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            'Read the time from the context (ctx.clock(), w.now) or take it as a parameter: lib/clock.ts.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message:
            'Read the time from the context (ctx.clock(), w.now) or take it as a parameter: lib/clock.ts.',
        },
      ],
    },
  },
  {
    // French spacing: a guillemet holds its words with a no-break space (`&nbsp;` in JSX text, `\u00a0` in a
    // string). With a plain space a line may end on « or start on » (seen on a phone in the board's « Formules »
    // help). The follow notices are spaced when shown (frenchSpacing in follow-support.ts). The API's and the
    // contract's texts are not held to it yet (about 80 lines there, with the tests that read them).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/features/follow/follow-support.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=', 'TemplateElement[value.raw=', 'JSXText[value='].map((node) => ({
          selector: `${node}/«[\\x20\\n]|[\\x20\\n]»/]`,
          message:
            'Hold the guillemet to its words with a no-break space: « &nbsp; » in JSX text, « \\u00a0 » in a string.',
        })),
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '**/*-cli.ts', '**/seed/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
