import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schema } from '../src/graphql/schema.js';

/** Writes the SDL of the code-first schema to schema.graphql (committed; a test fails on drift). */
export const sdl = () => `${printSchema(schema)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('../schema.graphql', import.meta.url), sdl());
  console.log('schema.graphql written');
}
