import type { KeyAuth } from '../accounts/service.js';
import type { CheckoutPayment, CheckoutReview, CheckoutSession, Prisma } from '../db/generated/client.js';
import type { ReportDirect } from './input.js';
import type { SettledPayment } from './shared.js';
import type { SessionAction } from './state.js';
import type { SessionView } from './views.js';

type Tx = Prisma.TransactionClient;

/** The session-level fields a status change may write beside the status. */
export type SessionPatch = Prisma.CheckoutSessionUpdateInput;

/** The verifier found the reported transaction on chain with the session's evidence; `payer` as the chain says. */
export type SeenFinding = { kind: 'seen'; payer?: string };
/** What settlePayment wrote: the payment seen on chain, settled (a final status), or nothing (already done, or reported again since). */
export type SettleOutcome = 'seen' | 'settled' | null;

/** A session with its payments and its review history, as read. */
interface LoadedSession {
  session: CheckoutSession;
  payments: CheckoutPayment[];
  reviews: CheckoutReview[];
}

/**
 * What the checkout collaborators (payer quotes, refunds, reviews, the sign-only submit, the verifier) use of the
 * sessions: CheckoutService implements it and builds them, so they depend on this interface, not on the service
 * that constructs them (no import circle).
 */
export interface CheckoutSessions {
  load(id: string): Promise<LoadedSession>;
  getOwned(id: string, auth: KeyAuth): Promise<LoadedSession>;
  withLockedSession<T>(id: string, fn: (tx: Tx, s: CheckoutSession) => Promise<T>, outerTx?: Tx): Promise<T>;
  applyTransition(tx: Tx, s: CheckoutSession, action: SessionAction, patch?: SessionPatch, eventData?: Record<string, unknown>): Promise<CheckoutSession>;
  fullViewInTx(tx: Tx, s: CheckoutSession): Promise<SessionView>;
  reportDirect(id: string, input: ReportDirect, how?: { broadcast: boolean }): Promise<SessionView>;
  settlePayment(paymentId: string, finding: SettledPayment | SeenFinding, asOf?: Date): Promise<SettleOutcome>;
  pendingPayments(limit?: number): Promise<(CheckoutPayment & { session: CheckoutSession })[]>;
  /** FORBIDDEN when the session's merchant takes no new payments (its account is suspended). */
  assertTakesPayments(session: Pick<CheckoutSession, 'accountId'>): Promise<void>;
}
