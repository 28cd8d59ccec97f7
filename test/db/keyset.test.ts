import { describe, expect, it } from 'vitest';
import { after as afterKeyset, decodeCursor, encodeCursor, keysetOfId, pageOf } from '../../src/db/keyset.js';

describe('keyset pagination helper', () => {
  const at = new Date('2030-01-02T03:04:05.678Z');

  it('cuts a page from limit + 1 rows and names the last row kept', () => {
    const rows = [{ id: 'c' }, { id: 'b' }, { id: 'a' }];
    expect(
      pageOf(
        rows,
        2,
        (r) => r.id.toUpperCase(),
        (r) => r.id,
      ),
    ).toEqual({ object: 'list', data: ['C', 'B'], hasMore: true, nextCursor: 'b' });
    expect(
      pageOf(
        rows,
        3,
        (r) => r.id,
        (r) => r.id,
      ),
    ).toEqual({ object: 'list', data: ['c', 'b', 'a'], hasMore: false, nextCursor: null });
  });

  it('selects rows strictly after a keyset in newest-first order', () => {
    expect(afterKeyset(null)).toEqual({});
    expect(afterKeyset({ createdAt: at, id: 'x' })).toEqual({ OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: 'x' } }] });
  });

  it('opaque cursors round-trip; anything else is INVALID_PARAMS on `cursor`', () => {
    const c = encodeCursor({ createdAt: at, id: 'cs_test_1' });
    expect(c).toBe(Buffer.from(JSON.stringify([at.toISOString(), 'cs_test_1'])).toString('base64url'));
    expect(decodeCursor(c, (id) => id.startsWith('cs_'))).toEqual({ createdAt: at, id: 'cs_test_1' });
    // Dates JavaScript reads but the database cannot hold (before 4713 BC) were a 500 once the query ran.
    const outOfRange = ['-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00.000Z'].map((d) =>
      Buffer.from(JSON.stringify([d, 'cs_1'])).toString('base64url'),
    );
    for (const bad of ['nope', encodeCursor({ createdAt: at, id: 'evt_1' }), Buffer.from('["not a date","cs_1"]').toString('base64url'), ...outOfRange]) {
      expect(() => decodeCursor(bad, (id) => id.startsWith('cs_'))).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS', details: { field: 'cursor' } }));
    }
  });

  it('id cursors resolve to the named row, or INVALID_PARAMS when it is unknown', async () => {
    expect(await keysetOfId(undefined, async () => null)).toBeNull();
    expect(await keysetOfId('evt_1', async (id) => ({ createdAt: at, id }))).toEqual({ createdAt: at, id: 'evt_1' });
    await expect(keysetOfId('evt_2', async () => null)).rejects.toMatchObject({ code: 'INVALID_PARAMS', message: 'cursor: unknown cursor' });
  });
});
