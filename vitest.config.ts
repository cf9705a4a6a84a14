import { defineConfig } from 'vitest/config'

// Unit tests are pure and fast; integration tests open a real database (PGlite, or
// PostgreSQL when DATABASE_URL is set) and run one file at a time to keep memory low.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Two instances behind nginx on PostgreSQL (npm run test:scale, run by .ci/run).
        extends: true,
        test: { name: 'scale', include: ['tests/scale/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 300_000 },
      },
    ],
  },
})
