import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import quickbuy from './eslint/plugin.js';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      // The small app storefront-reads.test.js reads from disk: not the store's code.
      'eslint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { quickbuy },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // src/web and src/server never import each other; src/shared imports neither (docs/architecture.md);
      // nothing in src but a test imports tests/; a web feature imports no other feature (what two
      // share lives in src/web/components or src/web/lib: docs/decisions/016).
      'quickbuy/boundaries': [
        'error',
        {
          features: 'src/web/features',
          zones: [
            { target: 'src/web', from: ['src/server'], message: 'The web app talks to the server over HTTP only.' },
            { target: 'src/server', from: ['src/web'], message: 'The server knows nothing of React.' },
            { target: 'src/shared', from: ['src/server', 'src/web'], message: 'src/shared is vocabulary only.' },
            {
              target: 'src/web/components',
              from: ['src/web/features', 'src/web/app'],
              message: 'components/ sits below the features and the app: it never imports them.',
            },
            {
              target: 'src/web/lib',
              from: ['src/web/features', 'src/web/app', 'src/web/components'],
              message: 'lib/ sits below the components, the features and the app: it never imports them.',
            },
            {
              target: 'src/server/db',
              from: ['src/server/modules', 'src/server/seed'],
              message:
                'db/ holds the schema, migrations and client only: it never imports a domain module or the seed.',
            },
            {
              target: 'src',
              from: ['tests'],
              except: ['.test.ts', '.test.tsx'],
              message: 'Code in src never imports tests: test helpers live in tests/support, for *.test.ts files.',
            },
          ],
        },
      ],
      // The server's modules (docs/architecture.md): in layers, lowest first, a module importing only modules
      // below its own; each through its index.ts alone; each reading only its own tables. Tests may reach
      // up and in to set up their data through other modules' files.
      'quickbuy/server-modules': [
        'error',
        {
          modules: 'src/server/modules',
          schema: 'src/server/db/schema',
          lib: 'src/server/lib',
          // Start-up data in bulk (decision 012) and read-only aggregates (decision 028) read any table.
          readers: ['src/server/seed', 'src/server/modules/reports'],
          layers: [
            ['audit', 'backups'],
            ['mail', 'images'],
            ['accounts'],
            ['payments', 'catalog', 'contact'],
            ['orders'],
            ['checkout'],
            ['repairs', 'trade-ins'],
            ['returns'],
            ['agents', 'tracking', 'chat', 'reports', 'spa', 'health', 'metrics', 'privacy'],
          ],
          except: ['.test.ts'],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // A region that scrolls (a wide table, a long email) takes focus so the keyboard can scroll it (axe's
      // scrollable-region-focusable): a named role="region" may have tabIndex={0}, as a tab panel may.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
      // A storefront page (server-rendered, hydrated: docs/decisions/034) has no QueryClientProvider: it and
      // the files of its feature it imports use no TanStack Query hook; a part loaded with import() inside
      // its own QueryProvider may (the repair booking dialog).
      'quickbuy/storefront-reads': [
        'error',
        { routes: 'src/web/app/routes.tsx', features: 'src/web/features', provider: 'src/web/lib/queries.tsx' },
      ],
    },
  },
  {
    // A web feature's requests and query keys live in its own <feature>-api.ts, what several features
    // read in src/web/lib (docs/architecture.md); everything else calls those, never the API client.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/**', 'src/web/**/*-api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-dom/server',
              message:
                "Render with 'react-dom/server.edge': the Node build turns on async hooks for the whole server (entry-server.tsx).",
            },
          ],
          patterns: [
            {
              group: ['**/lib/api'],
              importNames: ['api'],
              message: 'Call the API from a <feature>-api.ts file (or src/web/lib for what several features read).',
            },
          ],
        },
      ],
    },
  },
);
