import { describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { restRoutes } from '../../src/rest/routes.js';

/**
 * The document passes Redocly's `recommended` ruleset: any error fails, and so does any warning that is not
 * allowed here with its reason (a new warning is either fixed or listed here, deliberately).
 */
const ALLOWED_WARNINGS: Array<{ rule: string; at: string[]; reason: string }> = [];

const doc = buildOpenApiDocument(restRoutes, { publicUrl: 'https://api.swapgate.example', docsUrl: 'https://api.swapgate.example/docs', brand: 'swapgate' });

/** Request examples that show a refused request (`x-expected-status` 4xx) are invalid on purpose. */
function isDeliberatelyInvalidExample(pointer: string): boolean {
  const m = /^#(.*\/examples\/[^/]+)(\/value.*)?$/.exec(pointer);
  if (!m) return false;
  let node: any = doc;
  for (const part of m[1].split('/').slice(1)) node = node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return (node?.['x-expected-status'] ?? 0) >= 400;
}

describe('OpenAPI lint (Redocly recommended)', () => {
  it('has no errors and only the allowed warnings', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const text = (p: (typeof problems)[number]) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`;
    expect(problems.filter((p) => p.severity === 'error').map(text)).toEqual([]);
    const allowed = (p: (typeof problems)[number]) =>
      p.location.every(
        (l) => isDeliberatelyInvalidExample(l.pointer ?? '') || ALLOWED_WARNINGS.some((a) => a.rule === p.ruleId && a.at.includes(l.pointer ?? '')),
      );
    expect(problems.filter((p) => !allowed(p)).map(text)).toEqual([]);
  });

  it('flags a broken document (the lint is live)', async () => {
    const broken = structuredClone(doc) as any;
    broken.paths['/v1/chains'].get.operationId = broken.paths['/v1/health'].get.operationId;
    const problems = await lintFromString({
      source: JSON.stringify(broken),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(problems.some((p) => p.severity === 'error')).toBe(true);
  });
});
