import { z } from 'zod';
import { baseUnitAmountOrZero } from '../../validation.js';

/**
 * The destination-call part of POST /v1/quote: `calls` (raw) or `action` (expanded server-side), plus the
 * optional `simulate` flag. The rest of the body is the GET's parameters (src/quotes/input.ts).
 */

/** At most this many calls per quote (after an action's expansion). */
export const MAX_CALLS = 8;
/** Each call's calldata is at most this many bytes. */
export const MAX_CALL_DATA_BYTES = 10_000;

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');
const hexData = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex with whole bytes')
  .refine((s) => (s.length - 2) / 2 <= MAX_CALL_DATA_BYTES, `must be at most ${MAX_CALL_DATA_BYTES} bytes`);
/** Native value in wei: the shared amount rule with 0 allowed (src/validation.ts). */
const weiString = baseUnitAmountOrZero;

const destinationCallInput = z
  .object({
    to: address.meta({ description: 'Target contract on the destination chain.' }),
    data: hexData.meta({ description: `Calldata, at most ${MAX_CALL_DATA_BYTES} bytes.` }),
    value: weiString.default('0').meta({ description: 'Native value sent with the call (wei, integer string); default 0.' }),
  })
  .strict();

const depositAction = z
  .object({
    type: z.literal('deposit'),
    vault: address.meta({ description: 'An ERC-4626 vault whose asset is `dstToken`; the shares are minted to `recipient`.' }),
  })
  .strict()
  .meta({ description: 'Deposit exactly `dstAmount` into an ERC-4626 vault for `recipient`: approve(vault) then deposit(dstAmount, recipient).' });

const contractCallAction = z
  .object({
    type: z.literal('contractCall'),
    to: address.meta({ description: 'Target contract.' }),
    data: hexData.meta({ description: 'Calldata; it must credit `recipient` from a parameter, never the message sender.' }),
    value: weiString.optional().meta({ description: 'Native output only: value sent with the call (default `dstAmount`).' }),
  })
  .strict()
  .meta({ description: 'One call to `to`. ERC-20 output: preceded by approve(to, dstAmount). Native output: sent `value` (default all of `dstAmount`).' });

const actionInput = z.discriminatedUnion('type', [depositAction, contractCallAction]);
export type CallsAction = z.output<typeof actionInput>;

export const callsBodySchema = z
  .object({
    calls: z
      .array(destinationCallInput)
      .min(1)
      .max(MAX_CALLS, `at most ${MAX_CALLS} calls`)
      .optional()
      .meta({ description: `Destination calls, run in order by the provider's executor (at most ${MAX_CALLS}).` }),
    action: actionInput.optional().meta({ description: 'A named action expanded to calls by the service (`deposit`, `contractCall`).' }),
  })
  .superRefine((b, ctx) => {
    if (b.calls && b.action) ctx.addIssue({ code: 'custom', path: ['action'], message: 'send either calls or action, not both' });
  });

export type CallsBody = z.output<typeof callsBodySchema>;
