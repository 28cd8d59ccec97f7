import { describe, expect, it } from 'vitest';
import { diff } from '../../../web/admin/src/diff.js';

/** The audit log's changes view: before and after compared leaf by leaf, objects walked into, arrays whole. */
describe('audit entry diff', () => {
  it.each([
    [
      'an update: changed, set and removed fields, by path',
      { a: 1, b: 'x', gone: true },
      { a: 2, b: 'x', c: null },
      [
        { path: 'a', kind: 'changed', before: '1', after: '2' },
        { path: 'c', kind: 'added', after: 'null' },
        { path: 'gone', kind: 'removed', before: 'true' },
      ],
    ],
    [
      'nested objects by dotted path',
      { fees: { bps: 25, max: 60 } },
      { fees: { bps: 40, max: 60 } },
      [{ path: 'fees.bps', kind: 'changed', before: '25', after: '40' }],
    ],
    ['an array compared whole', { keys: ['k1'] }, { keys: ['k1', 'k2'] }, [{ path: 'keys', kind: 'changed', before: '["k1"]', after: '["k1","k2"]' }]],
    [
      'a created resource: every leaf set',
      null,
      { id: 'p', n: { x: 1 } },
      [
        { path: 'id', kind: 'added', after: '"p"' },
        { path: 'n.x', kind: 'added', after: '1' },
      ],
    ],
    ['a removed resource: every leaf removed', { id: 'p' }, null, [{ path: 'id', kind: 'removed', before: '"p"' }]],
    [
      'an object emptied: the empty object is the new leaf',
      { n: { x: 1 } },
      { n: {} },
      [
        { path: 'n', kind: 'added', after: '{}' },
        { path: 'n.x', kind: 'removed', before: '1' },
      ],
    ],
    ['a scalar resource', 'live', 'test', [{ path: '', kind: 'changed', before: '"live"', after: '"test"' }]],
    ['nothing changed', { a: { b: [1] } }, { a: { b: [1] } }, []],
  ])('%s', (_name, before, after, expected) => {
    expect(diff(before, after)).toEqual(expected);
  });
});
