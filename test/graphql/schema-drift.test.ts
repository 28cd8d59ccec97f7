import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sdl } from '../../scripts/print-schema.js';

describe('schema.graphql', () => {
  it('matches the Pothos schema in code (run `npm run codegen` after changing the schema)', () => {
    const committed = readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(sdl());
  });
});
