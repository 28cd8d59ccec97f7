import { z } from 'zod';

/**
 * The mock's wire format (it has no HTTP API): what its quote stores, and the order trailer its built transaction
 * carries after the calldata (ignored on chain), which `status` reads back to know what to deliver.
 */

/** What the adapter stores in ProviderQuote.context. */
export const mockContext = z.object({ maker: z.string(), feeBps: z.number().int().nonnegative() });

export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** Marks the end of an order trailer: "MOCKORDR". */
export const MAGIC = '4d4f434b4f524452';
export const TRAILER_PARAMS = [
  { type: 'uint256', name: 'dstChainId' },
  { type: 'address', name: 'dstToken' },
  { type: 'address', name: 'recipient' },
  { type: 'uint256', name: 'dstAmount' },
  { type: 'uint256', name: 'feeBps' },
] as const;
/**
 * Marks the end of an order trailer that also carries the fee legs ("MOCKORDF"): the order's fields, then the
 * service fee and the partner fee, each a recipient and an amount of the input token (the zero address and 0 for a
 * leg not paid out). Built only when some fee has a recipient, so orders without one keep the first trailer.
 */
export const MAGIC_FEES = '4d4f434b4f524446';
export const FEE_TRAILER_PARAMS = [
  ...TRAILER_PARAMS,
  { type: 'address', name: 'serviceFeeRecipient' },
  { type: 'uint256', name: 'serviceFee' },
  { type: 'address', name: 'partnerFeeRecipient' },
  { type: 'uint256', name: 'partnerFee' },
] as const;
export const aggregate3Abi = [
  {
    type: 'function',
    name: 'aggregate3',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'allowFailure', type: 'bool' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
    outputs: [
      {
        name: 'returnData',
        type: 'tuple[]',
        components: [
          { name: 'success', type: 'bool' },
          { name: 'returnData', type: 'bytes' },
        ],
      },
    ],
  },
] as const;
