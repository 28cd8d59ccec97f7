import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { renderApiReference } from '../../src/openapi/page.js';
import { restRoutes } from '../../src/rest/routes.js';
import { openApiPath } from '../../src/openapi/document.js';

describe('GET /v1/openapi.json and the /docs/api reference page', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { JOBS_ENABLED: 'false' } });
  });
  afterAll(() => s?.close());

  it('serves the document publicly, cacheable, with an ETag and 304', async () => {
    const r = await s.get('/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
    expect(r.body).toMatchObject({
      openapi: '3.1.0',
      servers: [{ url: 'http://localhost:8787' }],
      components: { securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
    });
    const again = await s.get('/v1/openapi.json', { 'if-none-match': r.headers.get('etag')! });
    expect([again.status, again.text]).toEqual([304, '']);
    expect(r.body.components.schemas.Error.properties.error.properties.code.enum).toContain('RATE_LIMITED');
  });

  it('documents security per access level', async () => {
    const { body: doc } = await s.get('/v1/openapi.json');
    for (const r of restRoutes) {
      const op = doc.paths[openApiPath(r.path)][r.method.toLowerCase()];
      const expected =
        r.access === 'key'
          ? [{ ApiKey: [] }]
          : r.access === 'optionalKey'
            ? [{}, { ApiKey: [] }]
            : r.access === 'session'
              ? [{ DashboardSession: [] }]
              : r.access === 'admin'
                ? [{ AdminToken: [] }]
                : [];
      expect(op.security, `${r.method} ${r.path}`).toEqual(expected);
      if (r.access !== 'public') expect(op.responses['401'], `${r.method} ${r.path}`).toBeDefined();
    }
  });

  it('renders every operation as HTML under a strict CSP without scripts or external resources', async () => {
    const r = await s.request('/docs/api');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(r.text)![1];
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(r.text).not.toMatch(/<script|<link|src=|https?:\/\/(?!localhost)[^"<\s]*\.(js|css)/);
    for (const route of restRoutes) {
      expect(r.text, route.doc.operationId).toContain(`id="${route.doc.operationId}"`);
      expect(r.text).toContain(`<code>${openApiPath(route.path)}</code>`);
    }
    expect(r.text).toContain('<a href="errors/NOT_FOUND"><code>NOT_FOUND</code></a>');
    expect(r.text).toContain('href="#schema-CheckoutSession"');
    expect(r.text).toContain('Pay with the settlement token itself'); // a request example
    expect(r.text).toContain('<p class="s">Body: <code>application/pdf</code></p>'); // a file response (the receipt)
  });

  it('escapes what it renders', () => {
    const html = renderApiReference({
      openapi: '3.1.0',
      info: { title: 'T<script>', version: '1' },
      tags: [{ name: 'X' }],
      paths: { '/v1/x': { get: { operationId: 'x', tags: ['X'], summary: '<img src=x onerror=alert(1)>', responses: { 200: { description: '`<b>`' } } } } },
    } as never);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img');
  });
});
