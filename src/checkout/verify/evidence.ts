import { createHash } from 'node:crypto';
import { keccak256, stringToBytes, type Hex } from 'viem';

/**
 * On-chain evidence that a transaction was made for one checkout session (docs/checkout.md, "Payment integrity"). A report
 * (`…/submitted`) only says where to look; a session is paid only by a transaction carrying its evidence:
 *
 * - EVM direct transfer: the session tag appended to the ERC-20 `transfer` calldata, and the transaction is that
 *   transfer (taggedTransferAmount). Token contracts ignore trailing calldata (Solidity reads its arguments by
 *   offset; USDT's `onlyPayloadSize` only sets a minimum), so the transfer behaves as a plain one.
 * - Solana direct transfer: the session's Solana Pay `reference` key, a read-only non-signer account of the
 *   transfer instruction (found in the transaction's account keys).
 * - Routed payment: the source transaction is one built for this session's quote (target, calldata and value on
 *   EVM; the built instructions on Solana); a build belongs to one session only.
 *
 * Being seen also needs the transfer itself for a direct payment (some of the settlement token reached the
 * recipient in that transaction): a tagged call that moves nothing would otherwise make the session `processing`
 * and then `needs_review` for the price of gas.
 * - Pay by transfer: the one-time deposit address is the session's own.
 *
 * Tags and references derive from the session id. They are not secrets: knowing one lets anyone pay that session
 * with their own funds, which harms no one. What they prevent is a transaction made for one session being
 * counted for another.
 */
const DOMAIN = 'swapgate.checkout.session:';
/** 4 bytes of magic ("SGCS") before 28 bytes of keccak256(domain ‖ session id): one 32-byte word. */
const TAG_MAGIC = '53474353';

/** The 32-byte word (hex, no 0x) appended to a direct EVM transfer's calldata for `sessionId`. */
export function sessionTag(sessionId: string): string {
  return TAG_MAGIC + keccak256(stringToBytes(DOMAIN + sessionId)).slice(2, 2 + 56);
}

/** `transfer(recipient, amount)` calldata with the session tag appended. */
export function tagCalldata(data: Hex, sessionId: string): Hex {
  return `${data}${sessionTag(sessionId)}` as Hex;
}

/**
 * The evidence of a direct EVM payment: the transaction itself is the tagged transfer — sent to the settlement
 * token, calldata exactly `transfer(recipient, amount) ‖ tag`. Being the whole transaction matters: a tag merely
 * contained in a transaction's input could be appended by whoever submits someone else's relayable payment (a
 * Safe transaction, an ERC-4337 bundle, a USDC `transferWithAuthorization`), claiming it for another session.
 * Returns the amount the calldata transfers, or null when the transaction is not that transfer. The payer is the
 * transaction's signer; contract wallets pay by transfer address or are recorded for the merchant (docs/checkout.md).
 */
export function taggedTransferAmount(tx: { to: string | null; input: string }, p: { token: string; recipient: string; sessionId: string }): bigint | null {
  if ((tx.to ?? '').toLowerCase() !== p.token.toLowerCase()) return null;
  const input = tx.input.toLowerCase().replace(/^0x/, '');
  if (input.length !== (4 + 32 + 32 + 32) * 2 || !input.startsWith('a9059cbb')) return null;
  if (input.slice(8, 72) !== p.recipient.toLowerCase().replace(/^0x/, '').padStart(64, '0')) return null;
  if (input.slice(136) !== sessionTag(p.sessionId)) return null;
  return BigInt(`0x${input.slice(72, 136)}`);
}

/** The 32 bytes of the session's Solana Pay reference key (sha256 of domain ‖ session id). */
export function sessionReferenceBytes(sessionId: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`${DOMAIN}solana-pay-reference:${sessionId}`).digest());
}

/** Whether a Solana transaction's account keys (base58) include the session's reference key (base58). */
export function hasReference(accountKeys: readonly string[], reference: string): boolean {
  return accountKeys.includes(reference);
}

/** A transaction built for a quote of the session (checkout_quote_builds). */
export interface BuiltEvidence {
  vm: 'evm' | 'svm';
  /** EVM: lower-case `to`. */
  target: string;
  /** EVM: lower-case hex calldata (0x…). Solana: the build's instruction keys as JSON (see solanaInstructionKeys). */
  data: string;
  /** EVM: the native value (wei, integer string); Solana: '0'. */
  value: string;
}

/** What the source chain shows of an EVM transaction. */
export interface EvmSourceTx {
  to: string | null;
  input: string;
  value: bigint;
}

/**
 * Whether an EVM source transaction IS one of the builds: sent to the build's target with its calldata and its
 * native value. Only the exact transaction counts: a transaction that merely contains a build's bytes (anyone can
 * copy them into a call of their own contract that moves nothing) or sends it with another value (a native deposit
 * sent with 0) would make a session `processing` for free. Contract wallets that wrap the call (Safe, ERC-4337)
 * therefore do not pay routed quotes by evidence; their payment is recorded for the merchant (docs/checkout.md).
 */
export function matchesEvmBuild(tx: EvmSourceTx, builds: readonly BuiltEvidence[]): boolean {
  const input = tx.input.toLowerCase().replace(/^0x/, '');
  const to = (tx.to ?? '').toLowerCase();
  return builds.some((b) => b.vm === 'evm' && to === b.target && input === b.data.toLowerCase().replace(/^0x/, '') && tx.value === BigInt(b.value));
}

/**
 * Solana: an instruction as "programId:accounts:base64(data)", accounts as base58 keys ("?" for one loaded from an
 * address lookup table, which the built message cannot resolve). Compute-budget instructions are left out
 * (wallets may rewrite the priority fee and compute limit they sign).
 */
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
/**
 * Programs wallets add to what they sign and that move no funds: the compute budget (priority fee, limits) and
 * Lighthouse assertions (Phantom adds one, Solflare two, to guard the simulated outcome). Left out of the match so
 * those wallets' routed payments still count; an instruction that can move funds is never left out.
 */
const WALLET_ADDED_PROGRAMS = new Set([COMPUTE_BUDGET_PROGRAM, 'L2TExMFKdjpN9kozasaurPirfHy9P8sbXoAN1qA3S95']);
export function solanaInstructionKeys(instructions: ReadonlyArray<{ programId: string; accounts: readonly string[]; data: Uint8Array }>): string[] {
  return instructions
    .filter((i) => !WALLET_ADDED_PROGRAMS.has(i.programId))
    .map((i) => `${i.programId}:${i.accounts.join(',')}:${Buffer.from(i.data).toString('base64')}`);
}

/** A compiled instruction's program and accounts as solanaInstructionKeys reads them (static keys only). */
export function compiledInstruction(staticKeys: readonly string[], i: { programIdIndex: number; accountKeyIndexes: readonly number[]; data: Uint8Array }) {
  return { programId: staticKeys[i.programIdIndex] ?? '?', accounts: i.accountKeyIndexes.map((k) => staticKeys[k] ?? '?'), data: i.data };
}

/**
 * Whether the source transaction's (non compute-budget) instructions are exactly one build's, in order. A subset
 * match would let a later build of another session (say without the create-account step, once the account exists)
 * claim a transaction that contains it.
 */
export function matchesSolanaBuild(txInstructions: readonly string[], builds: readonly BuiltEvidence[]): boolean {
  const have = JSON.stringify(txInstructions);
  return builds.some((b) => b.vm === 'svm' && b.data !== '[]' && b.data === have);
}

/** The fingerprint a build is stored under (unique per session across the chain). */
export function buildFingerprint(b: BuiltEvidence): string {
  return createHash('sha256')
    .update(`${b.vm}\n${b.target}\n${b.vm === 'evm' ? b.data.toLowerCase() : b.data}\n${b.value}`)
    .digest('hex');
}
