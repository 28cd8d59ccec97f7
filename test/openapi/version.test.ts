import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { restRoutes } from '../../src/rest/routes.js';

const doc = buildOpenApiDocument(restRoutes, { publicUrl: 'https://api.swapgate.example', docsUrl: 'https://api.swapgate.example/docs', brand: 'swapgate' });
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('OpenAPI info', () => {
  it('names the interface version (0.1.0) as info.version and the code version beside it', () => {
    expect(doc.info.version).toBe('0.1.0');
    expect((doc.info as unknown as Record<string, unknown>)['x-package-version']).toBe(pkg.version);
  });
});
