import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import Sequencer from './tests/sequencer';

const root = path.dirname(fileURLToPath(import.meta.url));
const umi = path.resolve(root, 'src/.umi');

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@umijs\/max$/, replacement: path.join(umi, 'exports.ts') },
      { find: /^umi$/, replacement: path.join(umi, 'exports.ts') },
      { find: /^@@\/(.*)$/, replacement: `${umi}/$1` },
      { find: /^@\/(.*)$/, replacement: `${path.resolve(root, 'src')}/$1` },
      { find: /^@common\/(.*)$/, replacement: `${path.resolve(root, 'common')}/$1` },
      { find: /^@contract\/(.*)$/, replacement: `${path.resolve(root, 'contract')}/$1` },
    ],
  },
  test: {
    globals: true,
    // Vitest's default is one worker fewer than the cores: one file at a time on the 2-core CI machine. Every project
    // shares this pool (projects of one sequence group must agree on it); PGlite and jsdom files keep a core busy,
    // api-postgres files mostly wait on the server, so two workers fill both cores (issue 43, docs/quality.md).
    maxWorkers: 2,
    // Vitest's order, with the two sides of the api-postgres isolation check first, side by side.
    sequence: { sequencer: Sequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // `*.postgres.test.ts` need a PostgreSQL server to misbehave.
          exclude: [...configDefaults.exclude, 'tests/api/**/*.postgres.test.ts'],
          env: { TEST_DATABASE_URL: '' },
        },
      },
      // The same API suite against a real PostgreSQL server when TEST_DATABASE_URL is set.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                environment: 'node',
                include: ['tests/api/**/*.test.ts'],
                // One migrated template database for the run; each worker copies it into a database of its own and
                // points TEST_DATABASE_URL at it, so files run side by side (tests/api/postgres-databases.ts).
                globalSetup: ['tests/api/postgres.setup.ts'],
                setupFiles: ['tests/api/postgres-worker.setup.ts'],
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
          // The server's response schemas, which every mock answer is held to (tests/web/contract.ts).
          globalSetup: ['tests/web/contract.setup.ts'],
        },
      },
    ],
  },
});
