import { VersionedTransaction } from '@solana/web3.js';
import type { Clock } from '../clock.js';
import type { Prisma } from '../db/client.js';
import type { Prisma as P } from '../db/generated/client.js';
import { ApiError } from '../errors.js';
import { newId } from '../ids.js';
import { buildFingerprint, compiledInstruction, solanaInstructionKeys, type BuiltEvidence } from './verify/evidence.js';

type Db = Prisma | P.TransactionClient;

/** What POST /v1/orders built for a quote (the orders domain's BuiltTx, the fields read here). */
export type BuiltForQuote = { vm: 'evm'; chainId: number; to: string; data: string; value: string } | { vm: 'svm'; serializedTx: string };

/** The evidence a built transaction leaves: EVM target and calldata; Solana instructions (base58 program, base64 data). */
function evidenceOfBuild(tx: BuiltForQuote): BuiltEvidence {
  if (tx.vm === 'evm') return { vm: 'evm', target: tx.to.toLowerCase(), data: tx.data.toLowerCase(), value: BigInt(tx.value).toString() };
  const v = VersionedTransaction.deserialize(Buffer.from(tx.serializedTx, 'base64'));
  const keys = v.message.staticAccountKeys.map((k) => k.toBase58());
  // Programs are always static keys (a lookup table cannot hold an invoked program); accounts from a table are "?".
  const ixs = v.message.compiledInstructions.map((i) => compiledInstruction(keys, i));
  return { vm: 'svm', target: '', data: JSON.stringify(solanaInstructionKeys(ixs)), value: '0' };
}

/**
 * Checkout's record of the transactions built for its payer quotes (checkout_quote_builds): a routed payment pays a
 * session only when its source transaction is one of that session's builds (verify/evidence.ts matchesEvmBuild /
 * matchesSolanaBuild). A build's fingerprint belongs to the first session that built it.
 */
export class QuoteBuilds {
  constructor(private readonly d: { prisma: Prisma; clock: Clock }) {}

  /** Records a build for `sessionId`; CONFLICT when the same transaction was already built for another session. */
  async record(sessionId: string, quoteId: string, chainId: number, tx: BuiltForQuote): Promise<void> {
    const e = evidenceOfBuild(tx);
    const fingerprint = buildFingerprint(e);
    const now = new Date(this.d.clock.now());
    // The first session to build a transaction owns it (unique chain + fingerprint), race-free across instances.
    await this.d.prisma.checkoutQuoteBuild.createMany({
      data: [{ id: newId('csb'), quoteId, sessionId, chainId, vm: e.vm, target: e.target, data: e.data, value: e.value, fingerprint, createdAt: now }],
      skipDuplicates: true,
    });
    const owner = await this.d.prisma.checkoutQuoteBuild.findUnique({
      where: { chainId_fingerprint: { chainId, fingerprint } },
      select: { id: true, sessionId: true },
    });
    if (!owner || owner.sessionId !== sessionId) {
      throw new ApiError(
        'CONFLICT',
        'The provider built a transaction identical to one built for another checkout session, so it could not be told apart on chain; request a fresh quote (or pay by direct transfer)',
      );
    }
    await this.d.prisma.checkoutQuoteBuildUse.createMany({ data: [{ quoteId, buildId: owner.id, createdAt: now }], skipDuplicates: true });
  }

  /**
   * The builds of one quote of a session on a chain: what a routed payment reported under that quote must match.
   * Per quote, not per session: a report under another quote of the session (a stranger's) is judged against that
   * quote's own builds, so it cannot borrow the payer's build and lock the payer's transaction to the wrong order.
   */
  async ofQuote(sessionId: string, quoteId: string | null | undefined, chainId: number, db: Db = this.d.prisma): Promise<BuiltEvidence[]> {
    if (!quoteId) return [];
    const rows = await db.checkoutQuoteBuild.findMany({
      where: { sessionId, chainId, uses: { some: { quoteId } } },
      select: { vm: true, target: true, data: true, value: true },
    });
    return rows.map((r) => ({ vm: r.vm as 'evm' | 'svm', target: r.target, data: r.data, value: r.value }));
  }
}
