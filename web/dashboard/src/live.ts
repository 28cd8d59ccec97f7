import { useEffect, useRef } from 'preact/hooks';
import { useSubscription } from '@urql/preact';

/**
 * Live data over graphql-ws. `useLive` follows one subscription (an order, a checkout session) and hands each
 * pushed value to `onData` (the latest one is also returned); `useRefetchOn` re-reads a list or an aggregate
 * when the account's events of some types arrive (the `events` subscription of the session's account and mode).
 */
export function useLive<T>(query: string, variables: Record<string, unknown>, opts: { pause?: boolean; onData?: (value: T) => void } = {}) {
  const onData = useRef(opts.onData);
  onData.current = opts.onData;
  const [r] = useSubscription<T>({ query, variables, pause: opts.pause }, (_prev, next) => {
    onData.current?.(next);
    return next;
  });
  return { data: r.data, error: r.error };
}

const EVENTS = /* GraphQL */ `
  subscription DashboardEvents($types: [String!]) {
    events(types: $types) { id type }
  }
`;

/** Calls `refetch` (at most every `minMs`) when an event of `types` (or `prefix.*`) is recorded in this account and mode. */
export function useRefetchOn(types: string[], refetch: () => void, minMs = 1000) {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLive<{ events: { id: string; type: string } }>(
    EVENTS,
    { types },
    {
      onData: () => {
        const wait = last.current + minMs - Date.now();
        clearTimeout(timer.current);
        timer.current = setTimeout(
          () => {
            last.current = Date.now();
            refetch();
          },
          Math.max(0, wait),
        );
      },
    },
  );
}
