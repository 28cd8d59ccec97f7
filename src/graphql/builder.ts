import SchemaBuilder from '@pothos/core';
import ZodPlugin from '@pothos/plugin-zod';
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import type { GraphQLContext } from './context.js';
import { zodToApiError } from '../validation.js';

/** Pothos builder shared by every schema module in src/graphql/modules. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ZodPlugin],
  defaultFieldNullability: false,
  zod: { validationError: (zodError) => zodToApiError(zodError) },
});

builder.addScalarType(
  'DateTime',
  new GraphQLScalarType({
    name: 'DateTime',
    description: 'ISO 8601 UTC timestamp with milliseconds',
    serialize: (v) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()),
    parseValue: (v) => {
      const d = new Date(String(v));
      if (Number.isNaN(d.getTime())) throw new GraphQLError('DateTime: not a valid ISO 8601 timestamp');
      return d;
    },
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime: expected a string');
      const d = new Date(ast.value);
      if (Number.isNaN(d.getTime())) throw new GraphQLError('DateTime: not a valid ISO 8601 timestamp');
      return d;
    },
  }),
);

builder.addScalarType(
  'JSON',
  new GraphQLScalarType({
    name: 'JSON',
    description: 'Arbitrary JSON value',
    serialize: (v) => v,
    parseValue: (v) => v,
    parseLiteral: function parse(ast): unknown {
      switch (ast.kind) {
        case Kind.STRING:
        case Kind.BOOLEAN:
          return ast.value;
        case Kind.INT:
        case Kind.FLOAT:
          return Number(ast.value);
        case Kind.NULL:
          return null;
        case Kind.LIST:
          return ast.values.map((v) => parse(v));
        case Kind.OBJECT:
          return Object.fromEntries(ast.fields.map((f) => [f.name.value, parse(f.value)]));
        default:
          throw new GraphQLError('JSON: variables are not allowed inside JSON literals');
      }
    },
  }),
);

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
