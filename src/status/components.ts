import type { ProviderId } from '../providers/types.js';

/**
 * The components the status page shows: the API itself, one per provider loaded, one per chain RPC in use, and
 * webhook delivery. Ids are stable (`api`, `provider:<id>`, `rpc:<chainId>`, `webhooks`): history is kept by id.
 */

export const COMPONENT_GROUPS = ['api', 'providers', 'rpc', 'webhooks'] as const;
export type ComponentGroup = (typeof COMPONENT_GROUPS)[number];

export interface Component {
  id: string;
  name: string;
  group: ComponentGroup;
}

const PROVIDER_NAMES: Record<ProviderId, string> = {
  relay: 'Relay',
  debridge: 'deBridge',
  lifi: 'LI.FI',
  jupiter: 'Jupiter',
  '0x': '0x',
  kyberswap: 'KyberSwap',
  mock: 'Mock provider',
};

export const API_COMPONENT = 'api';
export const WEBHOOKS_COMPONENT = 'webhooks';
export const providerComponent = (id: string) => `provider:${id}`;
const rpcComponent = (chainId: number) => `rpc:${chainId}`;

/** The catalog, in page order: the API, providers (as loaded), chain RPCs (by name), webhook delivery. */
export function catalog(o: { providers: readonly string[]; rpcChains: ReadonlyArray<{ chainId: number; name: string }> }): Component[] {
  return [
    { id: API_COMPONENT, name: 'API', group: 'api' },
    ...o.providers.map((id): Component => ({ id: providerComponent(id), name: PROVIDER_NAMES[id as ProviderId] ?? id, group: 'providers' })),
    ...[...o.rpcChains]
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.chainId - b.chainId)
      .map((c): Component => ({ id: rpcComponent(c.chainId), name: `${c.name} RPC`, group: 'rpc' })),
    { id: WEBHOOKS_COMPONENT, name: 'Webhook delivery', group: 'webhooks' },
  ];
}

/**
 * Which chains' RPCs are components: STATUS_RPC_CHAINS when set (`none`: no RPC component), otherwise the chains
 * with an RPC_URL_<chainId> of their own and the chains whose RPC client this instance has used.
 */
export function rpcChainIds(o: { listed: readonly string[] | undefined; configured: readonly number[]; inUse: readonly number[] }): number[] {
  if (o.listed) return o.listed.includes('none') ? [] : [...new Set(o.listed.map(Number))].sort((a, b) => a - b);
  return [...new Set([...o.configured, ...o.inUse])].sort((a, b) => a - b);
}
