import fc from 'fast-check';
import { deref, type JsonSchema, type OpenApiDocument } from './openapi.js';

/**
 * Hostile and boundary values, shared by the REST and GraphQL generators. Strings here are JavaScript strings;
 * each transport encodes them its own way (percent-encoding, JSON, GraphQL literals).
 */

/** Strings that break naive code: empty, huge, NUL and control characters, odd unicode, injection shapes. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0001\u0002\u0003\u001b[31m\u007f',
    '\r\n\t\v\f',
    '\ud800', // lone high surrogate
    '\udfff', // lone low surrogate
    'x\ud83dy', // broken pair
    '\u202eevil\u202c', // right-to-left override
    'مرحبا بالعالم', // RTL script
    '😀👩‍👩‍👧‍👦🏳️‍🌈',
    'e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301', // combining marks
    'Z̸̡̛̖̗͇̅̾̃͋a̵̢͉̓l̷͓̀g̶̤̉o̸͎͑',
    '\ufeffBOM',
    '\uffff\ufffe',
    '__proto__',
    'constructor',
    'toString',
    "' OR 1=1 --",
    '"; DROP TABLE x; --',
    `\${7*7}{{7*7}}`,
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00',
    '%',
    '%zz',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '18446744073709551616',
    '-9223372036854775809',
    '0x',
    `0x${'f'.repeat(64)}`,
    '9'.repeat(400),
    `0.${'0'.repeat(300)}1`,
    'cs_test_',
    'we_',
    'evt_',
    'q_',
    'swapgate_test_',
    `swapgate_live_${'A'.repeat(32)}`,
    '*',
    'checkout.session.*',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1, max: 5 }).map((k) => 'x'.repeat(10 ** k)),
  fc.tuple(fc.constantFrom('a', '😀', '\u0000', 'é'), fc.integer({ min: 100, max: 20_000 })).map(([c, n]) => c.repeat(n)),
);

/** Numbers at and past every boundary (as JavaScript numbers; 1e400 itself only exists as JSON text). */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    1e-300,
    5e-324,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 64,
    -(2 ** 64),
    1e21,
    1e308,
    Number.MAX_VALUE,
    Number.MIN_SAFE_INTEGER,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A JSON value of any shape, mixing in the hostile strings and numbers. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nastyString, fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** JSON texts JSON.stringify cannot produce: deep nesting, out-of-range numbers, duplicate keys, bad syntax. */
export const rawJsonText = (validObject: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 1_000, max: 50_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
    fc.integer({ min: 1_000, max: 20_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    fc.integer({ min: 1_000, max: 5_000 }).map((n) => '['.repeat(n)), // unterminated
    fc.constantFrom('1e400', '-1e400', '-0', '18446744073709551616', '9'.repeat(5000), `0.${'0'.repeat(5000)}1`, '1E-400'),
    // A known body with a number field replaced by an out-of-range literal, and duplicate keys.
    fc.tuple(validObject, fc.constantFrom('1e400', '-0', '18446744073709551616', `1${'0'.repeat(400)}`, '-1e400', '1.0e+309')).map(([o, n]) => {
      const keys = Object.keys(o);
      const text = JSON.stringify(o);
      return keys.length ? text.replace(/\}$/, `,${JSON.stringify(keys[0])}:${n}}`) : `{"amount":${n},"amount":"1"}`;
    }),
    validObject.map((o) => {
      const [k] = Object.keys(o);
      return k ? `{${JSON.stringify(k)}:{"nested":true},${JSON.stringify(o).slice(1)}` : '{"a":1,"a":2}';
    }),
    fc.constantFrom(
      '',
      ' ',
      'null',
      'true',
      '"string"',
      '[]',
      '{}',
      '{',
      '}',
      '{"a":}',
      "{'a':1}",
      '{"a":1,}',
      'NaN',
      '\u0000',
      '\ufeff{}',
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );

/** Values a schema accepts at its edges, and values it refuses. */
export function fromSchema(doc: OpenApiDocument, input: JsonSchema, depth = 0, ids: readonly string[] = []): fc.Arbitrary<unknown> {
  const schema = deref<JsonSchema>(doc, input);
  if (depth > 6) return fc.constant(null);
  const idOrString = ids.length ? fc.oneof(fc.constantFrom(...ids), nastyString) : nastyString;
  const edges: fc.Arbitrary<unknown>[] = [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) edges.push(...variants.map((v) => fromSchema(doc, v, depth + 1, ids)));
  if (schema.allOf?.length) edges.push(fromSchema(doc, Object.assign({}, ...schema.allOf.map((s) => deref<JsonSchema>(doc, s))), depth + 1, ids));
  if (schema.const !== undefined) edges.push(fc.constant(schema.const));
  if (schema.enum?.length)
    edges.push(fc.constantFrom(...schema.enum), fc.constantFrom(...schema.enum.map((e) => (typeof e === 'string' ? `${e.toUpperCase()} ` : e))));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    if (type === 'string') {
      const lengths = [schema.minLength, schema.maxLength].filter((n): n is number => typeof n === 'number');
      edges.push(
        idOrString,
        fc.constantFrom(...lengths.flatMap((n) => [n, n + 1, Math.max(0, n - 1)]), 0, 1).map((n) => 'a'.repeat(n)),
        ...(schema.format ? [fc.constantFrom(...formatSamples(schema.format))] : []),
        ...(schema.examples?.length ? [fc.constantFrom(...schema.examples)] : []),
      );
    } else if (type === 'integer' || type === 'number') {
      const bounds = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter((n): n is number => typeof n === 'number');
      edges.push(fc.constantFrom(...bounds.flatMap((n) => [n, n - 1, n + 1, n + 0.5]), 0, -0, -1), nastyNumber);
    } else if (type === 'boolean') edges.push(fc.boolean());
    else if (type === 'null') edges.push(fc.constant(null));
    else if (type === 'array') {
      const item = fromSchema(doc, schema.items ?? {}, depth + 1, ids);
      const sizes = [schema.minItems, schema.maxItems].filter((n): n is number => typeof n === 'number');
      edges.push(fc.array(item, { maxLength: 4 }), ...sizes.map((n) => fc.array(item, { minLength: n + 1, maxLength: n + 1 })));
    } else if (type === 'object') edges.push(objectFrom(doc, schema, depth, ids));
  }
  if (!types.length && schema.properties) edges.push(objectFrom(doc, schema, depth, ids));
  // Always: something of another type, so every field also sees schema-violating input.
  edges.push(nastyJson);
  return fc.oneof(...edges);
}

function objectFrom(doc: OpenApiDocument, schema: JsonSchema, depth: number, ids: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) record[k] = fromSchema(doc, v, depth + 1, ids);
  const keys = Object.keys(record);
  const full = fc.record(record, { requiredKeys: keys.filter((k) => required.has(k)) });
  return fc.oneof(
    full,
    // A required field missing.
    full.map((o) => {
      const drop = [...required][0];
      if (!drop) return o;
      const { [drop]: _gone, ...rest } = o;
      return rest;
    }),
    // An unknown field beside the known ones.
    fc.tuple(full, fc.string({ maxLength: 12 }), nastyJson).map(([o, k, v]) => ({ ...o, [k || 'extra']: v })),
  );
}

function formatSamples(format: string): string[] {
  switch (format) {
    case 'uri':
    case 'url':
      return [
        'https://example.com/',
        'http://127.0.0.1/',
        'http://169.254.169.254/latest',
        'javascript:alert(1)',
        `https://${'a'.repeat(3000)}.com`,
        'ftp://x',
        '//x',
        'https://exa mple.com',
      ];
    case 'date-time':
      return ['2026-11-22T12:00:00Z', '2026-02-30T00:00:00Z', '9999-12-31T23:59:59.999Z', '0000-01-01T00:00:00Z', '2026-11-22', 'yesterday'];
    case 'email':
      return ['a@example.com', 'a@', '@', 'a@b'];
    case 'uuid':
      return ['00000000-0000-0000-0000-000000000000', 'not-a-uuid'];
    default:
      return [''];
  }
}
