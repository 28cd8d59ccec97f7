import { SendTransactionError, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import type { SubmitSigned } from './input.js';
import type { RpcClients } from '../assets/service.js';
import { ApiError } from '../errors.js';
import { SETTLEMENT_CHAINS } from './settlement.js';
import type { CheckoutSessions } from './sessions.js';
import type { SessionView } from './views.js';

/**
 * POST /v1/checkout/sessions/{id}/submit (public): for Solana wallets that can only sign
 * (`solana:signTransaction`), the page hands the signed direct transfer to the service, which broadcasts it
 * through its own node (preflight on, so a transaction that would fail is refused here) and then records it
 * exactly as a reported direct payment (`.../submitted` with its signature). The payer must be the fee payer.
 */
export class SignedSubmit {
  constructor(private readonly d: { rpc: Pick<RpcClients, 'solana'>; sessions: Pick<CheckoutSessions, 'load' | 'reportDirect' | 'assertTakesPayments'> }) {}

  async submit(id: string, input: SubmitSigned): Promise<SessionView> {
    const checkout = this.d.sessions;
    const { session, payments } = await checkout.load(id);
    if (SETTLEMENT_CHAINS[session.settleChainId]!.vm !== 'svm') {
      throw new ApiError('INVALID_PARAMS', 'signedTransaction: only Solana-settled sessions take a signed transaction; EVM wallets broadcast it themselves', {
        field: 'signedTransaction',
      });
    }
    const bytes = Buffer.from(input.signedTransaction, 'base64');
    let tx: VersionedTransaction;
    try {
      tx = VersionedTransaction.deserialize(bytes);
    } catch {
      throw new ApiError('INVALID_PARAMS', 'signedTransaction: is not a base64 serialized Solana transaction', { field: 'signedTransaction' });
    }
    const feePayer = tx.message.staticAccountKeys[0]?.toBase58();
    if (feePayer !== input.payer.trim()) throw new ApiError('INVALID_PARAMS', "payer: is not the transaction's fee payer", { field: 'payer' });
    const first = tx.signatures[0];
    if (!first || first.every((b) => b === 0))
      throw new ApiError('INVALID_PARAMS', 'signedTransaction: is not signed by the payer', { field: 'signedTransaction' });
    const signature = bs58.encode(first);
    // The same signed transaction handed in again (a retried request): answer as the first time did.
    if (payments.some((p) => p.srcTxHash === signature)) return checkout.reportDirect(id, { txHash: signature, payer: feePayer }, { broadcast: true });
    if (session.status !== 'open') throw new ApiError('CONFLICT', `Checkout session ${id} is ${session.status}; it takes no payment`);
    // Not broadcast for a suspended merchant (what a retry of an earlier broadcast reports is money already sent).
    await checkout.assertTakesPayments(session);
    try {
      await this.d.rpc.solana().sendRawTransaction(bytes, { skipPreflight: false, preflightCommitment: 'confirmed', maxRetries: 5 });
    } catch (err) {
      if (err instanceof SendTransactionError)
        throw new ApiError('INVALID_PARAMS', `signedTransaction: the Solana node refused it: ${err.transactionError.message}`, { field: 'signedTransaction' });
      throw new ApiError('SERVICE_UNAVAILABLE', 'The Solana node could not be reached; the transaction was not sent', undefined, { cause: err });
    }
    // Broadcast by the service itself: recorded past the bound of unseen reports too (the hash is the node's, not a claim).
    return checkout.reportDirect(id, { txHash: signature, payer: feePayer }, { broadcast: true });
  }
}
