import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isId: boolean;
  isUnique: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
}
export interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  primaryKey: { fields: string[] } | null;
}

/** The Prisma schema's DMMF, read with Prisma's own schema wasm (works offline). */
export function readDmmf(): { models: DmmfModel[]; enums: Array<{ name: string; values: Array<{ name: string }> }> } {
  const require = createRequire(import.meta.url);
  const wasm = require('@prisma/prisma-schema-wasm') as { get_dmmf(params: string): string };
  const dir = fileURLToPath(new URL('../../prisma/', import.meta.url));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.prisma'))
    .map((f) => [f, readFileSync(dir + f, 'utf8')]);
  return JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: files }))).datamodel;
}
