import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * The typed client. `npm run codegen` first prints the SDL of the Pothos schema to schema.graphql (committed;
 * front ends generate their clients from it), then generates test/graphql/generated/ with the client preset
 * from every `graphql(`…`)` operation in the tests: each operation is checked against the schema here, and
 * its result and variables are typed where it is used.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['test/**/*.ts', '!test/graphql/generated/**'],
  // Relative imports with `.js`, as NodeNext resolution wants.
  emitLegacyCommonJSImports: false,
  generates: {
    'test/graphql/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        strictScalars: true,
        scalars: { ID: 'string', DateTime: 'string', JSON: 'unknown' },
      },
    },
  },
};
export default config;
