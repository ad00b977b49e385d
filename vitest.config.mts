import path from 'node:path';
import { defineConfig } from 'vitest/config';

const umi = path.resolve(__dirname, 'src/.umi');

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@umijs\/max$/, replacement: path.join(umi, 'exports.ts') },
      { find: /^umi$/, replacement: path.join(umi, 'exports.ts') },
      { find: /^@@\/(.*)$/, replacement: `${umi}/$1` },
      { find: /^@\/(.*)$/, replacement: `${path.resolve(__dirname, 'src')}/$1` },
    ],
  },
  test: {
    globals: true,
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
          // With TEST_DATABASE_URL every API suite shares one PostgreSQL database: one file at a time.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
    ],
  },
});
