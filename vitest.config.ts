import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Runs test files in name order: judge tests rely on it (confinement is proven before hostile programs run). */
class ByNameSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  resolve: { alias: { '@': root, '~': root } },
  test: {
    sequence: { sequencer: ByNameSequencer },
    // Vitest's default on 2 cores is one worker, which runs every file in turn. Most of an API
    // test's time is spent waiting on its own server and database, so three files at a time
    // fill two cores; browser files run two at a time after them; the judge files keep their
    // order, one at a time, at the end (fileParallelism: false): docs/benchmarks.md, Test suite time.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        plugins: [react()],
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        extends: true,
        plugins: [WxtVitest()],
        test: { name: 'ext-unit', include: ['tests/ext-unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'judge',
          include: ['tests/judge/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/extension/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // each browser file has its own server, DATA_DIR and Chromium profile: two at a time,
          // after the API files (a group of their own) and before the judge files
          maxWorkers: 2,
          sequence: { sequencer: ByNameSequencer, groupOrder: 1 },
        },
      },
    ],
  },
});
