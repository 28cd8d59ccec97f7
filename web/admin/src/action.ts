import { useState } from 'preact/hooks';
import type { ApiFailure } from '../../dashboard/src/gql';

/**
 * One write of a page: `run` calls it (one at a time: `busy` disables its button), keeps its failure for an
 * `ErrorNotice` and says what was done in `done` (for a success `Notice`) until the next run.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async (what: string, fn: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await fn();
      setDone(what);
      return true;
    } catch (err) {
      setError(err as ApiFailure);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, done };
}
