import { describe, expect, it } from 'vitest';
import { isEnumType, isInputObjectType, isInterfaceType, isObjectType, isIntrospectionType, isSpecifiedScalarType, type GraphQLSchema } from 'graphql';
import { schema } from '../../src/graphql/schema.js';

/**
 * Every type, field, argument, input field and enum value of the schema has a description saying what it is and
 * what a client does with it (GraphiQL and generated clients show them; a missing one is a question a client
 * developer has to ask). The built-in scalars and introspection types are graphql-js's.
 */
function missingDescriptions(s: GraphQLSchema): string[] {
  const missing: string[] = [];
  const need = (what: string, description: string | null | undefined) => {
    if (!description?.trim()) missing.push(what);
  };
  for (const type of Object.values(s.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    need(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        need(`${type.name}.${field.name}`, field.description);
        for (const arg of field.args) need(`${type.name}.${field.name}(${arg.name})`, arg.description);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) need(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) need(`${type.name}.${value.name}`, value.description);
    }
  }
  return missing.sort();
}

describe('schema descriptions', () => {
  it('describes every type, field, argument, input field and enum value', () => {
    const missing = missingDescriptions(schema);
    expect(missing, `${missing.length} without a description:\n${missing.join('\n')}`).toEqual([]);
  });
});
