import Ajv2020Module from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestResponse } from './server.js';

/**
 * Checking answers against the OpenAPI document of GET /v1/openapi.json (the contract test; the fuzz suite
 * can use the same): `validatorFor(doc)` validates a value against the schema at a JSON pointer of the
 * document, `checkResponse` checks one answer against its operation's documented responses.
 */
type Json = Record<string, any>;
// CommonJS: the class is the module's `default` property under Node's ESM interop.
const Ajv2020 = Ajv2020Module.default;

/** The ajv validator of the schema at a JSON pointer of the document. */
export function validatorFor(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: 'https://contract.test/openapi.json' });
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return (pointer: string, value: unknown) => {
    let v = cache.get(pointer);
    if (!v) {
      v = ajv.compile({ $ref: `https://contract.test/openapi.json#${pointer}` });
      cache.set(pointer, v);
    }
    const ok = v(value);
    return ok
      ? []
      : (v.errors ?? []).map(
          (e: { instancePath: string; message?: string; params: unknown }) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
        );
  };
}

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Checks one answer against the operation's documented responses; returns the problems. */
export function checkResponse(doc: Json, validate: Validate, path: string, method: string, r: Pick<TestResponse, 'status' | 'headers' | 'body'>): string[] {
  const responses = doc.paths[path][method].responses as Json;
  const documented = responses[String(r.status)];
  if (!documented) return [`status ${r.status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
  const problems: string[] = [];
  for (const [name, h] of Object.entries((documented.headers ?? {}) as Json)) {
    const header = h.$ref ? doc.components.headers[h.$ref.split('/').pop()] : h;
    if (header.required && !r.headers.has(name)) problems.push(`required header ${name} is missing`);
  }
  const content = documented.content?.['application/json'];
  // A non-JSON body (a PDF): the answer must carry the documented media type.
  const other = Object.keys(documented.content ?? {}).filter((t) => t !== 'application/json');
  if (!content && other.length && !other.some((t) => (r.headers.get('content-type') ?? '').split(';')[0].trim() === t)) {
    problems.push(`content-type ${r.headers.get('content-type')} is not the documented ${other.join(' or ')}`);
  }
  if (content) {
    if (!/^application\/json/.test(r.headers.get('content-type') ?? '')) problems.push(`content-type ${r.headers.get('content-type')} is not JSON`);
    problems.push(...validate(`/paths/${esc(path)}/${method}/responses/${r.status}/content/application~1json/schema`, r.body));
  }
  return problems;
}

export type Validate = ReturnType<typeof validatorFor>;
