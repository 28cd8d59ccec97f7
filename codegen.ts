import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed operations for the tests' GraphQL client. `npm run codegen` first prints the SDL of the
 * Pothos schema to schema.graphql (committed), then generates test/graphql/generated.ts from the
 * operations in test/graphql/*.graphql.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['test/graphql/**/*.graphql'],
  generates: {
    'test/graphql/generated.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string', JSON: 'unknown' } },
    },
  },
};
export default config;
