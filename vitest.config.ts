import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Servers, databases and anvil are real processes: keep parallelism modest on 2 cores.
    maxWorkers: 2,
    reporters: ['default'],
    globalSetup: ['test/global-setup.ts'],
  },
});
