import { describe, expect, it } from 'vitest';
import { readByIds } from '../../src/db/by-ids.js';

describe('readByIds', () => {
  it('answers each requested id in order, null where nothing was read; sends only plausible ids, once each', async () => {
    const asked: string[][] = [];
    const rows = [
      { id: 'b', n: 2 },
      { id: 'a', n: 1 },
    ];
    const out = await readByIds(
      ['a', 'x\u0000', 'b', 'a', 'zz'],
      (id) => !id.includes('\u0000'),
      async (ids) => {
        asked.push(ids);
        return rows.filter((r) => ids.includes(r.id));
      },
      (r) => r.id,
      async (r) => r.n * 10,
    );
    expect(out).toEqual([10, null, 20, 10, null]);
    expect(asked).toEqual([['a', 'b', 'zz']]);
  });

  it('does not read at all when no id is plausible', async () => {
    let reads = 0;
    const out = await readByIds(
      ['', ''],
      (id) => id.length > 0,
      async () => {
        reads++;
        return [];
      },
      (r: { id: string }) => r.id,
      (r) => r,
    );
    expect([out, reads]).toEqual([[null, null], 0]);
  });
});
