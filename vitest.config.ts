import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql ships CJS (main) and ESM (module) builds; Node and Pothos load the CJS one, so source
    // files must too, or the schema's types come from "another realm".
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
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
