import { describe, expect, it, vi } from 'vitest';
import { withProviderTimeout } from '../../src/providers/deadline.js';

describe('withProviderTimeout', () => {
  it('passes the answer through and leaves no timer behind', async () => {
    vi.useFakeTimers();
    try {
      await expect(withProviderTimeout('relay', 1000, async () => 42)).resolves.toBe(42);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes a failure through unchanged', async () => {
    const err = new Error('upstream said no');
    await expect(withProviderTimeout('relay', 1000, async () => Promise.reject(err))).rejects.toBe(err);
    await expect(
      withProviderTimeout('relay', 1000, () => {
        throw err;
      }),
    ).rejects.toBe(err);
  });

  it('settles at the deadline as PROVIDER_TIMEOUT and aborts the call, even when the adapter ignores the signal', async () => {
    vi.useFakeTimers();
    try {
      let seen: AbortSignal | undefined;
      const p = withProviderTimeout('lifi', 250, (signal) => {
        seen = signal;
        return new Promise<never>(() => {});
      });
      const settled = expect(p).rejects.toMatchObject({ code: 'PROVIDER_TIMEOUT', message: 'lifi did not answer within 250 ms' });
      await vi.advanceTimersByTimeAsync(249);
      expect(seen!.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
      expect(seen!.aborted).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
