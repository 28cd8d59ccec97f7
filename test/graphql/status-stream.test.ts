import { describe, expect, it } from 'vitest';
import type { KeyAuth } from '../../src/accounts/service.js';
import { readOnce } from '../../src/graphql/status-stream.js';

const key = (keyId: string) => ({ accountId: 'acct_1', mode: 'test', keyId, via: 'key', scopes: null }) as unknown as KeyAuth;

describe('readOnce: one read per pubsub message and credential', () => {
  it.each([
    {
      why: 'subscribers woken by one message, without a key, share one read',
      calls: [
        ['m1', null],
        ['m1', null],
        ['m1', null],
      ],
      reads: 1,
    },
    {
      why: 'the same key shares; another key reads for itself',
      calls: [
        ['m1', 'key_a'],
        ['m1', 'key_a'],
        ['m1', 'key_b'],
      ],
      reads: 2,
    },
    {
      why: 'a later message is read again (never a state older than it)',
      calls: [
        ['m1', null],
        ['m2', null],
      ],
      reads: 2,
    },
  ] as const)('$why', async ({ calls, reads }) => {
    const messages = { m1: { id: 'cs_1' }, m2: { id: 'cs_1' } };
    let n = 0;
    const got = await Promise.all(
      calls.map(([m, k]) =>
        readOnce(messages[m], k ? key(k) : null, async () => {
          n++;
          return { read: n };
        }),
      ),
    );
    expect(n).toBe(reads);
    // Callers that shared a read got the same value.
    expect(new Set(got.map((g) => g.read)).size).toBe(reads);
  });

  it('reads each time for a message that is not an object', async () => {
    let n = 0;
    await readOnce(1, null, async () => n++);
    await readOnce(1, null, async () => n++);
    expect(n).toBe(2);
  });
});
