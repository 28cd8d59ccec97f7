import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { capabilities, type ProviderId, type Provider, type Vm } from '../providers/types.js';
import { ApiError } from '../errors.js';
import type { DepositProvider } from '../providers/deposit-addresses.js';
import { SANDBOX_PROVIDER, type SandboxOutcome } from './state.js';
import { RELAY_DEFAULT_CHAINS } from '../providers/relay/chains.js';

/** A fake address in the chain's format: 20 random bytes as 0x-hex (EVM), 32 as base58 (Solana). */
const fakeAddress = (vm: Vm) => (vm === 'evm' ? `0x${randomBytes(20).toString('hex')}` : bs58.encode(randomBytes(32)));
/** A fake transaction hash in the chain's format: 32 bytes as 0x-hex (EVM), a 64-byte base58 signature (Solana). */
export const fakeTxHash = (vm: Vm) => (vm === 'evm' ? `0x${randomBytes(32).toString('hex')}` : bs58.encode(randomBytes(64)));

/** Tracking ids of sandbox orders carry their outcome: `sandbox:<outcome>:<dstTxHash or ->`. */
export const sandboxTrackingId = (outcome: SandboxOutcome, dstTxHash?: string) => `sandbox:${outcome}:${dstTxHash ?? '-'}`;

/**
 * The test-mode provider, on the chains the live provider (Relay) serves by default: addresses are fake (nothing is ever sent to them) and deposits only come from
 * `simulate`. Its order side answers the order poller from the tracking id, so a simulated order moves to its
 * final status through the same poller, events and subscriptions as a live one.
 */
export function sandboxProvider(chains: readonly number[] = RELAY_DEFAULT_CHAINS): DepositProvider {
  // The chains the live provider serves, so a route refused in live mode is refused in test mode too.
  const served = new Set(chains);
  const orders: Provider = {
    id: SANDBOX_PROVIDER as ProviderId,
    capabilities: capabilities({ depositAddresses: true, tracksStatus: true }),
    supportsRoute: () => false,
    quote: () => Promise.reject(new ApiError('NO_ROUTE', 'the sandbox does not quote')),
    build: () => Promise.reject(new ApiError('QUOTE_NOT_FOUND', 'the sandbox does not build transactions')),
    async status(id) {
      const [, outcome, hash] = id.split(':');
      if (outcome !== 'filled' && outcome !== 'refunded' && outcome !== 'failed')
        throw new ApiError('ORDER_NOT_FOUND', `sandbox: unknown order ${id.slice(0, 80)}`);
      return { state: outcome, ...(hash && hash !== '-' ? { dstTxHash: hash } : {}) };
    },
  };
  return {
    id: SANDBOX_PROVIDER,
    supports: (r) => served.has(r.src.chainId) && served.has(r.dst.chainId),
    create: async (route) => ({ address: fakeAddress(route.srcVm) }),
    detect: async () => [],
    orders,
  };
}
