import { builder, payloadDescription } from '../builder.js';
import { baseUnitAmount, idShape } from '../../validation.js';
import {
  acceptReviewSchema,
  CHECKOUT_SESSION_ID,
  createRefundSchema,
  createSessionSchema,
  listSessionsSchema,
  payerQuoteSchema,
  REVIEW_NOTE_MAX,
  reopenReviewSchema,
  reportDirectSchema,
  reportRefundSchema,
  simulateTransferSchema,
  submitSignedSchema,
  transferAddressSchema,
} from '../../checkout/input.js';
import type { PaymentView, RefundView, ReviewView, SessionView } from '../../checkout/views.js';
import { FINAL_SESSION_STATUSES, REOPEN_EXPIRY, type SessionStatus } from '../../checkout/state.js';
import { checkoutSessionTopic } from '../../checkout/topics.js';
import type { DirectQuote, PayerQuoteResponse } from '../../checkout/views.js';
import type { PayerQuote } from '../../checkout/payer-quote.js';
import type { TransferView } from '../../checkout/transfer.js';
import { FAILED_REASONS, REVIEW_REASONS, type FailedReason, type ReviewReason } from '../../checkout/verify/reasons.js';
import type { BuiltTx } from '../../orders/views.js';
import { AmountTooLargeError, AmountTooSmallError, ConflictError, NoRouteError, NotFoundError, ProviderError, orNull } from '../errors.js';
import { followStatus } from '../status-stream.js';
import { keyOf, orderLoader, paymentLoader, sessionLoader } from '../loaders.js';
import { arrayConnection, connectionType, keysetConnection, pageArgs, pageSize, readAfter } from '../pagination.js';
import { CheckoutPaymentAttemptRef, CheckoutRefundRef, CheckoutSessionRef, OrderRef } from '../refs.js';
import { BuiltTxRef } from './orders.js';
import { idempotencyKeyField, idempotent } from '../idempotency.js';
import { FeeBreakdown } from './quotes.js';
import { parseGraphQLInput } from '../input.js';

/** Checkout sessions over GraphQL; every rule lives in CheckoutService (same as REST). */

/** Enum values with their descriptions; the record's type makes a value without one a compile error. */
export const describedValues = <T extends string>(d: Record<T, string>) =>
  Object.fromEntries(Object.entries<string>(d).map(([value, description]) => [value, { description }])) as { [K in T]: { description: string } };

type Reason = FailedReason | ReviewReason;
const REASONS: readonly Reason[] = [...(Object.keys(FAILED_REASONS) as FailedReason[]), ...(Object.keys(REVIEW_REASONS) as ReviewReason[])];
const isReason = (r: string): r is Reason => (REASONS as readonly string[]).includes(r);
/** A stored reason as the enum value (rows hold it as text; only these values are ever written). */
const reasonOf = (r: string | null | undefined): Reason | null => (r && isReason(r) ? r : null);

const Status = builder.enumType('CheckoutSessionStatus', {
  description:
    '`open` → `processing` (a payment is being verified) → `paid`; back to `open` when the payment failed; `needs_review` when funds moved but a rule failed, until the merchant accepts the payment (→ `paid`) or reopens the session (→ `open`); `expired`. `paid` and `expired` are final.',
  values: describedValues<SessionStatus>({
    open: 'Waiting for a payment: the payer can pay.',
    processing: 'A payment arrived and is being verified: show progress, do not ask to pay again.',
    paid: 'Paid (final): fulfil the order.',
    needs_review: 'Funds moved but a verification rule failed: the merchant accepts the payment or reopens the session.',
    expired: 'Expired unpaid (final): start a new session to be paid.',
  }),
});
const ReviewAction = builder.enumType('CheckoutReviewAction', {
  description: "The merchant's resolution of a session in `needs_review`: `accept` (the payment under review paid it) or `reopen` (back to `open`).",
  values: describedValues({ accept: 'The payment under review paid the session (→ `paid`).', reopen: 'The session takes payments again (→ `open`).' }),
});
const PaymentKind = builder.enumType('CheckoutPaymentKind', {
  description: '`direct`: the settlement token sent on its chain. `routed`: paid through a quote (swap or bridge).',
  values: describedValues({ direct: 'The settlement token sent on its chain.', routed: 'Paid through a quote: swapped or bridged to the settlement token.' }),
});
const PaymentStatus = builder.enumType('CheckoutPaymentStatus', {
  description:
    '`verifying` until the verifier settles it: `succeeded` (it paid the session), `failed` (nothing arrived) or `rejected` (funds arrived but a rule failed; see `reason`).',
  values: describedValues({
    verifying: 'Reported or seen; verification has not settled it yet.',
    succeeded: 'It paid the session.',
    failed: 'Nothing arrived (see `reason`): the payer may pay again.',
    rejected: 'Funds arrived but a rule failed (see `reason`): refund it or accept it in review.',
  }),
});
const VerificationReason = builder.enumType('CheckoutVerificationReason', {
  description: 'Why a payment (or a refund transfer) did not verify; `reasonMessage` / `message` explain it in words.',
  values: describedValues<Reason>({ ...FAILED_REASONS, ...REVIEW_REASONS }),
});
const RefundStatus = builder.enumType('CheckoutRefundStatus', {
  description: '`pending` (to be signed and sent) → `submitted` (hash reported) → `succeeded` or `failed`; a `pending` refund can be `canceled`.',
  values: describedValues({
    pending: "Created: sign and send `tx` from the merchant's wallet, then report its hash.",
    submitted: 'Its transaction was reported and is being verified.',
    succeeded: 'Verified on chain: the refund arrived.',
    failed: 'The reported transaction did not refund (see `failure`).',
    canceled: 'Canceled before it was sent (final).',
  }),
});
const PayMethod = builder.enumType('CheckoutPaymentMethod', {
  description:
    "`direct_transfer`: the settlement token on its chain, no fee, carrying the session's evidence (tag or Solana Pay reference); sign `tx` (or build it with `buildOrder`) and report it with `reportOrderSubmitted` (or its alias `reportCheckoutPayment`; a signed Solana transfer can go to `submitCheckoutPayment`). `exact_output` and `input_search`: build the quote with `buildOrder`, report it with `reportOrderSubmitted`.",
  values: describedValues({
    direct_transfer: 'A plain transfer of the settlement token on its chain, with no fee.',
    exact_output: 'A route quoted for exactly the amount due.',
    input_search: 'A route whose input was searched so that at least the amount due arrives.',
  }),
});
const OverpayBasis = builder.enumType('CheckoutOverpayBasis', {
  description: '`usd`: USD value sent over USD value due. `output`: without prices, the expected output over the amount due (fees not included).',
  values: describedValues({ usd: 'USD value sent over USD value due.', output: 'Expected output over the amount due (no prices were available).' }),
});

export const Settlement = builder.objectRef<SessionView['settlement']>('CheckoutSettlement').implement({
  description: 'The token the merchant is paid in, on its chain.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'Chain id of the settlement chain (8453 Base, 7565164 Solana…).' }),
    token: t.exposeString('token', { description: 'Address (EVM) or mint (Solana) of the settlement token.' }),
    symbol: t.exposeString('symbol', { description: 'Symbol of the settlement token, `USDC` or `USDT`.' }),
    decimals: t.exposeInt('decimals', { description: 'Decimals of the settlement token: divide base-unit amounts by 10^decimals to show them.' }),
  }),
});

const Payment = builder.objectRef<PaymentView>('CheckoutPayment').implement({
  description: 'The payment that paid the session, or the one being verified / under review.',
  fields: (t) => ({
    payer: t.exposeString('payer', { description: 'The address the chain shows as having paid.' }),
    srcChainId: t.exposeInt('srcChainId', { description: 'Chain the payer paid on.' }),
    srcToken: t.exposeString('srcToken', { description: 'Token the payer sent (address or mint); null when unknown.', nullable: true }),
    srcAmount: t.exposeString('srcAmount', { description: 'Base units of `srcToken` the payer sent; null when unknown.', nullable: true }),
    srcTxHash: t.exposeString('srcTxHash', { description: "The payer's transaction (hash or Solana signature): link it in an explorer." }),
    dstTxHash: t.exposeString('dstTxHash', {
      description: "The transaction that delivered the settlement token to the merchant (the payer's own for a direct transfer); null until seen.",
      nullable: true,
    }),
    paidAt: t.field({
      description: 'When the payment paid the session; null while it is verified or under review.',
      type: 'DateTime',
      nullable: true,
      resolve: (p) => p.paidAt,
    }),
  }),
});

CheckoutPaymentAttemptRef.implement({
  description: 'A reported payment and how verification settled it (owner only).',
  authScopes: { read: 'checkout_sessions' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Payment id (`cspay_…`): name it in `createCheckoutRefund` or `acceptCheckoutSessionReview`.' }),
    kind: t.field({ description: 'How it was paid: a direct transfer or a routed (swapped or bridged) payment.', type: PaymentKind, resolve: (p) => p.kind }),
    status: t.field({ description: 'Where verification stands for this payment.', type: PaymentStatus, resolve: (p) => p.status }),
    payer: t.exposeString('payer', { description: 'The address that paid (the one the chain shows once seen).' }),
    srcChainId: t.exposeInt('srcChainId', { description: 'Chain the payer paid on.' }),
    srcToken: t.exposeString('srcToken', { description: 'Token the payer sent (address or mint); null when unknown.', nullable: true }),
    srcAmount: t.exposeString('srcAmount', { description: 'Base units of `srcToken` sent; null when unknown.', nullable: true }),
    srcTxHash: t.exposeString('srcTxHash', { description: "The payer's transaction (hash or Solana signature)." }),
    quoteId: t.id({ nullable: true, description: 'The quote of a routed payment.', resolve: (p) => p.quoteId }),
    order: t.field({
      authScopes: { optionalRead: 'orders' },
      type: OrderRef,
      nullable: true,
      description: 'The order of a routed payment.',
      resolve: (p, _a, ctx) => (p.quoteId ? orderLoader(ctx).load(p.quoteId) : null),
    }),
    provider: t.exposeString('provider', {
      description: 'The provider of a routed payment (`direct` for a direct transfer); null when unknown.',
      nullable: true,
    }),
    dstTxHash: t.exposeString('dstTxHash', {
      description: 'The transaction that delivered the settlement token to the recipient; null until seen.',
      nullable: true,
    }),
    amountReceived: t.exposeString('amountReceived', {
      description: 'Settlement base units this payment delivered to the recipient; null until verified.',
      nullable: true,
    }),
    amountRefunded: t.exposeString('amountRefunded', { description: 'Refunds of this payment not failed or canceled.' }),
    reason: t.field({
      description: 'Why it failed or was rejected; null otherwise. Show `reasonMessage` to people.',
      type: VerificationReason,
      nullable: true,
      resolve: (p) => reasonOf(p.reason),
    }),
    reasonMessage: t.exposeString('reasonMessage', { description: '`reason` in words, for people.', nullable: true }),
    createdAt: t.field({ description: 'When the payment was reported or detected.', type: 'DateTime', resolve: (p) => p.createdAt }),
    seenAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        "When the chain first showed this payment carrying the session's evidence; null while it is only reported (a hint that does not move the session).",
      resolve: (p) => p.seenAt,
    }),
    settledAt: t.field({
      description: 'When verification settled it (`succeeded`, `failed` or `rejected`); null before.',
      type: 'DateTime',
      nullable: true,
      resolve: (p) => p.settledAt,
    }),
  }),
});

const Review = builder.objectRef<{ reason: string; message: string | null }>('CheckoutReview').implement({
  description: 'Why the session needs review.',
  fields: (t) => ({
    reason: t.field({
      description: 'The verification rule that failed; decide with it whether to accept or reopen.',
      type: VerificationReason,
      resolve: (r) => {
        // A session in review always carries a reason the verifier wrote (src/checkout/verify/reasons.ts).
        const reason = reasonOf(r.reason);
        if (!reason) throw new Error(`unknown review reason ${r.reason}`);
        return reason;
      },
    }),
    message: t.exposeString('message', { description: '`reason` in words, for people.', nullable: true }),
  }),
});

const ReviewResolution = builder.objectRef<ReviewView>('CheckoutReviewResolution').implement({
  description: 'How the merchant resolved a session in `needs_review` (owner only): an audit record, never changed.',
  authScopes: { read: 'checkout_sessions' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Resolution id (`csrev_…`).' }),
    action: t.field({ description: 'What the merchant decided.', type: ReviewAction, resolve: (r) => r.action }),
    note: t.exposeString('note', { description: "The merchant's note." }),
    paymentId: t.id({ nullable: true, description: 'The payment accepted, or the one under review when the session was reopened.', resolve: (r) => r.payment }),
    payment: t.field({
      type: CheckoutPaymentAttemptRef,
      nullable: true,
      description: 'The payment accepted, or the one under review when the session was reopened.',
      resolve: (r, _a, ctx) => (r.payment ? paymentLoader(ctx).load(r.payment) : null),
    }),
    reviewReason: t.field({
      type: VerificationReason,
      nullable: true,
      description: 'Why the session was under review.',
      resolve: (r) => reasonOf(r.reviewReason),
    }),
    paymentReason: t.field({
      type: VerificationReason,
      nullable: true,
      description: "The reviewed payment's own reason (an accepted payment no longer carries it).",
      resolve: (r) => reasonOf(r.paymentReason),
    }),
    apiKeyId: t.id({ description: 'The API key that resolved the review.', resolve: (r) => r.apiKeyId }),
    fromStatus: t.field({ description: 'The session status before (always `needs_review`).', type: Status, resolve: (r) => r.fromStatus }),
    toStatus: t.field({ description: 'The session status after: `paid` (accept) or `open` (reopen).', type: Status, resolve: (r) => r.toStatus }),
    createdAt: t.field({ description: 'When the merchant resolved the review.', type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});

CheckoutRefundRef.implement({
  description: "A refund of a payment, sent from the merchant's wallet.",
  authScopes: { read: 'refunds' },
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Refund id (`re_…`): name it to report or cancel the refund.' }),
    sessionId: t.exposeID('sessionId', { description: 'The session refunded.' }),
    checkoutSession: t.field({
      authScopes: { read: 'checkout_sessions' },
      type: CheckoutSessionRef,
      nullable: true,
      description: 'The session refunded.',
      resolve: (r, _a, ctx) => sessionLoader(ctx).load(r.sessionId),
    }),
    paymentId: t.id({ nullable: true, description: 'The payment refunded (null only on refunds older than per-payment refunds).', resolve: (r) => r.payment }),
    payment: t.field({
      authScopes: { read: 'checkout_sessions' },
      type: CheckoutPaymentAttemptRef,
      nullable: true,
      description: 'The payment refunded.',
      resolve: (r, _a, ctx) => (r.payment ? paymentLoader(ctx).load(r.payment) : null),
    }),
    status: t.field({ description: 'Where the refund stands; report its transfer to move it on.', type: RefundStatus, resolve: (r) => r.status }),
    amount: t.exposeString('amount', { description: 'Settlement base units refunded.' }),
    reason: t.exposeString('reason', { nullable: true, description: "The merchant's note." }),
    chainId: t.exposeInt('chainId', { description: 'Chain the refund is sent on (the settlement chain).' }),
    token: t.exposeString('token', { description: 'Token refunded (the settlement token).' }),
    to: t.exposeString('to', { description: 'Where the refund goes.' }),
    txHash: t.exposeString('txHash', { description: 'The reported refund transaction; null until reported.', nullable: true }),
    failure: t.field({ type: VerificationReason, nullable: true, description: 'Why a `failed` refund failed.', resolve: (r) => reasonOf(r.failure) }),
    createdAt: t.field({ description: 'When the refund was created.', type: 'DateTime', resolve: (r) => r.createdAt }),
    succeededAt: t.field({
      description: 'When the refund transfer was verified on chain; null before.',
      type: 'DateTime',
      nullable: true,
      resolve: (r) => r.succeededAt,
    }),
  }),
});

const PaymentAttemptConnection = connectionType('CheckoutPaymentAttempt', CheckoutPaymentAttemptRef, {
  totalCount: true,
  description:
    'A page of payments of a session: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});
const RefundConnection = connectionType('CheckoutRefund', CheckoutRefundRef, {
  totalCount: true,
  description:
    'A page of refunds of a session: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});
const ReviewConnection = connectionType('CheckoutReviewResolution', ReviewResolution, {
  totalCount: true,
  description:
    'A page of the review resolutions of a session: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});
const SessionConnection = connectionType('CheckoutSession', CheckoutSessionRef, {
  description:
    'A page of checkout sessions: read `nodes` (or `edges`), then ask for the next page with `after: pageInfo.endCursor` while `pageInfo.hasNextPage`.',
});

/** The owner's (full) view carries `payments`; the public view does not. */
const isOwnerView = (s: SessionView) => s.payments !== undefined;

CheckoutSessionRef.implement({
  description:
    "A checkout session: an amount to be paid to the merchant's wallet. Without the owner's API key, `reference`, `metadata`, `review`, refund totals, `payments`, `refunds` and `reviews` are null.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Session id (`cs_…` live, `cs_test_…` test): use it in every session call and URL.' }),
    livemode: t.exposeBoolean('livemode', { description: 'True for a live session (real funds), false for test mode.' }),
    status: t.field({
      description: 'Where the session stands; a client waits for `paid` (or follows the `checkoutSession` subscription).',
      type: Status,
      resolve: (s) => s.status,
    }),
    amount: t.exposeString('amount', { description: 'Settlement base units due.' }),
    settlement: t.field({ description: 'The token the merchant is paid in, on its chain.', type: Settlement, resolve: (s) => s.settlement }),
    recipient: t.exposeString('recipient', { description: "The merchant's wallet on the settlement chain: where the payment goes." }),
    description: t.exposeString('description', { nullable: true, description: 'What is paid for, shown to the payer; null when not given.' }),
    merchantName: t.exposeString('merchantName', { description: 'The merchant name shown to the payer; null when not given.', nullable: true }),
    reference: t.string({ description: "The merchant's own reference (owner view only).", nullable: true, resolve: (s) => s.reference ?? null }),
    metadata: t.field({
      description: 'The string key-value pairs given at creation (owner view only).',
      type: 'JSON',
      nullable: true,
      resolve: (s) => s.metadata ?? null,
    }),
    successUrl: t.exposeString('successUrl', { description: 'Where the pay page sends the payer after paying; null when not given.', nullable: true }),
    cancelUrl: t.exposeString('cancelUrl', { description: 'Where the pay page sends a payer who cancels; null when not given.', nullable: true }),
    expiresAt: t.field({ description: 'When an open session expires: pay before this.', type: 'DateTime', resolve: (s) => s.expiresAt }),
    createdAt: t.field({ description: 'When the session was created.', type: 'DateTime', resolve: (s) => s.createdAt }),
    url: t.exposeString('url', { description: 'The hosted payment page.' }),
    invoiceId: t.id({ description: 'The invoice this session pays, if it was started from one.', nullable: true, resolve: (s) => s.invoiceId }),
    payment: t.field({
      description: 'The payment that paid the session, or the one being verified or under review; null before any.',
      type: Payment,
      nullable: true,
      resolve: (s) => s.payment,
    }),
    review: t.field({
      description: 'Why the session is in `needs_review` (owner view only); null otherwise.',
      type: Review,
      nullable: true,
      resolve: (s) => s.review ?? null,
    }),
    amountReceived: t.string({
      description: 'Settlement base units received by the payment that paid it (owner view only); null until paid.',
      nullable: true,
      resolve: (s) => s.amountReceived ?? null,
    }),
    amountRefunded: t.string({
      description: 'Settlement base units refunded, refunds not failed or canceled (owner view only).',
      nullable: true,
      resolve: (s) => s.amountRefunded ?? null,
    }),
    payments: t.field({
      type: PaymentAttemptConnection,
      nullable: true,
      description: 'Every reported payment, oldest first (owner only).',
      args: pageArgs(t, 100, 100),
      resolve: (s, args) => (s.payments ? arrayConnection(s.payments, args, 100, 100) : null),
    }),
    reviews: t.field({
      type: ReviewConnection,
      nullable: true,
      description: "The merchant's resolutions of reviews (accept, reopen), oldest first (owner only).",
      args: pageArgs(t, 100, 100),
      resolve: (s, args) => (s.reviews ? arrayConnection(s.reviews, args, 100, 100) : null),
    }),
    refunds: t.field({
      authScopes: { optionalRead: 'refunds' },
      type: RefundConnection,
      nullable: true,
      description: 'Refunds of the session, oldest first (owner only).',
      args: pageArgs(t, 100, 100),
      resolve: async (s, args, ctx) => {
        if (!isOwnerView(s)) return null;
        const auth = await ctx.auth();
        if (!auth) return null;
        return arrayConnection((await ctx.services.checkout.refunds.list(auth, s.id)).data, args, 100, 100);
      },
    }),
  }),
});

const CreateInput = builder.inputType('CreateCheckoutSessionInput', {
  description: 'What `createCheckoutSession` takes.',
  fields: (t) => ({
    ...idempotencyKeyField(t),
    amount: t.string({
      required: true,
      description: 'Integer string of settlement base units: no leading zeros, > 0, at most 2^256-1.',
      validate: { schema: baseUnitAmount },
    }),
    settleChain: t.string({ required: true, description: 'Chain id or slug of a supported settlement pair.' }),
    settleToken: t.string({ required: true, description: '`USDC`, `USDT` or the token address/mint.' }),
    recipient: t.string({ required: true, description: "The merchant's wallet on the settlement chain." }),
    description: t.string({ description: 'What is paid for, shown to the payer (up to 1000 characters).' }),
    merchantName: t.string({ description: 'The merchant name shown to the payer (up to 100 characters).' }),
    reference: t.string({ description: 'Your own reference (owner view only).' }),
    metadata: t.field({ type: 'JSON', description: 'Up to 20 string key-value pairs.' }),
    successUrl: t.string({ description: 'Where the pay page sends the payer after paying: an absolute http(s) URL.' }),
    cancelUrl: t.string({ description: 'Where the pay page sends a payer who cancels: an absolute http(s) URL.' }),
    expiresInMinutes: t.int({ description: '5 to 10080, default 60.' }),
  }),
});

const PayerQuoteRef = builder.objectRef<PayerQuote | DirectQuote>('CheckoutPayerQuote').implement({
  description: 'What the payer sends (`srcAmount`) so that at least the amount due arrives (`dstAmountMin`).',
  fields: (t) => ({
    method: t.field({ description: 'How the payer pays with this quote.', type: PayMethod, resolve: (q) => q.method }),
    quoteId: t.id({
      nullable: true,
      description:
        'The quote to build with `buildOrder` and report with `reportOrderSubmitted`, the direct transfer included (its build is the session-tagged transfer). Never null since payment evidence (kept nullable for older clients).',
      resolve: (q) => q.quoteId,
    }),
    provider: t.exposeString('provider', { description: 'A provider id, or `direct`.' }),
    srcAmount: t.exposeString('srcAmount', { description: 'Base units of the source token the payer sends.' }),
    dstAmount: t.exposeString('dstAmount', { description: 'Settlement base units expected to reach the recipient.' }),
    dstAmountMin: t.exposeString('dstAmountMin', { description: 'Settlement base units guaranteed to reach the recipient: at least the amount due.' }),
    estimatedSeconds: t.exposeInt('estimatedSeconds', { description: 'Expected time from sending to delivery, in seconds.' }),
    overpayBps: t.exposeInt('overpayBps', { description: 'How much more than the amount due the payer sends, in bps.' }),
    overpayBasis: t.field({ description: 'What `overpayBps` compares.', type: OverpayBasis, resolve: (q) => q.overpayBasis }),
    fees: t.field({ description: 'The fees included in `srcAmount`.', type: FeeBreakdown, resolve: (q) => q.fees }),
    expiresAt: t.field({ description: 'Build and send before this; quote again after.', type: 'DateTime', resolve: (q) => new Date(q.expiresAt * 1000) }),
    tx: t.field({
      type: BuiltTxRef,
      nullable: true,
      description:
        "For a direct transfer: the transfer to sign, carrying the session's evidence (EVM: the session tag after the `transfer` calldata; Solana: the session's Solana Pay reference).",
      resolve: (q) => ('tx' in q ? (q.tx as BuiltTx) : null),
    }),
    reference: t.string({
      nullable: true,
      description: "Solana direct transfer: the session's Solana Pay reference key carried by the transfer instruction.",
      resolve: (q) => ('reference' in q ? (q.reference ?? null) : null),
    }),
  }),
});

const PayerQuoteResponseRef = builder.objectRef<PayerQuoteResponse>('CheckoutPayerQuoteResponse').implement({
  description:
    'How a payer can pay a session from the chain and token asked: quotes whose guaranteed output covers the amount due, best first (a single direct transfer when the token is the settlement token on its chain), and the providers that could not quote.',
  fields: (t) => ({
    sessionId: t.exposeID('sessionId', { description: 'The session quoted.' }),
    amountDue: t.exposeString('amountDue', { description: 'Settlement base units the session is for.' }),
    settlement: t.field({ description: 'The token the merchant is paid in.', type: Settlement, resolve: (r) => r.settlement }),
    recipient: t.exposeString('recipient', { description: "The merchant's wallet on the settlement chain." }),
    direct: t.exposeBoolean('direct', { description: 'The source token is the settlement token on its chain: one direct transfer.' }),
    best: t.field({ description: 'The quote to show first (the cheapest for the payer).', type: PayerQuoteRef, resolve: (r) => r.best }),
    quotes: t.field({ type: [PayerQuoteRef], description: 'Every quote, best first (at most one per provider).', resolve: (r) => r.quotes }),
    errors: t.field({ type: [ProviderError], description: 'Providers that could not quote (at most one entry each).', resolve: (r) => r.errors }),
  }),
});

const PayerQuoteInput = builder.inputType('CheckoutSessionQuoteInput', {
  description: 'What `checkoutSessionQuote` takes.',
  fields: (t) => ({
    sessionId: t.id({ description: 'The session to pay.', required: true }),
    srcChain: t.string({ required: true, description: 'Chain id or slug the payer pays from.' }),
    srcToken: t.string({ description: 'The token the payer sends: address, mint or curated symbol.', required: true }),
    sender: t.string({ required: true, description: "The payer's address on `srcChain`." }),
  }),
});

builder.queryField('checkoutSessionQuote', (t) =>
  t.field({
    type: PayerQuoteResponseRef,
    description: 'Public: quotes for paying an open session from `srcToken` on `srcChain` (a ConflictError when the session is not open).',
    authScopes: { public: true },
    args: {
      input: t.arg({ type: PayerQuoteInput, required: true, description: 'What `checkoutSessionQuote` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError, NoRouteError, AmountTooSmallError, AmountTooLargeError] },
    resolve: (_r, { input: { sessionId, ...rest } }, ctx) => ctx.services.checkout.payerQuote(sessionId, parseGraphQLInput(payerQuoteSchema, rest)),
  }),
);

builder.queryField('checkoutSession', (t) =>
  t.field({
    type: CheckoutSessionRef,
    nullable: true,
    description: "Public; the owner's API key adds the private fields. Null when no session has this id.",
    authScopes: { optionalRead: 'checkout_sessions' },
    args: { id: t.arg.id({ required: true, description: 'The id of the checkout session to read.' }) },
    resolve: async (_r, { id }, ctx) => orNull(async () => ctx.services.checkout.get(id, await ctx.auth())),
  }),
);

builder.queryField('checkoutSessions', (t) =>
  t.field({
    type: SessionConnection,
    description: "The API key's sessions (its account and mode), newest first.",
    authScopes: { read: 'checkout_sessions' },
    args: { status: t.arg({ type: Status, description: 'Only items in this status; all statuses when absent.' }), ...pageArgs(t, 100) },
    resolve: async (_r, args, ctx) => {
      const checkout = ctx.services.checkout;
      const query = parseGraphQLInput(listSessionsSchema, { status: args.status, limit: pageSize(args.first, 100), cursor: args.after });
      const page = await readAfter(checkout.list(await keyOf(ctx), query));
      return keysetConnection(page, (s) => checkout.listCursor(s), args);
    },
  }),
);

type SessionPayload = { checkoutSession: SessionView };
const sessionPayload = (name: string) =>
  builder.objectRef<SessionPayload>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({
      checkoutSession: t.field({ type: CheckoutSessionRef, description: 'The checkoutSession as the mutation left it.', resolve: (p) => p.checkoutSession }),
    }),
  });

const ExpireInput = builder.inputType('ExpireCheckoutSessionInput', {
  description: 'The open session to expire.',
  fields: (t) => ({ id: t.id({ required: true, description: 'The open session to expire.' }), ...idempotencyKeyField(t) }),
});
const AcceptReviewInput = builder.inputType('AcceptCheckoutSessionReviewInput', {
  description: 'What `acceptCheckoutSessionReview` takes.',
  fields: (t) => ({
    ...idempotencyKeyField(t),
    id: t.id({ required: true, description: 'The session in `needs_review`.' }),
    note: t.string({ required: true, description: `Why (1-${REVIEW_NOTE_MAX} characters): kept in \`reviews\` and sent in the event.` }),
    paymentId: t.id({
      description: "The payment to accept (one of the session's `payments`, `rejected`); default: the most recent rejected payment that delivered funds.",
    }),
  }),
});
const ReopenInput = builder.inputType('ReopenCheckoutSessionInput', {
  description: 'What `reopenCheckoutSession` takes.',
  fields: (t) => ({
    ...idempotencyKeyField(t),
    id: t.id({ required: true, description: 'The session in `needs_review`.' }),
    note: t.string({ required: true, description: `Why (1-${REVIEW_NOTE_MAX} characters): kept in \`reviews\` and sent in the event.` }),
    expiresInMinutes: t.int({
      description: `The payer gets at least this long from now to pay again (${REOPEN_EXPIRY.minMinutes}-${REOPEN_EXPIRY.maxMinutes}, default ${REOPEN_EXPIRY.defaultMinutes}); a later \`expiresAt\` is kept.`,
    }),
  }),
});
const ReportPaymentInput = builder.inputType('ReportCheckoutPaymentInput', {
  description: 'What `reportCheckoutPayment` takes.',
  fields: (t) => ({
    ...idempotencyKeyField(t),
    sessionId: t.id({ description: 'The session the transfer pays.', required: true }),
    txHash: t.string({ required: true, description: 'Hash (EVM) or signature (Solana) of the transfer.' }),
    payer: t.string({ required: true, description: 'The address that sent it.' }),
  }),
});
const SubmitPaymentInput = builder.inputType('SubmitCheckoutPaymentInput', {
  description: 'What `submitCheckoutPayment` takes.',
  fields: (t) => ({
    ...idempotencyKeyField(t),
    sessionId: t.id({ description: 'The Solana-settled session the transfer pays.', required: true }),
    signedTransaction: t.string({ required: true, description: 'Base64 serialized Solana transaction, signed by `payer` (its fee payer).' }),
    payer: t.string({ description: 'The fee payer and signer of the transaction (base58).', required: true }),
  }),
});

builder.mutationField('createCheckoutSession', (t) =>
  t.field({
    type: sessionPayload('CreateCheckoutSessionPayload'),
    description:
      "Creates a checkout session in the API key's account and mode; send the payer to its `url` (or build a page on the public fields) and follow it with the `checkoutSession` subscription.",
    authScopes: { write: 'checkout_sessions' },
    args: {
      input: t.arg({ type: CreateInput, required: true, description: 'What `createCheckoutSession` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      checkoutSession: await ctx.services.checkout.create(await keyOf(ctx), parseGraphQLInput(createSessionSchema, input)),
    })),
  }),
);

builder.mutationField('expireCheckoutSession', (t) =>
  t.field({
    type: sessionPayload('ExpireCheckoutSessionPayload'),
    description: 'Expires an open session (a ConflictError otherwise).',
    authScopes: { write: 'checkout_sessions' },
    args: {
      input: t.arg({ type: ExpireInput, required: true, description: 'What `expireCheckoutSession` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ checkoutSession: await ctx.services.checkout.expire(await keyOf(ctx), input.id) })),
  }),
);

builder.mutationField('acceptCheckoutSessionReview', (t) =>
  t.field({
    type: sessionPayload('AcceptCheckoutSessionReviewPayload'),
    description:
      "Accepts the payment under review of a session in `needs_review` as paying it (a ConflictError otherwise): the payment becomes `succeeded`, the session `paid` with `amountReceived` what that payment delivered; `checkout.session.completed` is sent with the resolution as `review`, and a linked invoice becomes `paid`. Answers the owner's view.",
    authScopes: { write: 'checkout_sessions' },
    args: {
      input: t.arg({
        type: AcceptReviewInput,
        required: true,
        description: 'What `acceptCheckoutSessionReview` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input: { id, note, paymentId } }, ctx) => ({
      checkoutSession: await ctx.services.checkout.reviews.accept(await keyOf(ctx), id, parseGraphQLInput(acceptReviewSchema, { note, payment: paymentId })),
    })),
  }),
);

builder.mutationField('reopenCheckoutSession', (t) =>
  t.field({
    type: sessionPayload('ReopenCheckoutSessionPayload'),
    description:
      "Returns a session in `needs_review` to `open` (a ConflictError otherwise), so the payer can pay again; past its expiry it gets a new one (`expiresInMinutes`). `checkout.session.reopened` is sent with the resolution as `review`. The payments under review stay `rejected`: refund them with `createCheckoutRefund` (`paymentId`). Answers the owner's view.",
    authScopes: { write: 'checkout_sessions' },
    args: {
      input: t.arg({ type: ReopenInput, required: true, description: 'What `reopenCheckoutSession` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input: { id, note, expiresInMinutes } }, ctx) => ({
      checkoutSession: await ctx.services.checkout.reviews.reopen(await keyOf(ctx), id, parseGraphQLInput(reopenReviewSchema, { note, expiresInMinutes })),
    })),
  }),
);

builder.mutationField('reportCheckoutPayment', (t) =>
  t.field({
    type: sessionPayload('ReportCheckoutPaymentPayload'),
    description:
      'Public: the payer reports a direct transfer of the settlement token (routed payments are reported through the order). Answers with the public view of the session.',
    authScopes: { public: true },
    args: {
      input: t.arg({
        type: ReportPaymentInput,
        required: true,
        description: 'What `reportCheckoutPayment` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input: { sessionId, ...rest } }, ctx) => ({
      checkoutSession: await ctx.services.checkout.reportDirect(sessionId, parseGraphQLInput(reportDirectSchema, rest)),
    })),
  }),
);

builder.mutationField('submitCheckoutPayment', (t) =>
  t.field({
    type: sessionPayload('SubmitCheckoutPaymentPayload'),
    description:
      'Public, Solana-settled sessions: for wallets that can only sign, the service broadcasts the signed direct transfer (a transaction that would fail is refused) and records it as `reportCheckoutPayment` does. Answers with the public view of the session.',
    authScopes: { public: true },
    args: {
      input: t.arg({
        type: SubmitPaymentInput,
        required: true,
        description: 'What `submitCheckoutPayment` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input: { sessionId, ...rest } }, ctx) => ({
      checkoutSession: await ctx.services.checkout.submitSigned(sessionId, parseGraphQLInput(submitSignedSchema, rest)),
    })),
  }),
);

const TransferStatus = builder.enumType('CheckoutTransferStatus', {
  description:
    "`awaiting_deposit` until a deposit arrives at the address (`deposit_received`); `disabled` when the address takes no more. The session's own status tells the rest.",
  values: describedValues({
    awaiting_deposit: 'Waiting for the transfer: show the address and amount.',
    deposit_received: 'A deposit arrived: follow the session for the rest.',
    disabled: 'The address takes no more deposits (the session was paid or closed).',
  }),
});

const TransferFees = builder.objectRef<TransferView['fees']>('CheckoutTransferFees').implement({
  description: 'The route fees included in the amount to send, in bps.',
  fields: (t) => ({
    ourFeeBps: t.exposeInt('ourFeeBps', { description: 'The service fee, in bps of the amount sent.' }),
    integratorFeeBps: t.exposeInt('integratorFeeBps', { description: 'The partner fee, in bps of the amount sent.' }),
  }),
});

const CheckoutTransfer = builder.objectRef<TransferView>('CheckoutTransfer').implement({
  description: 'Pay by transfer: a one-time deposit address for a session and exactly what to send to it.',
  fields: (t) => ({
    sessionId: t.exposeID('sessionId', { description: 'The session this transfer pays.' }),
    depositAddressId: t.exposeID('depositAddressId', { description: "The one-time deposit address (in the session's account and mode)." }),
    address: t.exposeString('address', { description: "Where to send (the sandbox's address in test mode)." }),
    chainId: t.exposeInt('chainId', { description: 'Chain to send on.' }),
    token: t.exposeString('token', { description: 'The token to send (address or mint).' }),
    tokenSymbol: t.exposeString('tokenSymbol', { description: 'Symbol of the token to send, for display.' }),
    tokenDecimals: t.exposeInt('tokenDecimals', { description: 'Decimals of the token to send: divide `amount` by 10^decimals to show it.' }),
    amount: t.exposeString('amount', {
      description: 'Exactly this much (base units): the session amount plus the route fees. Any other amount is refunded to `refundTo`.',
    }),
    amountDue: t.exposeString('amountDue', { description: 'What the merchant receives (settlement token base units).' }),
    fees: t.field({ description: 'The route fees included in `amount`.', type: TransferFees, resolve: (v) => v.fees }),
    uri: t.exposeString('uri', { description: 'EIP-681 (EVM) or Solana Pay URI of the transfer, for a QR code or a wallet link.' }),
    refundTo: t.exposeString('refundTo', {
      description:
        'Where a refund of the transfer goes: the refund address the deposit address was made with (fixed then; asked again with another one, the same address answers).',
    }),
    livemode: t.exposeBoolean('livemode', { description: 'True for a live session (send real funds), false for test mode (simulate the transfer).' }),
    status: t.field({ description: 'Whether the deposit address is still waiting for the transfer.', type: TransferStatus, resolve: (v) => v.status }),
    expiresAt: t.field({ type: 'DateTime', description: 'When the session (and so this offer) expires.', resolve: (v) => new Date(v.expiresAt) }),
  }),
});

const CreateTransferAddressInput = builder.inputType('CreateCheckoutTransferAddressInput', {
  description: 'What `createCheckoutTransferAddress` takes.',
  fields: (t) => ({
    ...idempotencyKeyField(t),
    sessionId: t.id({ description: 'The open session to pay by transfer.', required: true }),
    srcChain: t.string({ required: true, description: 'Chain id or slug the payer sends on.' }),
    srcToken: t.string({ required: true, description: 'The token the payer sends (address, mint or curated symbol).' }),
    refundTo: t.string({ required: true, description: "The payer's own wallet on `srcChain`, where a failed deposit is refunded." }),
  }),
});
const SimulateTransferInput = builder.inputType('SimulateCheckoutTransferInput', {
  description: 'What `simulateCheckoutTransfer` takes.',
  fields: (t) => ({
    ...idempotencyKeyField(t),
    sessionId: t.id({ description: 'The test-mode session the transfer pays.', required: true }),
    depositAddressId: t.id({ required: true, description: 'The address `createCheckoutTransferAddress` answered (test mode).' }),
  }),
});

builder.mutationField('createCheckoutTransferAddress', (t) =>
  t.field({
    type: builder.objectRef<{ transfer: TransferView }>('CreateCheckoutTransferAddressPayload').implement({
      description: 'The answer of `createCheckoutTransferAddress`: what the payer sends, and where.',
      fields: (f) => ({
        transfer: f.field({ type: CheckoutTransfer, description: 'The deposit address and exactly what to send to it.', resolve: (p) => p.transfer }),
      }),
    }),
    description:
      "Public (the pay page): pay by transfer. A one-time deposit address on the payer's chain and token, in the session's account and mode, for exactly the session amount plus the route fees. One address per chain and token, at most 3 per session: the same chain and token again answer the same address while it is unused, with the `refundTo` it was made with (the provider fixes it then); a fourth chain and token is a ConflictError. The deposit pays the session as a routed payment, recorded with the deposit and verified on chain; the session's addresses are disabled when it is paid or expires. A ConflictError when the session is not open.",
    authScopes: { public: true },
    args: {
      input: t.arg({
        type: CreateTransferAddressInput,
        required: true,
        description: 'What `createCheckoutTransferAddress` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input: { sessionId, ...rest } }, ctx) => ({
      transfer: await ctx.services.transfer.depositAddress(sessionId, parseGraphQLInput(transferAddressSchema, rest)),
    })),
  }),
);

builder.mutationField('simulateCheckoutTransfer', (t) =>
  t.field({
    type: sessionPayload('SimulateCheckoutTransferPayload'),
    description:
      "Public, test-mode sessions only: simulates the payer's transfer of exactly the amount to the session's sandbox deposit address; the session then pays as for a real transfer, with the same events. A live session is FORBIDDEN. Answers with the public view of the session.",
    authScopes: { public: true },
    args: {
      input: t.arg({
        type: SimulateTransferInput,
        required: true,
        description: 'What `simulateCheckoutTransfer` acts on and how: see the fields of its input type.',
      }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input: { sessionId, ...rest } }, ctx) => ({
      checkoutSession: await ctx.services.transfer.simulate(sessionId, parseGraphQLInput(simulateTransferSchema, rest)),
    })),
  }),
);

const CreateRefundInput = builder.inputType('CreateCheckoutRefundInput', {
  description: 'What `createCheckoutRefund` takes.',
  fields: (t) => ({
    ...idempotencyKeyField(t),
    sessionId: t.id({ description: 'The paid session to refund.', required: true }),
    paymentId: t.id({ description: "The payment to refund (one of the session's `payments`); default: the one that paid the session." }),
    amount: t.string({
      description: 'Settlement base units (no leading zeros, > 0); default: all that can still be refunded of that payment.',
      validate: { schema: baseUnitAmount },
    }),
    reason: t.string({ description: 'A note for your records.' }),
    to: t.string({ description: "Where the refund goes; default the payer's address." }),
  }),
});
const ReportRefundInput = builder.inputType('ReportCheckoutRefundInput', {
  description: "The refund whose transfer the merchant's wallet sent, and its transaction.",
  fields: (t) => ({
    id: t.id({ required: true, description: 'The refund whose transfer was sent.' }),
    sessionId: t.id({ required: true, description: 'The session the refund belongs to.' }),
    txHash: t.string({ required: true, description: "Hash (EVM) or signature (Solana) of the merchant wallet's refund transfer." }),
    ...idempotencyKeyField(t),
  }),
});
const CancelRefundInput = builder.inputType('CancelCheckoutRefundInput', {
  description: 'The `pending` refund to cancel.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The `pending` refund to cancel.' }),
    sessionId: t.id({ required: true, description: 'The session the refund belongs to.' }),
    ...idempotencyKeyField(t),
  }),
});

const CreateRefundPayload = builder.objectRef<{ refund: RefundView; tx: BuiltTx & { from: string } }>('CreateCheckoutRefundPayload').implement({
  description: 'The answer of `createCheckoutRefund`: the refund and the transfer to sign.',
  fields: (t) => ({
    refund: t.field({ description: 'The new refund, `pending` until its transfer is reported.', type: CheckoutRefundRef, resolve: (r) => r.refund }),
    tx: t.field({
      type: BuiltTxRef,
      description: "The transfer to sign with the merchant's wallet, then report with `reportCheckoutRefund`.",
      resolve: (r) => r.tx,
    }),
    signer: t.string({ description: "The wallet that must sign `tx`: the session's recipient.", resolve: (r) => r.tx.from }),
  }),
});
const RefundPayload = (name: string) =>
  builder.objectRef<{ refund: RefundView }>(name).implement({
    description: payloadDescription(name),
    fields: (t) => ({ refund: t.field({ type: CheckoutRefundRef, description: 'The refund as the mutation left it.', resolve: (p) => p.refund }) }),
  });

builder.mutationField('createCheckoutRefund', (t) =>
  t.field({
    type: CreateRefundPayload,
    description:
      'Refunds a payment of a session (default: the one that paid it) in full (no amount) or in part; never more than that payment delivered. The refund is `pending` until its transfer is reported.',
    authScopes: { write: 'refunds' },
    args: {
      input: t.arg({ type: CreateRefundInput, required: true, description: 'What `createCheckoutRefund` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError, AmountTooLargeError] },
    resolve: idempotent(async (_r, { input: { sessionId, paymentId, ...rest } }, ctx) =>
      ctx.services.checkout.refunds.create(await keyOf(ctx), sessionId, parseGraphQLInput(createRefundSchema, { ...rest, payment: paymentId })),
    ),
  }),
);

builder.mutationField('reportCheckoutRefund', (t) =>
  t.field({
    type: RefundPayload('ReportCheckoutRefundPayload'),
    description: 'Reports the hash of a refund transfer; the refund becomes `submitted` and is verified on chain.',
    authScopes: { write: 'refunds' },
    args: {
      input: t.arg({ type: ReportRefundInput, required: true, description: 'What `reportCheckoutRefund` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({
      refund: await ctx.services.checkout.refunds.reportSubmitted(
        await keyOf(ctx),
        input.sessionId,
        input.id,
        parseGraphQLInput(reportRefundSchema, { txHash: input.txHash }),
      ),
    })),
  }),
);

builder.mutationField('cancelCheckoutRefund', (t) =>
  t.field({
    type: RefundPayload('CancelCheckoutRefundPayload'),
    description: 'Cancels a `pending` refund (a ConflictError otherwise).',
    authScopes: { write: 'refunds' },
    args: {
      input: t.arg({ type: CancelRefundInput, required: true, description: 'What `cancelCheckoutRefund` acts on and how: see the fields of its input type.' }),
    },
    errors: { types: [ConflictError, NotFoundError] },
    resolve: idempotent(async (_r, { input }, ctx) => ({ refund: await ctx.services.checkout.refunds.cancel(await keyOf(ctx), input.sessionId, input.id) })),
  }),
);

builder.subscriptionField('checkoutSession', (t) =>
  t.field({
    type: CheckoutSessionRef,
    description:
      "The session now, then again after every status change, as read then (changes made by any instance arrive; a status left before it could be read, such as a brief `processing`, is not pushed). Completes after the first final status, which is always pushed: `paid` or `expired` (no status follows these; `needs_review` is followed by `paid` or `open` once the merchant resolves it). Public; the owner's key adds the private fields.",
    authScopes: { optionalRead: 'checkout_sessions' },
    // Checked before the topic named after the id is listened to (a NUL byte once reached the database there).
    args: {
      id: t.arg.id({
        required: true,
        description: 'The id of the checkout session to follow.',
        validate: { schema: idShape(CHECKOUT_SESSION_ID, 'checkout session') },
      }),
    },
    subscribe: (_r, { id }, ctx) => followStatus(ctx, checkoutSessionTopic(id), (auth) => ctx.services.checkout.get(id, auth), FINAL_SESSION_STATUSES),
    resolve: (v) => v,
  }),
);
