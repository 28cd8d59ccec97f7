/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What `acceptCheckoutSessionReview` takes. */
export type AcceptCheckoutSessionReviewInput = {
  /** The session in `needs_review`. */
  id: string;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** Why (1-500 characters): kept in `reviews` and sent in the event. */
  note: string;
  /** The payment to accept (one of the session's `payments`, `rejected`); default: the most recent rejected payment that delivered funds. */
  paymentId?: string | null | undefined;
};

/** A new partner. `fee` partners take `feeBps` (at most `maxFeeBps`); `label` partners take none. */
export type AdminCreatePartnerInput = {
  /** The account it belongs to (at most one partner per account); omitted: none yet. */
  accountId?: string | null | undefined;
  /** Default true; false: quotes ignore it. */
  active?: boolean | null | undefined;
  /** The fee in basis points (default 0): at most `maxFeeBps`. */
  feeBps?: number | null | undefined;
  /** Where fees on EVM chains are paid: a 0x-prefixed 20-byte address. */
  feeRecipientEvm?: string | null | undefined;
  /** Where fees on Solana are paid: a base58 address. */
  feeRecipientSvm?: string | null | undefined;
  /** The partner id, `^[a-z0-9-]{1,32}$`: the `integrator` value quotes name. Never changes. */
  id: string;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** Whether it takes a fee. */
  kind: PartnerKind;
  /** The name shown for the partner (1 to 100 characters). */
  label: string;
  /** The bound (default 0): the partner's own account may set its fee up to it. */
  maxFeeBps?: number | null | undefined;
};

/** The partner to deactivate. */
export type AdminDeactivatePartnerInput = {
  /** The partner id. */
  id: string;
};

/** The partner and the API key to link to it. */
export type AdminLinkPartnerKeyInput = {
  /** The key: one of the partner's account's (the first key gives a partner without one its account). */
  apiKeyId: string;
  /** The partner id. */
  id: string;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
};

/** The account and whether its live mode is on. */
export type AdminSetAccountLiveModeInput = {
  /** true: its live keys work and the dashboard may switch to live. false: live keys are FORBIDDEN, dashboard sessions in live fall back to test. */
  enabled: boolean;
  /** The account id. */
  id: string;
};

/** The account and its rate-limit multiplier. */
export type AdminSetAccountRateLimitInput = {
  /** The account id. */
  id: string;
  /** Multiplies every rate-limit bucket of the account's keys and sessions, 0.1 to 100; null: back to the defaults. Required. */
  multiplier?: number | null | undefined;
};

/** The account to suspend and why. */
export type AdminSuspendAccountInput = {
  /** The account id. */
  id: string;
  /** Why, 1 to 500 characters: kept for the operator, never shown to the merchant. */
  reason: string;
};

/** The partner and the API key to unlink from it. */
export type AdminUnlinkPartnerKeyInput = {
  /** The linked key. */
  apiKeyId: string;
  /** The partner id. */
  id: string;
};

/** The account whose suspension to lift. */
export type AdminUnsuspendAccountInput = {
  /** The account id. */
  id: string;
};

/** The fields to change; fields left out keep their value. The partner they leave must keep the fee rules. */
export type AdminUpdatePartnerInput = {
  /** Gives the partner to this account; null takes it from its account. */
  accountId?: string | null | undefined;
  /** false deactivates the partner; true reactivates it. */
  active?: boolean | null | undefined;
  /** The fee in basis points: at most `maxFeeBps`. */
  feeBps?: number | null | undefined;
  /** Where fees on EVM chains are paid; null clears it. */
  feeRecipientEvm?: string | null | undefined;
  /** Where fees on Solana are paid; null clears it. */
  feeRecipientSvm?: string | null | undefined;
  /** The partner to change. */
  id: string;
  /** Whether it takes a fee (a `label` partner must have fees 0). */
  kind?: PartnerKind | null | undefined;
  /** A new name (1 to 100 characters). */
  label?: string | null | undefined;
  /** The bound of the fee. */
  maxFeeBps?: number | null | undefined;
};

/** The unit of a billing period. */
export type BillingInterval =
  /** A day. */
  | 'day'
  /** A calendar month (month ends clamped). */
  | 'month'
  /** A week. */
  | 'week'
  /** A calendar year. */
  | 'year';

/** `requested` (canceled by the merchant), `period_end` (a cancel at period end took effect), `dunning` (7 days past an unpaid due date). */
export type BillingSubscriptionCancellationReason =
  /** Canceled 7 days after an unpaid due date. */
  | 'dunning'
  /** A cancel at period end took effect. */
  | 'period_end'
  /** Canceled by the merchant. */
  | 'requested';

/** What `billingSubscriptionLineItem` takes. */
export type BillingSubscriptionLineItemInput = {
  /** 1 to 500 characters. */
  description: string;
  /** 1 to 10000. */
  quantity: number;
  /** Integer string of settlement base units (no leading zeros; 0 for a free line). */
  unitAmount: string;
};

/** `trialing` → `active` (each period invoiced) ⇄ `past_due` (an invoice unpaid past its due date; paying it makes the subscription `active` again) → `canceled` (final: by the merchant, at the period end, or 7 days after an unpaid due date). */
export type BillingSubscriptionStatus =
  /** Invoiced every period; the latest invoice is paid or not yet due. */
  | 'active'
  /** Canceled (final): no more invoices. */
  | 'canceled'
  /** An invoice is unpaid past its due date: reminders go out; paying it makes the subscription active again. */
  | 'past_due'
  /** In its trial: nothing is invoiced yet. */
  | 'trialing';

/** Which quote to build. */
export type BuildOrderInput = {
  /** A `quoteId` from `quote`, before its `expiresAt`. */
  quoteId: string;
};

/** A named action the service expands to calls. `deposit` takes `vault`; `contractCall` takes `to`, `data` and (native output) `value`. */
export type CallsActionInput = {
  /** `contractCall`: the calldata (hex); it must credit `recipient` from a parameter. */
  data?: string | null | undefined;
  /** `contractCall`: the contract to call. */
  to?: string | null | undefined;
  /** Which action. */
  type: CallsActionType;
  /** Native output only: wei sent with the call (default all of `dstAmount`). */
  value?: string | null | undefined;
  /** `deposit`: the ERC-4626 vault whose asset is `dstToken`. */
  vault?: string | null | undefined;
};

/** `deposit`: into an ERC-4626 `vault`, shares to `recipient`. `contractCall`: one call to `to` with `data` (approved first for an ERC-20 output). */
export type CallsActionType =
  /** One call to `to` with `data`, after an approve of the output (ERC-20) or sending it as `value` (native). */
  | 'contractCall'
  /** Deposit the output into the ERC-4626 `vault`; the shares go to `recipient`. */
  | 'deposit';

/** `direct`: the settlement token sent on its chain. `routed`: paid through a quote (swap or bridge). */
export type CheckoutPaymentKind =
  /** The settlement token sent on its chain. */
  | 'direct'
  /** Paid through a quote: swapped or bridged to the settlement token. */
  | 'routed';

/** `direct_transfer`: the settlement token on its chain, no fee, carrying the session's evidence (tag or Solana Pay reference); sign `tx` (or build it with `buildOrder`) and report it with `reportOrderSubmitted` (or its alias `reportCheckoutPayment`; a signed Solana transfer can go to `submitCheckoutPayment`). `exact_output` and `input_search`: build the quote with `buildOrder`, report it with `reportOrderSubmitted`. */
export type CheckoutPaymentMethod =
  /** A plain transfer of the settlement token on its chain, with no fee. */
  | 'direct_transfer'
  /** A route quoted for exactly the amount due. */
  | 'exact_output'
  /** A route whose input was searched so that at least the amount due arrives. */
  | 'input_search';

/** `verifying` until the verifier settles it: `succeeded` (it paid the session), `failed` (nothing arrived) or `rejected` (funds arrived but a rule failed; see `reason`). */
export type CheckoutPaymentStatus =
  /** Nothing arrived (see `reason`): the payer may pay again. */
  | 'failed'
  /** Funds arrived but a rule failed (see `reason`): refund it or accept it in review. */
  | 'rejected'
  /** It paid the session. */
  | 'succeeded'
  /** Reported or seen; verification has not settled it yet. */
  | 'verifying';

/** The merchant's resolution of a session in `needs_review`: `accept` (the payment under review paid it) or `reopen` (back to `open`). */
export type CheckoutReviewAction =
  /** The payment under review paid the session (→ `paid`). */
  | 'accept'
  /** The session takes payments again (→ `open`). */
  | 'reopen';

/** What `checkoutSessionQuote` takes. */
export type CheckoutSessionQuoteInput = {
  /** The payer's address on `srcChain`. */
  sender: string;
  /** The session to pay. */
  sessionId: string;
  /** Chain id or slug the payer pays from. */
  srcChain: string;
  /** The token the payer sends: address, mint or curated symbol. */
  srcToken: string;
};

/** `open` → `processing` (a payment is being verified) → `paid`; back to `open` when the payment failed; `needs_review` when funds moved but a rule failed, until the merchant accepts the payment (→ `paid`) or reopens the session (→ `open`); `expired`. `paid` and `expired` are final. */
export type CheckoutSessionStatus =
  /** Expired unpaid (final): start a new session to be paid. */
  | 'expired'
  /** Funds moved but a verification rule failed: the merchant accepts the payment or reopens the session. */
  | 'needs_review'
  /** Waiting for a payment: the payer can pay. */
  | 'open'
  /** Paid (final): fulfil the order. */
  | 'paid'
  /** A payment arrived and is being verified: show progress, do not ask to pay again. */
  | 'processing';

/** `awaiting_deposit` until a deposit arrives at the address (`deposit_received`); `disabled` when the address takes no more. The session's own status tells the rest. */
export type CheckoutTransferStatus =
  /** Waiting for the transfer: show the address and amount. */
  | 'awaiting_deposit'
  /** A deposit arrived: follow the session for the rest. */
  | 'deposit_received'
  /** The address takes no more deposits (the session was paid or closed). */
  | 'disabled';

/** Why a payment (or a refund transfer) did not verify; `reasonMessage` / `message` explain it in words. */
export type CheckoutVerificationReason =
  /** The chain did not report when the transaction was included. */
  | 'block_time_unknown'
  /** The route did not show a delivery on the settlement chain in time. */
  | 'delivery_not_seen'
  /** The transaction was mined before the session was created. */
  | 'mined_before_session'
  /** The transaction does not carry this session's evidence (its tag or reference with a transfer to the recipient, or a transaction built for it): it was not made to pay this session. */
  | 'no_session_evidence'
  /** The transaction contains no transfer of the settlement token to the recipient. */
  | 'no_settlement_transfer'
  /** The payment route failed; the provider did not deliver. */
  | 'route_failed'
  /** The payment route was refunded to the payer. */
  | 'route_refunded'
  /** The transfer did not come from the reported payer. */
  | 'sender_mismatch'
  /** The session had already been paid by another payment; this one is extra. */
  | 'session_already_paid'
  /** The session had expired when this payment was verified; the funds arrived, the session was not paid. */
  | 'session_expired'
  /** The delivering transaction already paid another session. */
  | 'tx_already_used'
  /** The transaction was never seen on chain. */
  | 'tx_not_found'
  /** The transaction failed on chain. */
  | 'tx_reverted'
  /** The transfers of the settlement token to the recipient total less than the amount due. */
  | 'underpaid';

/** What `createBillingSubscription` takes. */
export type CreateBillingSubscriptionInput = {
  /** Where each period's invoice, reminders and receipts are emailed. */
  customerEmail: string;
  /** The customer's name, shown on invoices (1 to 200 characters). */
  customerName?: string | null | undefined;
  /** Days from a period start to its invoice due date (0 to 90, default 7). */
  daysUntilDue?: number | null | undefined;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** The unit of a billing period. */
  interval: BillingInterval;
  /** Intervals per period (default 1). */
  intervalCount?: number | null | undefined;
  /** 1 to 50 line items, billed every period. */
  lineItems: Array<BillingSubscriptionLineItemInput>;
  /** Shown on invoices and as the sender name of the emails. */
  merchantName?: string | null | undefined;
  /** Up to 20 string key-value pairs. */
  metadata?: unknown;
  /** The merchant's wallet on the settlement chain. */
  recipient: string;
  /** Where the customer's replies go. */
  replyTo?: string | null | undefined;
  /** Chain id or slug of a supported settlement pair. */
  settleChain: string;
  /** `USDC`, `USDT` or the token address/mint. */
  settleToken: string;
  /** When billing starts (default now); not in the past. */
  startAt?: string | null | undefined;
  /** Test mode: the test clock whose time the subscription lives in. */
  testClockId?: string | null | undefined;
  /** Days of trial before the first period (0 to 730). */
  trialDays?: number | null | undefined;
};

/** What `createCheckoutRefund` takes. */
export type CreateCheckoutRefundInput = {
  /** Settlement base units (no leading zeros, > 0); default: all that can still be refunded of that payment. */
  amount?: string | null | undefined;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** The payment to refund (one of the session's `payments`); default: the one that paid the session. */
  paymentId?: string | null | undefined;
  /** A note for your records. */
  reason?: string | null | undefined;
  /** The paid session to refund. */
  sessionId: string;
  /** Where the refund goes; default the payer's address. */
  to?: string | null | undefined;
};

/** What `createCheckoutSession` takes. */
export type CreateCheckoutSessionInput = {
  /** Integer string of settlement base units: no leading zeros, > 0, at most 2^256-1. */
  amount: string;
  /** Where the pay page sends a payer who cancels: an absolute http(s) URL. */
  cancelUrl?: string | null | undefined;
  /** What is paid for, shown to the payer (up to 1000 characters). */
  description?: string | null | undefined;
  /** 5 to 10080, default 60. */
  expiresInMinutes?: number | null | undefined;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** The merchant name shown to the payer (up to 100 characters). */
  merchantName?: string | null | undefined;
  /** Up to 20 string key-value pairs. */
  metadata?: unknown;
  /** The merchant's wallet on the settlement chain. */
  recipient: string;
  /** Your own reference (owner view only). */
  reference?: string | null | undefined;
  /** Chain id or slug of a supported settlement pair. */
  settleChain: string;
  /** `USDC`, `USDT` or the token address/mint. */
  settleToken: string;
  /** Where the pay page sends the payer after paying: an absolute http(s) URL. */
  successUrl?: string | null | undefined;
};

/** What `createCheckoutTransferAddress` takes. */
export type CreateCheckoutTransferAddressInput = {
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** The payer's own wallet on `srcChain`, where a failed deposit is refunded. */
  refundTo: string;
  /** The open session to pay by transfer. */
  sessionId: string;
  /** Chain id or slug the payer sends on. */
  srcChain: string;
  /** The token the payer sends (address, mint or curated symbol). */
  srcToken: string;
};

/** What `createDepositAddress` takes. */
export type CreateDepositAddressInput = {
  /** Base units; required when one-time, else it only sizes the estimate (default about 100 USD). Worth at least 1 USD. */
  amount?: string | null | undefined;
  /** Destination chain (id or slug). */
  dstChain: string;
  /** Token delivered to `recipient` (address, mint or curated symbol). */
  dstToken: string;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** A registered partner id (partner keys only). */
  integrator?: string | null | undefined;
  /** Partner keys only: the partner fee in bps, up to the partner's `maxFeeBps`. */
  integratorFeeBps?: number | null | undefined;
  /** Up to 64 characters; filterable. */
  label?: string | null | undefined;
  /** Up to 20 string pairs. */
  metadata?: unknown;
  /** Receiver on the destination chain. */
  recipient: string;
  /** Refund address on the source chain: the user's own wallet, never an exchange deposit address. */
  refundTo: string;
  /** Default true; false: a one-time address for exactly `amount`. */
  reusable?: boolean | null | undefined;
  /** Chain the deposits are sent on (id or slug). */
  srcChain: string;
  /** The only token to send (address, mint or curated symbol). */
  srcToken: string;
};

/** What `createInvoice` takes. */
export type CreateInvoiceInput = {
  /** Where the invoice and the receipt are emailed; without it sending opens the invoice but emails nothing. */
  customerEmail?: string | null | undefined;
  /** The customer's name, shown on the invoice (1 to 200 characters). */
  customerName?: string | null | undefined;
  /** Due time (a timestamp). Or give `dueOn`. */
  dueAt?: string | null | undefined;
  /** Due date `YYYY-MM-DD`, meaning the end of that day UTC. Or give `dueAt`. */
  dueOn?: string | null | undefined;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** 1 to 50 line items. */
  lineItems: Array<InvoiceLineItemInput>;
  /** Up to 1000 characters. */
  memo?: string | null | undefined;
  /** Shown on the page and as the sender name of the emails. */
  merchantName?: string | null | undefined;
  /** The merchant's wallet on the settlement chain. */
  recipient: string;
  /** Where the customer's replies go. */
  replyTo?: string | null | undefined;
  /** Send at once (numbered, emailed). */
  send?: boolean | null | undefined;
  /** Chain id or slug of a supported settlement pair. */
  settleChain: string;
  /** `USDC`, `USDT` or the token address/mint. */
  settleToken: string;
};

/** A new endpoint of the API key’s account and mode. */
export type CreateWebhookEndpointInput = {
  /** Your note about the endpoint (at most 500 characters). */
  description?: string | null | undefined;
  /** Create it disabled (default false). */
  disabled?: boolean | null | undefined;
  /** Event types, `prefix.*` patterns or `*` (default). */
  enabledEvents?: Array<string> | null | undefined;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** Live mode: https and a public host. Test mode: http(s), loopback allowed. */
  url: string;
};

/** `active` (deposits are detected and become orders) → `disabled` (final: tracking stopped; later deposits make no orders and no events). */
export type DepositAddressStatus =
  /** Deposits are detected and become orders. */
  | 'active'
  /** Tracking stopped (final): later deposits make no orders. */
  | 'disabled';

/** The deposit's order status: `submitted` (seen, being processed) → `filled`, `refunded` (to `refundTo`) or `failed`. */
export type DepositStatus =
  /** Failed: neither delivered nor refunded; the order tells what happened. */
  | 'failed'
  /** Delivered to the recipient. */
  | 'filled'
  /** Refunded to `refundTo`. */
  | 'refunded'
  /** Seen and being processed. */
  | 'submitted';

/** One call the provider's executor makes on the destination chain. */
export type DestinationCallInput = {
  /** Calldata (hex), at most 10,000 bytes. */
  data: string;
  /** Target contract. */
  to: string;
  /** Native value in wei (integer string), default 0. */
  value?: string | null | undefined;
};

/** Stable error codes, the same as the REST API's `error.code` (see /docs/errors). */
export type ErrorCode =
  /** The amount is above the maximum for this route. Split the amount or reduce it. */
  | 'AMOUNT_TOO_LARGE'
  /** The amount is below the minimum for this route or resource. Increase the amount. */
  | 'AMOUNT_TOO_SMALL'
  /** A destination call would revert in simulation; the message names the call and the revert reason. Fix the call data or targets. */
  | 'CALLS_REVERTED'
  /** The resource is not in a state that allows this action (for example editing a sent invoice or quoting a paid session). Or an idempotency key was already used with other parameters or for another operation, or its first request is still running (or was interrupted); the message says which. Read the resource again and act on its current state. For an idempotency key: use a new key for a new request; retry a running one a little later; after an interrupted one, check whether the resource changed before sending the request with a new key. */
  | 'CONFLICT'
  /** The credentials are valid but not allowed to do this: a live key before live mode is enabled, a test-only action with a live key, or a dashboard write from a foreign origin. Use a test key, or ask for live mode to be enabled. */
  | 'FORBIDDEN'
  /** An unexpected error on our side. Nothing about it is shown in the body; the request id lets us find it in our logs. Retry later; report the requestId if it persists. */
  | 'INTERNAL'
  /** A field is missing or malformed, an address is in the wrong format for its chain, or a value is out of range. The message names the field. Fix the named field and retry. */
  | 'INVALID_PARAMS'
  /** The path exists but not with this HTTP method. Use one of the methods in the Allow header. */
  | 'METHOD_NOT_ALLOWED'
  /** The resource does not exist, or belongs to another account or mode. Check the id and that the key has the same mode as the resource. */
  | 'NOT_FOUND'
  /** No provider supports the route, or every provider failed. The errors array of a quote response says why per provider. Try another token pair or amount, or retry later. */
  | 'NO_ROUTE'
  /** The provider does not know this order id or transaction hash (yet). Check the id; right after broadcasting, retry after a few seconds. */
  | 'ORDER_NOT_FOUND'
  /** The request body is larger than 1 MiB. Send a smaller body. */
  | 'PAYLOAD_TOO_LARGE'
  /** An upstream provider failed or rejected the request (also: a destination-call simulation could not run; a submitted transaction was rejected). Retry, or fetch a fresh quote and sign again. */
  | 'PROVIDER_ERROR'
  /** An upstream provider did not answer in time. Retry. */
  | 'PROVIDER_TIMEOUT'
  /** The quote is past its expiresAt. Fetch a fresh quote. */
  | 'QUOTE_EXPIRED'
  /** The quote id is unknown, was dropped (five minutes after expiry), or the provider can no longer build it. Fetch a fresh quote. */
  | 'QUOTE_NOT_FOUND'
  /** An upstream provider rate-limited the service, or the request rate limit was exceeded. Retry after a short delay with backoff; never in a tight loop. */
  | 'RATE_LIMITED'
  /** The service is shutting down or a dependency it needs is unavailable. Retry after a short delay. */
  | 'SERVICE_UNAVAILABLE'
  /** Only inside a quote response's `errors` (with `simulate: true`): this provider's built transaction would revert when sent from `sender`; the message gives the reason. Check the sender's balance and allowance, or pick another quote. */
  | 'SIMULATION_FAILED'
  /** No API key, session or operator token was sent, or it is unknown or revoked. Send a valid key in the x-api-key header. */
  | 'UNAUTHORIZED'
  /** The chain id or slug is unknown, or the route is not available. Use a chain from GET /v1/chains. */
  | 'UNSUPPORTED_CHAIN'
  /** The symbol is not on the curated list, or the address is not an ERC-20 contract or SPL mint. Pass the token address instead of a symbol, or check the address. */
  | 'UNSUPPORTED_TOKEN';

/** The open session to expire. */
export type ExpireCheckoutSessionInput = {
  /** The open session to expire. */
  id: string;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
};

/** Where a request comes from; each channel has its own service fee. */
export type FeeChannel =
  /** A server integration with an API key (the default with a key). */
  | 'api'
  /** A chat bot. */
  | 'bot'
  /** A web app of the service (the default without an API key). */
  | 'web'
  /** The embeddable widget. */
  | 'widget';

/** The invoice itself, the receipt after payment, or a reminder about a subscription invoice past its due date. */
export type InvoiceEmailKind =
  /** The invoice with its pay link. */
  | 'invoice'
  /** The receipt, after payment. */
  | 'receipt'
  /** A reminder about an unpaid subscription invoice. */
  | 'reminder';

/** `pending` (queued or being retried), `sent` (accepted by the SMTP server), `captured` (kept in the dev outbox: no SMTP configured), `failed` (given up after the last retry). */
export type InvoiceEmailStatus =
  /** Kept in the dev outbox (no mail server configured). */
  | 'captured'
  /** Given up after the last retry: check `lastError` and the address. */
  | 'failed'
  /** Queued or being retried. */
  | 'pending'
  /** Accepted by the mail server. */
  | 'sent';

/** What `invoiceLineItem` takes. */
export type InvoiceLineItemInput = {
  /** 1 to 500 characters. */
  description: string;
  /** 1 to 10000. */
  quantity: number;
  /** Integer string of settlement base units (no leading zeros; 0 for a free line). */
  unitAmount: string;
};

/** `draft` (editable, invisible to the customer) → `open` (sent, numbered, payable) → `paid`; `draft` or `open` → `void`. `paid` and `void` are final. */
export type InvoiceStatus =
  /** Editable and invisible to the customer: edit it, then send it. */
  | 'draft'
  /** Sent and payable: the customer pays it from its page. */
  | 'open'
  /** Paid (final): the receipt is sent. */
  | 'paid'
  /** Voided (final): it can no longer be paid. */
  | 'void';

/** What a team member may do in the account (the table is in docs/accounts.md). */
export type MemberRole =
  /** Everything, and the team except owners. */
  | 'admin'
  /** Builds the integration: keys, webhooks and payment objects; no refunds, partner fee settings or team changes. */
  | 'developer'
  /** Everything, including managing other owners. */
  | 'owner'
  /** Reads everything, changes nothing. */
  | 'viewer';

/** Test or live: every key, and everything it creates, belongs to one. */
export type Mode =
  /** Live mode: real payments on mainnets; needs an account with live mode enabled. */
  | 'live'
  /** Test mode: sandbox payments and sample events; nothing real moves through the service. */
  | 'test';

/** An order record: `submitted` until the provider settles it; `filled`, `refunded` and `failed` are final. */
export type OrderStatus =
  /** The provider gave up without delivering (final). */
  | 'failed'
  /** Delivered on the destination chain (final). */
  | 'filled'
  /** The provider returned the funds to the sender (final). */
  | 'refunded'
  /** The source transaction was reported; the provider is delivering. */
  | 'submitted';

/** Whether a partner takes a fee or only has volume attributed to it. */
export type PartnerKind =
  /** Takes `feeBps` on every quote attributed to it (up to `maxFeeBps` when its key asks). */
  | 'fee'
  /** Attribution only: volume is counted, no fee is taken. */
  | 'label';

/** What to swap or bridge: from `srcToken` on `srcChain` to `dstToken` on `dstChain`, `amount` in or `dstAmount` out. */
export type QuoteInput = {
  /** Exact input: source base units to send. */
  amount?: string | null | undefined;
  /** Fee channel; default `api` with a key, `web` without. */
  channel?: FeeChannel | null | undefined;
  /** Exact output: destination base units that must arrive. */
  dstAmount?: string | null | undefined;
  /** Chain id or slug. */
  dstChain: string;
  /** Address or mint (or a listed symbol) of the token to receive. */
  dstToken: string;
  /** Also deliver some native gas on the destination chain (cross-chain to EVM). */
  gasOnArrival?: boolean | null | undefined;
  /** 0.5 to 20 USD of destination gas. */
  gasOnArrivalUsd?: number | null | undefined;
  /** Partner id (`^[a-z0-9-]{1,32}$`); a malformed one is ignored. */
  integrator?: string | null | undefined;
  /** Partner keys only: the partner's fee in bps, up to its maximum. */
  integratorFeeBps?: number | null | undefined;
  /** Who receives `dstToken`, on the destination chain. */
  recipient: string;
  /** The wallet that signs and pays, on the source chain. */
  sender: string;
  /** Simulate each EVM quote's built transaction from `sender`; quotes that would revert move to `errors` (`SIMULATION_FAILED`). */
  simulate?: boolean | null | undefined;
  /** 1 to 5000, default 50. */
  slippageBps?: number | null | undefined;
  /** Chain id or slug. */
  srcChain: string;
  /** Address or mint (or a listed symbol). */
  srcToken: string;
  /** Default: from whichever of `amount` / `dstAmount` is sent. */
  tradeType?: TradeType | null | undefined;
  /** One-shot quotes only (0-60000): answer early. Every provider is waited for until `waitMs`; from then on the answer goes out once half of the providers asked have quoted, one fewer every `waitMs / 2`, down to one quote. Providers not waited for are canceled and named in `pending`. */
  waitMs?: number | null | undefined;
};

/** A quote request whose output is handed to destination calls: raw `calls` or a named `action`. */
export type QuoteWithCallsInput = {
  /** A named action (exclusive with `calls`). */
  action?: CallsActionInput | null | undefined;
  /** Raw calls, at most 8 (exclusive with `action`). */
  calls?: Array<DestinationCallInput> | null | undefined;
  /** The quote request; send `dstAmount` (what the calls receive), not `amount`. */
  quote: QuoteInput;
};

/** The event to send again, and optionally the one endpoint to send it to. */
export type RedeliverEventInput = {
  /** Only to this endpoint (it must be enabled); default every enabled endpoint subscribed to the event type. */
  endpointId?: string | null | undefined;
  /** The event. */
  id: string;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
};

/** The endpoint to send its failed events to again. */
export type RedeliverFailedEventsInput = {
  /** The endpoint (it must be enabled). */
  endpointId: string;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** At most this many events, oldest first; default and maximum 1,000. */
  limit?: number | null | undefined;
};

/** What `reopenCheckoutSession` takes. */
export type ReopenCheckoutSessionInput = {
  /** The payer gets at least this long from now to pay again (5-10080, default 60); a later `expiresAt` is kept. */
  expiresInMinutes?: number | null | undefined;
  /** The session in `needs_review`. */
  id: string;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** Why (1-500 characters): kept in `reviews` and sent in the event. */
  note: string;
};

/** What `reportCheckoutPayment` takes. */
export type ReportCheckoutPaymentInput = {
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** The address that sent it. */
  payer: string;
  /** The session the transfer pays. */
  sessionId: string;
  /** Hash (EVM) or signature (Solana) of the transfer. */
  txHash: string;
};

/** A source transaction the wallet sent for a quote. */
export type ReportOrderSubmittedInput = {
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** The quote the transaction executes. */
  quoteId: string;
  /** The source transaction hash (or signature). */
  txHash: string;
};

/** What a key or a role may do with one resource: nothing, read it, or read and change it. */
export type ScopeLevel =
  /** Nothing: requests on the resource are FORBIDDEN. */
  | 'none'
  /** Read it. */
  | 'read'
  /** Read and change it (write includes read). */
  | 'write';

/** What `simulateCheckoutTransfer` takes. */
export type SimulateCheckoutTransferInput = {
  /** The address `createCheckoutTransferAddress` answered (test mode). */
  depositAddressId: string;
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** The test-mode session the transfer pays. */
  sessionId: string;
};

/** What `submitCheckoutPayment` takes. */
export type SubmitCheckoutPaymentInput = {
  /** Optional, 1 to 255 visible ASCII characters (a UUID is a good key). Send the same key when you retry this mutation after a timeout or a dropped connection: it is run once, and for 24 hours a retry with the same key and the same input gets the first result again (same ids) instead of running again. The same key with another input or on another mutation is a ConflictError, as is a retry while the first request is still running. Keys are scoped to the API key's account and mode (without an API key, a key only replays the identical input). */
  idempotencyKey?: string | null | undefined;
  /** The fee payer and signer of the transaction (base58). */
  payer: string;
  /** The Solana-settled session the transfer pays. */
  sessionId: string;
  /** Base64 serialized Solana transaction, signed by `payer` (its fee payer). */
  signedTransaction: string;
};

/** `ready`, or `advancing` while an advance runs. */
export type TestClockStatus =
  /** An advance is running: wait for it before advancing again. */
  | 'advancing'
  /** Idle: it can be advanced. */
  | 'ready';

/** `EXACT_INPUT`: `amount` is what is sent. `EXACT_OUTPUT`: `dstAmount` is what must arrive. */
export type TradeType =
  /** The sender pays exactly `amount`; what arrives varies within the slippage. */
  | 'EXACT_INPUT'
  /** Exactly `dstAmount` must arrive; the quote says what the sender pays. */
  | 'EXACT_OUTPUT';

/** Drafts only. Omitted fields keep their value; null clears an optional one. */
export type UpdateInvoiceInput = {
  /** Where the invoice and the receipt are emailed; without it sending opens the invoice but emails nothing. */
  customerEmail?: string | null | undefined;
  /** The customer's name, shown on the invoice (1 to 200 characters). */
  customerName?: string | null | undefined;
  /** Due time (a timestamp). Or give `dueOn`. */
  dueAt?: string | null | undefined;
  /** Due date `YYYY-MM-DD`, meaning the end of that day UTC. Or give `dueAt`. */
  dueOn?: string | null | undefined;
  /** The draft to edit. */
  id: string;
  /** 1 to 50 line items. */
  lineItems?: Array<InvoiceLineItemInput> | null | undefined;
  /** Up to 1000 characters. */
  memo?: string | null | undefined;
  /** Shown on the page and as the sender name of the emails. */
  merchantName?: string | null | undefined;
  /** The merchant's wallet on the settlement chain. */
  recipient?: string | null | undefined;
  /** Where the customer's replies go. */
  replyTo?: string | null | undefined;
  /** Chain id or slug of a supported settlement pair. */
  settleChain?: string | null | undefined;
  /** `USDC`, `USDT` or the token address/mint. */
  settleToken?: string | null | undefined;
};

/** Fields left out (or null) are unchanged, except `description: null`, which clears it. */
export type UpdateWebhookEndpointInput = {
  /** A new note; null clears it. */
  description?: string | null | undefined;
  /** Disabling cancels the pending deliveries; enabling starts afresh. */
  disabled?: boolean | null | undefined;
  /** New event types, `prefix.*` patterns or `*`. */
  enabledEvents?: Array<string> | null | undefined;
  /** The endpoint to change. */
  id: string;
  /** A new URL (same rules as on create). */
  url?: string | null | undefined;
};

/** Virtual machine family of a chain: it decides the address format and how transactions are signed. */
export type Vm =
  /** Ethereum and EVM chains: 0x hex addresses, transactions signed by an EVM wallet. */
  | 'evm'
  /** Solana: base58 addresses and mints, versioned transactions. */
  | 'svm';

/** The kind of wallet: an EVM account (Sign-In with Ethereum) or a Solana account (Sign-In With Solana). */
export type WalletChainType =
  /** An EVM address (EIP-4361 sign-in). */
  | 'evm'
  /** A Solana public key (the same message format). */
  | 'solana';

/** `auto`: queued when the event was recorded. `manual`: queued by `redeliverEvent`. */
export type WebhookDeliveryOrigin =
  /** Queued when the event was recorded. */
  | 'auto'
  /** Queued by `redeliverEvent`. */
  | 'manual';

/** `pending` (see `nextAttemptAt`) until `succeeded`, `failed` (retries exhausted, or the receiver answered 410) or `canceled` (the endpoint was disabled). */
export type WebhookDeliveryStatus =
  /** The endpoint was disabled before it succeeded (final). */
  | 'canceled'
  /** Retries exhausted, or the endpoint answered 410 Gone (final). */
  | 'failed'
  /** Waiting for its next attempt (`nextAttemptAt`). */
  | 'pending'
  /** The endpoint answered 2xx (final). */
  | 'succeeded';

export type AdminTestAccountQueryVariables = Exact<{
  id: string;
  q?: string | null | undefined;
}>;


export type AdminTestAccountQuery = { adminAccount: { id: string, liveEnabled: boolean, rateLimitMultiplier: number | null, partnerId: string | null, suspension: { suspendedAt: string, reason: string } | null, members: { totalCount: number, nodes: Array<{ address: string, chainType: WalletChainType, role: MemberRole }> }, apiKeys: { totalCount: number, nodes: Array<{ id: string, prefix: string, mode: Mode, lastUsedAt: string | null, scopes: { checkoutSessions: ScopeLevel } | null }> } } | null, adminAccounts: { nodes: Array<{ id: string, partnerId: string | null }>, pageInfo: { hasNextPage: boolean } } };

export type AdminTestSuspendMutationVariables = Exact<{
  input: AdminSuspendAccountInput;
}>;


export type AdminTestSuspendMutation = { adminSuspendAccount:
    | { __typename: 'AdminSuspendAccountPayload', account: { id: string, suspension: { reason: string } | null } }
    | { __typename: 'NotFoundError', code: ErrorCode }
   };

export type AdminTestUnsuspendMutationVariables = Exact<{
  input: AdminUnsuspendAccountInput;
}>;


export type AdminTestUnsuspendMutation = { adminUnsuspendAccount:
    | { __typename: 'AdminUnsuspendAccountPayload', account: { suspension: { reason: string } | null } }
    | { __typename: 'NotFoundError', code: ErrorCode }
   };

export type AdminTestRateLimitMutationVariables = Exact<{
  input: AdminSetAccountRateLimitInput;
}>;


export type AdminTestRateLimitMutation = { adminSetAccountRateLimit:
    | { __typename: 'AdminSetAccountRateLimitPayload', account: { rateLimitMultiplier: number | null } }
    | { __typename: 'NotFoundError', code: ErrorCode }
   };

export type AdminTestLiveModeMutationVariables = Exact<{
  input: AdminSetAccountLiveModeInput;
}>;


export type AdminTestLiveModeMutation = { adminSetAccountLiveMode:
    | { __typename: 'AdminSetAccountLiveModePayload', account: { liveEnabled: boolean } }
    | { __typename: 'NotFoundError', code: ErrorCode }
   };

export type AdminTestViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminTestViewerQuery = { viewer: { accountId: string } };

export type AdminTestCreatePartnerMutationVariables = Exact<{
  input: AdminCreatePartnerInput;
}>;


export type AdminTestCreatePartnerMutation = { adminCreatePartner:
    | { __typename: 'AdminCreatePartnerPayload', partner: { id: string, kind: PartnerKind, feeBps: number, maxFeeBps: number, accountId: string | null, apiKeyIds: Array<string>, active: boolean } }
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type AdminTestUpdatePartnerMutationVariables = Exact<{
  input: AdminUpdatePartnerInput;
}>;


export type AdminTestUpdatePartnerMutation = { adminUpdatePartner:
    | { __typename: 'AdminUpdatePartnerPayload', partner: { id: string, feeBps: number, maxFeeBps: number, feeRecipientEvm: string | null, active: boolean } }
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type AdminTestLinkPartnerKeyMutationVariables = Exact<{
  input: AdminLinkPartnerKeyInput;
}>;


export type AdminTestLinkPartnerKeyMutation = { adminLinkPartnerKey:
    | { __typename: 'AdminLinkPartnerKeyPayload', partner: { id: string, accountId: string | null, apiKeyIds: Array<string> } }
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type AdminTestUnlinkPartnerKeyMutationVariables = Exact<{
  input: AdminUnlinkPartnerKeyInput;
}>;


export type AdminTestUnlinkPartnerKeyMutation = { adminUnlinkPartnerKey:
    | { __typename: 'AdminUnlinkPartnerKeyPayload', partner: { apiKeyIds: Array<string> } }
    | { __typename: 'NotFoundError', code: ErrorCode }
   };

export type AdminTestDeactivatePartnerMutationVariables = Exact<{
  input: AdminDeactivatePartnerInput;
}>;


export type AdminTestDeactivatePartnerMutation = { adminDeactivatePartner:
    | { __typename: 'AdminDeactivatePartnerPayload', partner: { active: boolean } }
    | { __typename: 'NotFoundError', code: ErrorCode }
   };

export type AdminTestPartnersQueryVariables = Exact<{
  id: string;
}>;


export type AdminTestPartnersQuery = { adminPartners: { totalCount: number, nodes: Array<{ id: string }> }, adminPartner: { id: string, label: string, kind: PartnerKind, apiKeyIds: Array<string> } | null, missing: { id: string } | null };

export type WalletScreenQueryVariables = Exact<{
  owner: string;
  chain: string;
  balanceChains?: Array<string> | string | null | undefined;
}>;


export type WalletScreenQuery = { chains: { totalCount: number, nodes: Array<{ id: number, slug: string, name: string, vm: Vm, logoURI: string | null, popular: boolean }> }, tokens: { nodes: Array<{ address: string, symbol: string, decimals: number, logoURI: string | null, priceUsd: number | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } }, balances: { totalUsd: number, balances: { totalCount: number, nodes: Array<{ chainId: number, address: string, symbol: string, decimals: number, amount: string, priceUsd: number | null, valueUsd: number | null }> }, errors: Array<{ chainId: number, message: string }> } };

export type TokenPageQueryVariables = Exact<{
  chain: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type TokenPageQuery = { tokens: { edges: Array<{ cursor: string, node: { symbol: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type TwoMintsQueryVariables = Exact<{
  a: string;
  b: string;
}>;


export type TwoMintsQuery = { a: { symbol: string, decimals: number, verified: boolean } | null, b: { symbol: string, decimals: number } | null };

export type ChainByRefQueryVariables = Exact<{
  ref: string;
}>;


export type ChainByRefQuery = { chain: { slug: string, vm: Vm } | null };

export type SearchAndLookUpQueryVariables = Exact<{
  q: string;
  mint: string;
}>;


export type SearchAndLookUpQuery = { tokens: { nodes: Array<{ symbol: string, priceUsd: number | null }> }, token: { symbol: string, decimals: number, verified: boolean } | null };

export type ReviewAcceptMutationVariables = Exact<{
  input: AcceptCheckoutSessionReviewInput;
}>;


export type ReviewAcceptMutation = { acceptCheckoutSessionReview:
    | { __typename: 'AcceptCheckoutSessionReviewPayload', checkoutSession: { id: string, status: CheckoutSessionStatus, amountReceived: string | null, review: { reason: CheckoutVerificationReason } | null, payments: { nodes: Array<{ id: string, status: CheckoutPaymentStatus, reason: CheckoutVerificationReason | null }> } | null, reviews: { totalCount: number, nodes: Array<{ id: string, action: CheckoutReviewAction, note: string, paymentId: string | null, reviewReason: CheckoutVerificationReason | null, paymentReason: CheckoutVerificationReason | null, apiKeyId: string, fromStatus: CheckoutSessionStatus, toStatus: CheckoutSessionStatus, createdAt: string, payment: { id: string, status: CheckoutPaymentStatus } | null }> } | null } }
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type ReviewReopenMutationVariables = Exact<{
  input: ReopenCheckoutSessionInput;
}>;


export type ReviewReopenMutation = { reopenCheckoutSession:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'ReopenCheckoutSessionPayload', checkoutSession: { id: string, status: CheckoutSessionStatus, expiresAt: string, reviews: { nodes: Array<{ action: CheckoutReviewAction, note: string, toStatus: CheckoutSessionStatus }> } | null } }
   };

export type ReviewReadQueryVariables = Exact<{
  id: string;
}>;


export type ReviewReadQuery = { checkoutSession: { id: string, status: CheckoutSessionStatus, reviews: { totalCount: number, nodes: Array<{ action: CheckoutReviewAction, note: string }> } | null } | null };

export type HealthQueryVariables = Exact<{ [key: string]: never; }>;


export type HealthQuery = { health: { ok: boolean, providers: Array<string> } };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { accountId: string, accountName: string, accountCreatedAt: string, mode: Mode, liveEnabled: boolean, apiKeys: { totalCount: number, nodes: Array<{ id: string, mode: Mode, prefix: string, createdAt: string, revokedAt: string | null }> } } };

export type RevokeApiKeyMutationVariables = Exact<{
  id: string;
}>;


export type RevokeApiKeyMutation = { revokeApiKey:
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'RevokeApiKeyPayload', apiKey: { id: string, revokedAt: string | null } }
   };

export type CreateClockMutationVariables = Exact<{
  at: string;
}>;


export type CreateClockMutation = { createTestClock:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'CreateTestClockPayload', testClock: { id: string, frozenAt: string, status: TestClockStatus, livemode: boolean } }
   };

export type CreateSubMutationVariables = Exact<{
  input: CreateBillingSubscriptionInput;
}>;


export type CreateSubMutation = { createBillingSubscription:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'CreateBillingSubscriptionPayload', billingSubscription: { id: string, status: BillingSubscriptionStatus, interval: BillingInterval, currentPeriodIndex: number | null, nextInvoiceAt: string | null, latestInvoice: { id: string, number: string | null, status: InvoiceStatus, dueAt: string | null } | null } }
   };

export type AdvanceClockMutationVariables = Exact<{
  id: string;
  at: string;
}>;


export type AdvanceClockMutation = { advanceTestClock:
    | { __typename: 'AdvanceTestClockPayload', testClock: { id: string, frozenAt: string, status: TestClockStatus } }
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type SandboxPayMutationVariables = Exact<{
  id: string;
}>;


export type SandboxPayMutation = { payInvoiceInSandbox:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'PayInvoiceInSandboxPayload', invoice: { id: string, status: InvoiceStatus, customerEmail: string | null } }
   };

export type CancelSubMutationVariables = Exact<{
  id: string;
  atPeriodEnd?: boolean | null | undefined;
}>;


export type CancelSubMutation = { cancelBillingSubscription:
    | { __typename: 'CancelBillingSubscriptionPayload', billingSubscription: { id: string, status: BillingSubscriptionStatus, cancelAtPeriodEnd: boolean, cancellationReason: BillingSubscriptionCancellationReason | null } }
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type ResumeSubMutationVariables = Exact<{
  id: string;
}>;


export type ResumeSubMutation = { resumeBillingSubscription:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'ResumeBillingSubscriptionPayload', billingSubscription: { id: string, cancelAtPeriodEnd: boolean } }
   };

export type ReadSubQueryVariables = Exact<{
  id: string;
}>;


export type ReadSubQuery = { billingSubscription: { id: string, status: BillingSubscriptionStatus, periods: { nodes: Array<{ index: number, dueAt: string, paidAt: string | null, pastDueAt: string | null, remindersSentAt: Array<string>, invoice: { id: string, status: InvoiceStatus } | null }> } } | null, billingSubscriptions: { nodes: Array<{ id: string }> } };

export type SubEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type SubEventsQuery = { events: { nodes: Array<{ type: string, resourceId: string, resource:
        | { __typename: 'BillingSubscription', id: string, status: BillingSubscriptionStatus }
        | { __typename: 'CheckoutSession' }
        | { __typename: 'Invoice' }
        | { __typename: 'Order' }
        | { __typename: 'WebhookEndpoint' }
       | null }> } };

export type WatchSubSubscriptionVariables = Exact<{
  id: string;
}>;


export type WatchSubSubscription = { billingSubscription: { id: string, status: BillingSubscriptionStatus } };

export type TransferCreateSessionMutationVariables = Exact<{
  input: CreateCheckoutSessionInput;
}>;


export type TransferCreateSessionMutation = { createCheckoutSession:
    | { checkoutSession: { id: string } }
    | Record<PropertyKey, never>
   };

export type TransferAddressMutationVariables = Exact<{
  input: CreateCheckoutTransferAddressInput;
}>;


export type TransferAddressMutation = { createCheckoutTransferAddress:
    | { __typename: 'ConflictError', code: ErrorCode }
    | { __typename: 'CreateCheckoutTransferAddressPayload', transfer: { sessionId: string, depositAddressId: string, address: string, chainId: number, token: string, tokenSymbol: string, amount: string, amountDue: string, uri: string, livemode: boolean, status: CheckoutTransferStatus, refundTo: string, fees: { ourFeeBps: number, integratorFeeBps: number } } }
    | { __typename: 'NotFoundError', code: ErrorCode }
   };

export type SimulateTransferMutationVariables = Exact<{
  input: SimulateCheckoutTransferInput;
}>;


export type SimulateTransferMutation = { simulateCheckoutTransfer:
    | { __typename: 'ConflictError', code: ErrorCode }
    | { __typename: 'NotFoundError', code: ErrorCode }
    | { __typename: 'SimulateCheckoutTransferPayload', checkoutSession: { id: string, status: CheckoutSessionStatus } }
   };

export type TransferSessionStatusQueryVariables = Exact<{
  id: string;
}>;


export type TransferSessionStatusQuery = { checkoutSession: { status: CheckoutSessionStatus, amountReceived: string | null, payments: { nodes: Array<{ kind: CheckoutPaymentKind, status: CheckoutPaymentStatus }> } | null } | null };

export type TransferExpireMutationVariables = Exact<{
  id: string;
}>;


export type TransferExpireMutation = { expireCheckoutSession:
    | { __typename: 'ConflictError' }
    | { __typename: 'ExpireCheckoutSessionPayload' }
    | { __typename: 'NotFoundError' }
   };

export type CreateSessionMutationVariables = Exact<{
  input: CreateCheckoutSessionInput;
}>;


export type CreateSessionMutation = { createCheckoutSession:
    | { checkoutSession: { id: string, status: CheckoutSessionStatus, amount: string, url: string, reference: string | null, createdAt: string, expiresAt: string, settlement: { chainId: number, symbol: string, decimals: number } } }
    | Record<PropertyKey, never>
   };

export type ReadSessionQueryVariables = Exact<{
  id: string;
}>;


export type ReadSessionQuery = { checkoutSession: { id: string, status: CheckoutSessionStatus, reference: string | null, metadata: unknown, payments: { totalCount: number, nodes: Array<{ id: string, status: CheckoutPaymentStatus, kind: CheckoutPaymentKind }> } | null, refunds: { totalCount: number } | null } | null };

export type ListSessionsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: CheckoutSessionStatus | null | undefined;
}>;


export type ListSessionsQuery = { checkoutSessions: { edges: Array<{ cursor: string, node: { id: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RefundMutationVariables = Exact<{
  input: CreateCheckoutRefundInput;
}>;


export type RefundMutation = { createCheckoutRefund:
    | { __typename: 'AmountTooLargeError', code: ErrorCode, message: string }
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'CreateCheckoutRefundPayload', refund: { id: string } }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type ExpireMutationVariables = Exact<{
  id: string;
}>;


export type ExpireMutation = { expireCheckoutSession:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'ExpireCheckoutSessionPayload', checkoutSession: { id: string, status: CheckoutSessionStatus } }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type ReportPaymentMutationVariables = Exact<{
  input: ReportCheckoutPaymentInput;
}>;


export type ReportPaymentMutation = { reportCheckoutPayment:
    | { __typename: 'ConflictError', code: ErrorCode }
    | { __typename: 'NotFoundError', code: ErrorCode }
    | { __typename: 'ReportCheckoutPaymentPayload', checkoutSession: { status: CheckoutSessionStatus } }
   };

export type SubmitPaymentMutationVariables = Exact<{
  input: SubmitCheckoutPaymentInput;
}>;


export type SubmitPaymentMutation = { submitCheckoutPayment:
    | { __typename: 'ConflictError', code: ErrorCode }
    | { __typename: 'NotFoundError', code: ErrorCode }
    | { __typename: 'SubmitCheckoutPaymentPayload', checkoutSession: { status: CheckoutSessionStatus } }
   };

export type PayerQuoteQueryVariables = Exact<{
  input: CheckoutSessionQuoteInput;
}>;


export type PayerQuoteQuery = { checkoutSessionQuote:
    | { __typename: 'AmountTooLargeError', code: ErrorCode }
    | { __typename: 'AmountTooSmallError', code: ErrorCode }
    | { __typename: 'CheckoutPayerQuoteResponse', amountDue: string }
    | { __typename: 'ConflictError', code: ErrorCode }
    | { __typename: 'NoRouteError', code: ErrorCode }
    | { __typename: 'NotFoundError', code: ErrorCode }
   };

export type DirectQuoteQueryVariables = Exact<{
  input: CheckoutSessionQuoteInput;
}>;


export type DirectQuoteQuery = { checkoutSessionQuote:
    | { __typename: 'AmountTooLargeError' }
    | { __typename: 'AmountTooSmallError' }
    | { __typename: 'CheckoutPayerQuoteResponse', direct: boolean, best: { method: CheckoutPaymentMethod, quoteId: string | null, provider: string, tx:
          | { __typename: 'EvmTx', to: string, data: string, value: string }
          | { __typename: 'SvmTx' }
         | null } }
    | { __typename: 'ConflictError' }
    | { __typename: 'NoRouteError' }
    | { __typename: 'NotFoundError' }
   };

export type BuildDirectMutationVariables = Exact<{
  input: BuildOrderInput;
}>;


export type BuildDirectMutation = { buildOrder:
    | { __typename: 'BuildOrderPayload', provider: string, tx:
        | { __typename: 'EvmTx', to: string, data: string, value: string }
        | { __typename: 'SvmTx' }
       }
    | { __typename: 'QuoteExpiredError' }
    | { __typename: 'QuoteNotFoundError' }
   };

export type ReportDirectMutationVariables = Exact<{
  input: ReportOrderSubmittedInput;
}>;


export type ReportDirectMutation = { reportOrderSubmitted:
    | { __typename: 'ConflictError' }
    | { __typename: 'QuoteNotFoundError' }
    | { __typename: 'ReportOrderSubmittedPayload', order: { quoteId: string, provider: string, status: OrderStatus, checkoutSessionId: string | null } }
   };

export type SessionEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type SessionEventsQuery = { events: { nodes: Array<{ type: string, resourceId: string, resource:
        | { __typename: 'BillingSubscription' }
        | { __typename: 'CheckoutSession', id: string, status: CheckoutSessionStatus, reference: string | null }
        | { __typename: 'Invoice' }
        | { __typename: 'Order' }
        | { __typename: 'WebhookEndpoint' }
       | null }> } };

export type WatchSessionSubscriptionVariables = Exact<{
  id: string;
}>;


export type WatchSessionSubscription = { checkoutSession: { id: string, status: CheckoutSessionStatus } };

export type CreateDepositAddressMutationVariables = Exact<{
  input: CreateDepositAddressInput;
}>;


export type CreateDepositAddressMutation = { createDepositAddress:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'CreateDepositAddressPayload', depositAddress: { id: string, status: DepositAddressStatus, provider: string, address: string, reusable: boolean, amount: string | null, label: string | null, metadata: unknown, depositCount: number, fees: { ourFeeBps: number, integratorFeeBps: number }, estimate: { amount: string, dstAmount: string } } }
   };

export type SimulateDepositMutationVariables = Exact<{
  id: string;
  amount: string;
}>;


export type SimulateDepositMutation = { simulateDeposit:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'SimulateDepositPayload', order: { quoteId: string, status: OrderStatus, depositAddressId: string | null, depositAddress: { id: string, label: string | null } | null } }
   };

export type DisableDepositAddressMutationVariables = Exact<{
  id: string;
}>;


export type DisableDepositAddressMutation = { disableDepositAddress:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'DisableDepositAddressPayload', depositAddress: { id: string, status: DepositAddressStatus, disabledAt: string | null } }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type WatchDepositAddressSubscriptionVariables = Exact<{
  id: string;
}>;


export type WatchDepositAddressSubscription = { depositAddress: { id: string, status: DepositAddressStatus, depositCount: number, deposits: { nodes: Array<{ quoteId: string, status: DepositStatus, amount: string }> } } };

export type DepositOrdersQueryVariables = Exact<{
  id: string;
}>;


export type DepositOrdersQuery = { orders: { nodes: Array<{ quoteId: string, status: OrderStatus, amount: string, depositAddressId: string | null }>, pageInfo: { hasNextPage: boolean } }, depositAddress: { id: string, depositCount: number, lastDepositAt: string | null, deposits: { totalCount: number, nodes: Array<{ quoteId: string, status: DepositStatus }> } } | null, depositAddresses: { nodes: Array<{ id: string }> } };

export type CreateInvoiceMutationVariables = Exact<{
  input: CreateInvoiceInput;
}>;


export type CreateInvoiceMutation = { createInvoice:
    | { __typename: 'ConflictError' }
    | { __typename: 'CreateInvoicePayload', invoice: { id: string, number: string | null, status: InvoiceStatus, amount: string, dueAt: string | null, url: string, customerEmail: string | null, recipient: string | null, lineItems: { totalCount: number, nodes: Array<{ description: string, quantity: number, unitAmount: string, amount: string }> }, settlement: { chainId: number, symbol: string } } }
   };

export type UpdateInvoiceMutationVariables = Exact<{
  input: UpdateInvoiceInput;
}>;


export type UpdateInvoiceMutation = { updateInvoice:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'UpdateInvoicePayload', invoice: { id: string, memo: string | null, dueAt: string | null, amount: string } }
   };

export type SendInvoiceMutationVariables = Exact<{
  id: string;
}>;


export type SendInvoiceMutation = { sendInvoice:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'SendInvoicePayload', invoice: { id: string, number: string | null, status: InvoiceStatus, sentAt: string | null, lastEmail: { kind: InvoiceEmailKind, status: InvoiceEmailStatus, to: string } | null } }
   };

export type VoidInvoiceMutationVariables = Exact<{
  id: string;
}>;


export type VoidInvoiceMutation = { voidInvoice:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'VoidInvoicePayload', invoice: { id: string, status: InvoiceStatus, voidedAt: string | null } }
   };

export type PayInvoiceMutationVariables = Exact<{
  id: string;
}>;


export type PayInvoiceMutation = { payInvoice:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'PayInvoicePayload', newSession: boolean, sessionId: string, url: string, checkoutSession: { id: string, invoiceId: string | null, description: string | null } | null }
   };

export type ReadInvoiceQueryVariables = Exact<{
  id: string;
}>;


export type ReadInvoiceQuery = { invoice: { id: string, status: InvoiceStatus, number: string | null, customerEmail: string | null, sessionId: string | null, checkoutSession: { id: string, status: CheckoutSessionStatus } | null } | null, publicInvoice: { id: string, status: InvoiceStatus, customerEmail: string | null, recipient: string | null, sessionId: string | null, lastEmail: { status: InvoiceEmailStatus } | null } | null };

export type ListInvoicesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: InvoiceStatus | null | undefined;
}>;


export type ListInvoicesQuery = { invoices: { edges: Array<{ cursor: string, node: { id: string, status: InvoiceStatus } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type InvoiceEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type InvoiceEventsQuery = { events: { nodes: Array<{ type: string, resourceId: string, resource:
        | { __typename: 'BillingSubscription' }
        | { __typename: 'CheckoutSession' }
        | { __typename: 'Invoice', id: string, status: InvoiceStatus, number: string | null }
        | { __typename: 'Order' }
        | { __typename: 'WebhookEndpoint' }
       | null }> } };

export type WatchInvoiceSubscriptionVariables = Exact<{
  id: string;
}>;


export type WatchInvoiceSubscription = { invoice: { id: string, status: InvoiceStatus, number: string | null } };

export type SessionEventsWithResourceSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type SessionEventsWithResourceSubscription = { events: { type: string, resource:
      | { id: string, status: CheckoutSessionStatus }
      | Record<PropertyKey, never>
     | null } };

export type SessionsAfterQueryVariables = Exact<{
  after?: string | null | undefined;
}>;


export type SessionsAfterQuery = { checkoutSessions: { nodes: Array<{ id: string }> } };

export type OrderLookupQueryVariables = Exact<{
  quoteId: string;
}>;


export type OrderLookupQuery = { order: { quoteId: string } | null };

export type ViewerKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerKeysQuery = { viewer: { mode: Mode, apiKeys: { totalCount: number, nodes: Array<{ id: string, mode: Mode }> } } };

export type RevokeKeyMutationVariables = Exact<{
  id: string;
}>;


export type RevokeKeyMutation = { revokeApiKey:
    | { __typename: 'NotFoundError', code: ErrorCode }
    | { __typename: 'RevokeApiKeyPayload', apiKey: { id: string, revokedAt: string | null } }
   };

export type CreateEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type CreateEndpointMutation = { createWebhookEndpoint:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'CreateWebhookEndpointPayload', webhookEndpoint: { id: string, url: string, enabledEvents: Array<string>, disabled: boolean, description: string | null, secret: string | null, livemode: boolean, previousSecretExpiresAt: string | null } }
   };

export type ListEndpointsQueryVariables = Exact<{ [key: string]: never; }>;


export type ListEndpointsQuery = { webhookEndpoints: { totalCount: number, nodes: Array<{ id: string, url: string, enabledEvents: Array<string>, disabled: boolean, description: string | null, secret: string | null, livemode: boolean, previousSecretExpiresAt: string | null }> } };

export type UpdateEndpointMutationVariables = Exact<{
  input: UpdateWebhookEndpointInput;
}>;


export type UpdateEndpointMutation = { updateWebhookEndpoint:
    | { code: ErrorCode }
    | { code: ErrorCode }
    | { webhookEndpoint: { description: string | null, enabledEvents: Array<string>, secret: string | null } }
   };

export type TriggerMutationVariables = Exact<{
  type: string;
}>;


export type TriggerMutation = { triggerWebhookEvent:
    | { event: { id: string, type: string, livemode: boolean, createdAt: string, resourceId: string, sequence: number, data: unknown } }
    | Record<PropertyKey, never>
   };

export type ReadEventQueryVariables = Exact<{
  id: string;
}>;


export type ReadEventQuery = { event: { id: string, deliveries: { totalCount: number, nodes: Array<{ endpointId: string, status: WebhookDeliveryStatus, attempts: number, origin: WebhookDeliveryOrigin, endpoint: { id: string, url: string } | null, event: { id: string } | null }> }, attempts: { nodes: Array<{ attempt: number, statusCode: number | null, success: boolean, responseBody: string | null, delivery: { status: WebhookDeliveryStatus } | null, endpoint: { id: string } | null }>, pageInfo: { hasNextPage: boolean } } } | null };

export type ListEventsQueryVariables = Exact<{
  type?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListEventsQuery = { events: { edges: Array<{ cursor: string, node: { id: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type RedeliverMutationVariables = Exact<{
  input: RedeliverEventInput;
}>;


export type RedeliverMutation = { redeliverEvent:
    | { __typename: 'ConflictError', code: ErrorCode }
    | { __typename: 'NotFoundError', code: ErrorCode }
    | { __typename: 'RedeliverEventPayload', deliveries: Array<{ endpointId: string, origin: WebhookDeliveryOrigin, status: WebhookDeliveryStatus }> }
   };

export type RotateMutationVariables = Exact<{
  id: string;
}>;


export type RotateMutation = { rotateWebhookEndpointSecret:
    | { webhookEndpoint: { secret: string | null, previousSecretExpiresAt: string | null } }
    | Record<PropertyKey, never>
   };

export type EndpointAttemptsQueryVariables = Exact<{
  id: string;
  after?: string | null | undefined;
}>;


export type EndpointAttemptsQuery = { webhookEndpoint: { attempts: { edges: Array<{ cursor: string, node: { id: string, attempt: number } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } | null };

export type LookUpsQueryVariables = Exact<{
  event: string;
  endpoint: string;
}>;


export type LookUpsQuery = { event: { id: string } | null, webhookEndpoint: { id: string } | null };

export type DeleteEndpointMutationVariables = Exact<{
  id: string;
}>;


export type DeleteEndpointMutation = { deleteWebhookEndpoint:
    | { __typename: 'DeleteWebhookEndpointPayload', deletedWebhookEndpointId: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type EventsPageQueryVariables = Exact<{ [key: string]: never; }>;


export type EventsPageQuery = { events: { pageInfo: { hasNextPage: boolean } } };

export type StreamEventsSubscriptionVariables = Exact<{
  types?: Array<string> | string | null | undefined;
}>;


export type StreamEventsSubscription = { events: { id: string, type: string, resourceId: string, sequence: number, data: unknown } };

export type IdemCreateSessionMutationVariables = Exact<{
  input: CreateCheckoutSessionInput;
}>;


export type IdemCreateSessionMutation = { createCheckoutSession:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'CreateCheckoutSessionPayload', checkoutSession: { id: string, status: CheckoutSessionStatus, amount: string, reference: string | null, metadata: unknown, createdAt: string, expiresAt: string, url: string, settlement: { chainId: number, token: string, symbol: string, decimals: number }, payments: { totalCount: number } | null } }
   };

export type IdemExpireSessionMutationVariables = Exact<{
  input: ExpireCheckoutSessionInput;
}>;


export type IdemExpireSessionMutation = { expireCheckoutSession:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'ExpireCheckoutSessionPayload', checkoutSession: { id: string, status: CheckoutSessionStatus } }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
   };

export type IdemCreateEndpointMutationVariables = Exact<{
  input: CreateWebhookEndpointInput;
}>;


export type IdemCreateEndpointMutation = { createWebhookEndpoint:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'CreateWebhookEndpointPayload', webhookEndpoint: { id: string, secret: string | null, url: string, createdAt: string } }
   };

export type IdemReportOrderMutationVariables = Exact<{
  input: ReportOrderSubmittedInput;
}>;


export type IdemReportOrderMutation = { reportOrderSubmitted:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'QuoteNotFoundError', code: ErrorCode, message: string }
    | { __typename: 'ReportOrderSubmittedPayload', order: { quoteId: string } }
   };

export type IdemEndpointsQueryVariables = Exact<{ [key: string]: never; }>;


export type IdemEndpointsQuery = { webhookEndpoints: { totalCount: number } };

export type BuildApprovalsMutationVariables = Exact<{
  quoteId: string;
}>;


export type BuildApprovalsMutation = { buildOrder:
    | { tx:
        | { approvalReset: { token: string, spender: string, amount: string } | null, approval: { amount: string } | null }
        | Record<PropertyKey, never>
       }
    | { code: ErrorCode, message: string }
    | { code: ErrorCode, message: string }
   };

export type QuoteWithCallsQueryVariables = Exact<{
  input: QuoteWithCallsInput;
}>;


export type QuoteWithCallsQuery = { quoteWithCalls:
    | { __typename: 'AmountTooLargeError' }
    | { __typename: 'AmountTooSmallError' }
    | { __typename: 'CallsRevertedError', code: ErrorCode, message: string }
    | { __typename: 'NoRouteError' }
    | { __typename: 'QuoteResponse', best: { provider: string, srcAmount: string, dstAmount: string, calls: unknown }, errors: Array<{ provider: string, code: ErrorCode }> }
   };

export type TwinQuotesQueryVariables = Exact<{
  input: QuoteInput;
}>;


export type TwinQuotesQuery = { a:
    | { __typename: 'AmountTooLargeError', code: ErrorCode, message: string, field: string | null }
    | { __typename: 'AmountTooSmallError' }
    | { __typename: 'NoRouteError' }
    | { __typename: 'QuoteResponse', best: { quoteId: string, provider: string, expiresAt: string, fees: { ourFeeBps: number } }, errors: Array<{ provider: string, code: ErrorCode }> }
  , b:
    | { __typename: 'AmountTooLargeError' }
    | { __typename: 'AmountTooSmallError' }
    | { __typename: 'NoRouteError' }
    | { __typename: 'QuoteResponse', best: { quoteId: string, provider: string } }
   };

export type SimulatedQuoteQueryVariables = Exact<{
  input: QuoteInput;
}>;


export type SimulatedQuoteQuery = { quote:
    | { __typename: 'AmountTooLargeError' }
    | { __typename: 'AmountTooSmallError' }
    | { __typename: 'NoRouteError', code: ErrorCode, message: string }
    | { __typename: 'QuoteResponse', best: { provider: string, simulatedGasUsed: string | null } }
   };

export type MisspeltStreamSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type MisspeltStreamSubscription = { events: { id: string } };

export type RedeliverFailedEventsTestMutationVariables = Exact<{
  input: RedeliverFailedEventsInput;
}>;


export type RedeliverFailedEventsTestMutation = { redeliverFailedEvents:
    | { __typename: 'ConflictError', code: ErrorCode, message: string }
    | { __typename: 'NotFoundError', code: ErrorCode, message: string }
    | { __typename: 'RedeliverFailedEventsPayload', queued: number, hasMore: boolean, webhookEndpoint: { id: string } | null }
   };


export const AdminTestAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminTestAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"q"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"liveEnabled"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitMultiplier"}},{"kind":"Field","name":{"kind":"Name","value":"suspension"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"suspendedAt"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"partnerId"}},{"kind":"Field","name":{"kind":"Name","value":"members"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"chainType"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSessions"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastUsedAt"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"adminAccounts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"q"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"partnerId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestAccountQuery, AdminTestAccountQueryVariables>;
export const AdminTestSuspendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestSuspend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminSuspendAccountInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminSuspendAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminSuspendAccountPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"suspension"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestSuspendMutation, AdminTestSuspendMutationVariables>;
export const AdminTestUnsuspendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestUnsuspend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUnsuspendAccountInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminUnsuspendAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUnsuspendAccountPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"suspension"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestUnsuspendMutation, AdminTestUnsuspendMutationVariables>;
export const AdminTestRateLimitDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestRateLimit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminSetAccountRateLimitInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminSetAccountRateLimit"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminSetAccountRateLimitPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rateLimitMultiplier"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestRateLimitMutation, AdminTestRateLimitMutationVariables>;
export const AdminTestLiveModeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestLiveMode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminSetAccountLiveModeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminSetAccountLiveMode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminSetAccountLiveModePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"account"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"liveEnabled"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestLiveModeMutation, AdminTestLiveModeMutationVariables>;
export const AdminTestViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminTestViewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}}]}}]}}]} as unknown as DocumentNode<AdminTestViewerQuery, AdminTestViewerQueryVariables>;
export const AdminTestCreatePartnerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestCreatePartner"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminCreatePartnerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminCreatePartner"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminCreatePartnerPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"feeBps"}},{"kind":"Field","name":{"kind":"Name","value":"maxFeeBps"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"apiKeyIds"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestCreatePartnerMutation, AdminTestCreatePartnerMutationVariables>;
export const AdminTestUpdatePartnerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestUpdatePartner"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUpdatePartnerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminUpdatePartner"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUpdatePartnerPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"feeBps"}},{"kind":"Field","name":{"kind":"Name","value":"maxFeeBps"}},{"kind":"Field","name":{"kind":"Name","value":"feeRecipientEvm"}},{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestUpdatePartnerMutation, AdminTestUpdatePartnerMutationVariables>;
export const AdminTestLinkPartnerKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestLinkPartnerKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminLinkPartnerKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminLinkPartnerKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminLinkPartnerKeyPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"apiKeyIds"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestLinkPartnerKeyMutation, AdminTestLinkPartnerKeyMutationVariables>;
export const AdminTestUnlinkPartnerKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestUnlinkPartnerKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUnlinkPartnerKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminUnlinkPartnerKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminUnlinkPartnerKeyPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeyIds"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestUnlinkPartnerKeyMutation, AdminTestUnlinkPartnerKeyMutationVariables>;
export const AdminTestDeactivatePartnerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdminTestDeactivatePartner"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AdminDeactivatePartnerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminDeactivatePartner"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminDeactivatePartnerPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"active"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<AdminTestDeactivatePartnerMutation, AdminTestDeactivatePartnerMutationVariables>;
export const AdminTestPartnersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminTestPartners"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminPartners"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"adminPartner"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"apiKeyIds"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"missing"},"name":{"kind":"Name","value":"adminPartner"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"StringValue","value":"no-such-partner","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AdminTestPartnersQuery, AdminTestPartnersQueryVariables>;
export const WalletScreenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WalletScreen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"owner"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"chain"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"balanceChains"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chains"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"vm"}},{"kind":"Field","name":{"kind":"Name","value":"logoURI"}},{"kind":"Field","name":{"kind":"Name","value":"popular"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"tokens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"Variable","name":{"kind":"Name","value":"chain"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}},{"kind":"Field","name":{"kind":"Name","value":"logoURI"}},{"kind":"Field","name":{"kind":"Name","value":"priceUsd"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"balances"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"owner"}}},{"kind":"Argument","name":{"kind":"Name","value":"chains"},"value":{"kind":"Variable","name":{"kind":"Name","value":"balanceChains"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalUsd"}},{"kind":"Field","name":{"kind":"Name","value":"balances"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"priceUsd"}},{"kind":"Field","name":{"kind":"Name","value":"valueUsd"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<WalletScreenQuery, WalletScreenQueryVariables>;
export const TokenPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TokenPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"chain"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tokens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"Variable","name":{"kind":"Name","value":"chain"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<TokenPageQuery, TokenPageQueryVariables>;
export const TwoMintsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TwoMints"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"a"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"b"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"a"},"name":{"kind":"Name","value":"token"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"StringValue","value":"solana","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"a"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}},{"kind":"Field","name":{"kind":"Name","value":"verified"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"b"},"name":{"kind":"Name","value":"token"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"StringValue","value":"solana","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"b"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}}]}}]}}]} as unknown as DocumentNode<TwoMintsQuery, TwoMintsQueryVariables>;
export const ChainByRefDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ChainByRef"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chain"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"vm"}}]}}]}}]} as unknown as DocumentNode<ChainByRefQuery, ChainByRefQueryVariables>;
export const SearchAndLookUpDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SearchAndLookUp"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"q"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"mint"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tokens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"StringValue","value":"base","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"q"},"value":{"kind":"Variable","name":{"kind":"Name","value":"q"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"priceUsd"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"token"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"chain"},"value":{"kind":"StringValue","value":"solana","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"address"},"value":{"kind":"Variable","name":{"kind":"Name","value":"mint"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}},{"kind":"Field","name":{"kind":"Name","value":"verified"}}]}}]}}]} as unknown as DocumentNode<SearchAndLookUpQuery, SearchAndLookUpQueryVariables>;
export const ReviewAcceptDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReviewAccept"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AcceptCheckoutSessionReviewInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptCheckoutSessionReview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AcceptCheckoutSessionReviewPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amountReceived"}},{"kind":"Field","name":{"kind":"Name","value":"review"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"reviews"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"paymentId"}},{"kind":"Field","name":{"kind":"Name","value":"payment"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"reviewReason"}},{"kind":"Field","name":{"kind":"Name","value":"paymentReason"}},{"kind":"Field","name":{"kind":"Name","value":"apiKeyId"}},{"kind":"Field","name":{"kind":"Name","value":"fromStatus"}},{"kind":"Field","name":{"kind":"Name","value":"toStatus"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ReviewAcceptMutation, ReviewAcceptMutationVariables>;
export const ReviewReopenDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReviewReopen"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReopenCheckoutSessionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reopenCheckoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReopenCheckoutSessionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"reviews"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"toStatus"}}]}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ReviewReopenMutation, ReviewReopenMutationVariables>;
export const ReviewReadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReviewRead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reviews"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ReviewReadQuery, ReviewReadQueryVariables>;
export const HealthDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"providers"}}]}}]}}]} as unknown as DocumentNode<HealthQuery, HealthQueryVariables>;
export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accountId"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"accountCreatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"liveEnabled"}},{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;
export const RevokeApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeApiKeyPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotFoundError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const CreateClockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateClock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"at"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTestClock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"name"},"value":{"kind":"StringValue","value":"gql","block":false}},{"kind":"ObjectField","name":{"kind":"Name","value":"frozenAt"},"value":{"kind":"Variable","name":{"kind":"Name","value":"at"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTestClockPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testClock"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"frozenAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"livemode"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateClockMutation, CreateClockMutationVariables>;
export const CreateSubDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSub"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBillingSubscriptionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createBillingSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateBillingSubscriptionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"billingSubscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"interval"}},{"kind":"Field","name":{"kind":"Name","value":"currentPeriodIndex"}},{"kind":"Field","name":{"kind":"Name","value":"nextInvoiceAt"}},{"kind":"Field","name":{"kind":"Name","value":"latestInvoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateSubMutation, CreateSubMutationVariables>;
export const AdvanceClockDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AdvanceClock"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"at"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"advanceTestClock"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"frozenAt"},"value":{"kind":"Variable","name":{"kind":"Name","value":"at"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdvanceTestClockPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testClock"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"frozenAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<AdvanceClockMutation, AdvanceClockMutationVariables>;
export const SandboxPayDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SandboxPay"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"payInvoiceInSandbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PayInvoiceInSandboxPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"customerEmail"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SandboxPayMutation, SandboxPayMutationVariables>;
export const CancelSubDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelSub"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"atPeriodEnd"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelBillingSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"atPeriodEnd"},"value":{"kind":"Variable","name":{"kind":"Name","value":"atPeriodEnd"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CancelBillingSubscriptionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"billingSubscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"cancelAtPeriodEnd"}},{"kind":"Field","name":{"kind":"Name","value":"cancellationReason"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CancelSubMutation, CancelSubMutationVariables>;
export const ResumeSubDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResumeSub"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resumeBillingSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ResumeBillingSubscriptionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"billingSubscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cancelAtPeriodEnd"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ResumeSubMutation, ResumeSubMutationVariables>;
export const ReadSubDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReadSub"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"billingSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"periods"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"index"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"pastDueAt"}},{"kind":"Field","name":{"kind":"Name","value":"remindersSentAt"}},{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"billingSubscriptions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<ReadSubQuery, ReadSubQueryVariables>;
export const SubEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"StringValue","value":"subscription.*","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"resourceId"}},{"kind":"Field","name":{"kind":"Name","value":"resource"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BillingSubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SubEventsQuery, SubEventsQueryVariables>;
export const WatchSubDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchSub"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"billingSubscription"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<WatchSubSubscription, WatchSubSubscriptionVariables>;
export const TransferCreateSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransferCreateSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutSessionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCheckoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutSessionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TransferCreateSessionMutation, TransferCreateSessionMutationVariables>;
export const TransferAddressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransferAddress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutTransferAddressInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCheckoutTransferAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutTransferAddressPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transfer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sessionId"}},{"kind":"Field","name":{"kind":"Name","value":"depositAddressId"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"tokenSymbol"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"amountDue"}},{"kind":"Field","name":{"kind":"Name","value":"uri"}},{"kind":"Field","name":{"kind":"Name","value":"livemode"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"refundTo"}},{"kind":"Field","name":{"kind":"Name","value":"fees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ourFeeBps"}},{"kind":"Field","name":{"kind":"Name","value":"integratorFeeBps"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<TransferAddressMutation, TransferAddressMutationVariables>;
export const SimulateTransferDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SimulateTransfer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SimulateCheckoutTransferInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"simulateCheckoutTransfer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SimulateCheckoutTransferPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<SimulateTransferMutation, SimulateTransferMutationVariables>;
export const TransferSessionStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TransferSessionStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amountReceived"}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TransferSessionStatusQuery, TransferSessionStatusQueryVariables>;
export const TransferExpireDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransferExpire"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"expireCheckoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<TransferExpireMutation, TransferExpireMutationVariables>;
export const CreateSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutSessionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCheckoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutSessionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"settlement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<CreateSessionMutation, CreateSessionMutationVariables>;
export const ReadSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReadSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"refunds"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]}}]} as unknown as DocumentNode<ReadSessionQuery, ReadSessionQueryVariables>;
export const ListSessionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListSessions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CheckoutSessionStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSessions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<ListSessionsQuery, ListSessionsQueryVariables>;
export const RefundDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Refund"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutRefundInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCheckoutRefund"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutRefundPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refund"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<RefundMutation, RefundMutationVariables>;
export const ExpireDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Expire"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"expireCheckoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExpireCheckoutSessionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ExpireMutation, ExpireMutationVariables>;
export const ReportPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReportPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReportCheckoutPaymentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reportCheckoutPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReportCheckoutPaymentPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<ReportPaymentMutation, ReportPaymentMutationVariables>;
export const SubmitPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubmitPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitCheckoutPaymentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitCheckoutPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SubmitCheckoutPaymentPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<SubmitPaymentMutation, SubmitPaymentMutationVariables>;
export const PayerQuoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PayerQuote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CheckoutSessionQuoteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSessionQuote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CheckoutPayerQuoteResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amountDue"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<PayerQuoteQuery, PayerQuoteQueryVariables>;
export const DirectQuoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DirectQuote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CheckoutSessionQuoteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSessionQuote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CheckoutPayerQuoteResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"direct"}},{"kind":"Field","name":{"kind":"Name","value":"best"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"quoteId"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"tx"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EvmTx"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"data"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<DirectQuoteQuery, DirectQuoteQueryVariables>;
export const BuildDirectDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BuildDirect"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BuildOrderInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"buildOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildOrderPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"tx"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EvmTx"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"data"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<BuildDirectMutation, BuildDirectMutationVariables>;
export const ReportDirectDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReportDirect"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReportOrderSubmittedInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reportOrderSubmitted"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReportOrderSubmittedPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteId"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"checkoutSessionId"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ReportDirectMutation, ReportDirectMutationVariables>;
export const SessionEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SessionEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"StringValue","value":"checkout.session.*","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"resourceId"}},{"kind":"Field","name":{"kind":"Name","value":"resource"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CheckoutSession"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SessionEventsQuery, SessionEventsQueryVariables>;
export const WatchSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<WatchSessionSubscription, WatchSessionSubscriptionVariables>;
export const CreateDepositAddressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDepositAddress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDepositAddressInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createDepositAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateDepositAddressPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"depositAddress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"reusable"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"fees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ourFeeBps"}},{"kind":"Field","name":{"kind":"Name","value":"integratorFeeBps"}}]}},{"kind":"Field","name":{"kind":"Name","value":"estimate"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dstAmount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"depositCount"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateDepositAddressMutation, CreateDepositAddressMutationVariables>;
export const SimulateDepositDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SimulateDeposit"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amount"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"simulateDeposit"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"amount"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amount"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SimulateDepositPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"depositAddressId"}},{"kind":"Field","name":{"kind":"Name","value":"depositAddress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SimulateDepositMutation, SimulateDepositMutationVariables>;
export const DisableDepositAddressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DisableDepositAddress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableDepositAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DisableDepositAddressPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"depositAddress"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"disabledAt"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DisableDepositAddressMutation, DisableDepositAddressMutationVariables>;
export const WatchDepositAddressDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchDepositAddress"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"depositAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"depositCount"}},{"kind":"Field","name":{"kind":"Name","value":"deposits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]}}]} as unknown as DocumentNode<WatchDepositAddressSubscription, WatchDepositAddressSubscriptionVariables>;
export const DepositOrdersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DepositOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"depositAddressId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"depositAddressId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"depositAddress"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"depositCount"}},{"kind":"Field","name":{"kind":"Name","value":"lastDepositAt"}},{"kind":"Field","name":{"kind":"Name","value":"deposits"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"depositAddresses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"EnumValue","value":"active"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<DepositOrdersQuery, DepositOrdersQueryVariables>;
export const CreateInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateInvoiceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateInvoicePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"customerEmail"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"lineItems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitAmount"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"settlement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<CreateInvoiceMutation, CreateInvoiceMutationVariables>;
export const UpdateInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateInvoiceInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateInvoicePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"memo"}},{"kind":"Field","name":{"kind":"Name","value":"dueAt"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateInvoiceMutation, UpdateInvoiceMutationVariables>;
export const SendInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SendInvoicePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastEmail"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"to"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SendInvoiceMutation, SendInvoiceMutationVariables>;
export const VoidInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"VoidInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"VoidInvoicePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"voidedAt"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<VoidInvoiceMutation, VoidInvoiceMutationVariables>;
export const PayInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PayInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"payInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PayInvoicePayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"newSession"}},{"kind":"Field","name":{"kind":"Name","value":"sessionId"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"invoiceId"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<PayInvoiceMutation, PayInvoiceMutationVariables>;
export const ReadInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReadInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"customerEmail"}},{"kind":"Field","name":{"kind":"Name","value":"sessionId"}},{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"publicInvoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"customerEmail"}},{"kind":"Field","name":{"kind":"Name","value":"recipient"}},{"kind":"Field","name":{"kind":"Name","value":"sessionId"}},{"kind":"Field","name":{"kind":"Name","value":"lastEmail"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<ReadInvoiceQuery, ReadInvoiceQueryVariables>;
export const ListInvoicesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListInvoices"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"InvoiceStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoices"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<ListInvoicesQuery, ListInvoicesQueryVariables>;
export const InvoiceEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InvoiceEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"StringValue","value":"invoice.*","block":false}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"resourceId"}},{"kind":"Field","name":{"kind":"Name","value":"resource"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Invoice"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"number"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<InvoiceEventsQuery, InvoiceEventsQueryVariables>;
export const WatchInvoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"WatchInvoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"invoice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"number"}}]}}]}}]} as unknown as DocumentNode<WatchInvoiceSubscription, WatchInvoiceSubscriptionVariables>;
export const SessionEventsWithResourceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"SessionEventsWithResource"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"types"},"value":{"kind":"ListValue","values":[{"kind":"StringValue","value":"checkout.session.*","block":false}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"resource"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CheckoutSession"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]}}]} as unknown as DocumentNode<SessionEventsWithResourceSubscription, SessionEventsWithResourceSubscriptionVariables>;
export const SessionsAfterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SessionsAfter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSessions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<SessionsAfterQuery, SessionsAfterQueryVariables>;
export const OrderLookupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrderLookup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"quoteId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"quoteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"quoteId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteId"}}]}}]}}]} as unknown as DocumentNode<OrderLookupQuery, OrderLookupQueryVariables>;
export const ViewerKeysDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ViewerKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ViewerKeysQuery, ViewerKeysQueryVariables>;
export const RevokeKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RevokeApiKeyPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotFoundError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<RevokeKeyMutation, RevokeKeyMutationVariables>;
export const CreateEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookEndpointInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookEndpointPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"enabledEvents"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"livemode"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CreateEndpointMutation, CreateEndpointMutationVariables>;
export const ListEndpointsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"enabledEvents"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"livemode"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}}]}}]}}]}}]} as unknown as DocumentNode<ListEndpointsQuery, ListEndpointsQueryVariables>;
export const UpdateEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookEndpointInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookEndpointPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"enabledEvents"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateEndpointMutation, UpdateEndpointMutationVariables>;
export const TriggerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Trigger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"triggerWebhookEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TriggerWebhookEventPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"livemode"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"resourceId"}},{"kind":"Field","name":{"kind":"Name","value":"sequence"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TriggerMutation, TriggerMutationVariables>;
export const ReadEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ReadEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endpointId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"origin"}},{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attempt"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"success"}},{"kind":"Field","name":{"kind":"Name","value":"responseBody"}},{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"endpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ReadEventQuery, ReadEventQueryVariables>;
export const ListEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<ListEventsQuery, ListEventsQueryVariables>;
export const RedeliverDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Redeliver"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverEventInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverEventPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endpointId"}},{"kind":"Field","name":{"kind":"Name","value":"origin"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<RedeliverMutation, RedeliverMutationVariables>;
export const RotateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Rotate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookEndpointSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RotateWebhookEndpointSecretPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RotateMutation, RotateMutationVariables>;
export const EndpointAttemptsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EndpointAttempts"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attempts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"attempt"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<EndpointAttemptsQuery, EndpointAttemptsQueryVariables>;
export const LookUpsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LookUps"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"event"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endpoint"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"event"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endpoint"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<LookUpsQuery, LookUpsQueryVariables>;
export const DeleteEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteWebhookEndpointPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletedWebhookEndpointId"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NotFoundError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteEndpointMutation, DeleteEndpointMutationVariables>;
export const EventsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EventsPage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}}]}}]}}]} as unknown as DocumentNode<EventsPageQuery, EventsPageQueryVariables>;
export const StreamEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"StreamEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"types"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"types"},"value":{"kind":"Variable","name":{"kind":"Name","value":"types"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"resourceId"}},{"kind":"Field","name":{"kind":"Name","value":"sequence"}},{"kind":"Field","name":{"kind":"Name","value":"data"}}]}}]}}]} as unknown as DocumentNode<StreamEventsSubscription, StreamEventsSubscriptionVariables>;
export const IdemCreateSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"IdemCreateSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutSessionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCheckoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCheckoutSessionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"metadata"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"settlement"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chainId"}},{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"symbol"}},{"kind":"Field","name":{"kind":"Name","value":"decimals"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<IdemCreateSessionMutation, IdemCreateSessionMutationVariables>;
export const IdemExpireSessionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"IdemExpireSession"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ExpireCheckoutSessionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"expireCheckoutSession"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExpireCheckoutSessionPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkoutSession"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<IdemExpireSessionMutation, IdemExpireSessionMutationVariables>;
export const IdemCreateEndpointDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"IdemCreateEndpoint"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookEndpointInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookEndpoint"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookEndpointPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<IdemCreateEndpointMutation, IdemCreateEndpointMutationVariables>;
export const IdemReportOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"IdemReportOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ReportOrderSubmittedInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reportOrderSubmitted"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReportOrderSubmittedPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteId"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<IdemReportOrderMutation, IdemReportOrderMutationVariables>;
export const IdemEndpointsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"IdemEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoints"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]} as unknown as DocumentNode<IdemEndpointsQuery, IdemEndpointsQueryVariables>;
export const BuildApprovalsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BuildApprovals"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"quoteId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"buildOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"quoteId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"quoteId"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BuildOrderPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tx"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EvmTx"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"approvalReset"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"token"}},{"kind":"Field","name":{"kind":"Name","value":"spender"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"approval"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<BuildApprovalsMutation, BuildApprovalsMutationVariables>;
export const QuoteWithCallsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"QuoteWithCalls"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"QuoteWithCallsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteWithCalls"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"QuoteResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"best"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"srcAmount"}},{"kind":"Field","name":{"kind":"Name","value":"dstAmount"}},{"kind":"Field","name":{"kind":"Name","value":"calls"}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CallsRevertedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<QuoteWithCallsQuery, QuoteWithCallsQueryVariables>;
export const TwinQuotesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TwinQuotes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"QuoteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"a"},"name":{"kind":"Name","value":"quote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"QuoteResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"best"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteId"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"fees"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ourFeeBps"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AmountTooLargeError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"field"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"b"},"name":{"kind":"Name","value":"quote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"QuoteResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"best"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quoteId"}},{"kind":"Field","name":{"kind":"Name","value":"provider"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TwinQuotesQuery, TwinQuotesQueryVariables>;
export const SimulatedQuoteDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SimulatedQuote"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"QuoteInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quote"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"QuoteResponse"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"best"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"simulatedGasUsed"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"NoRouteError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SimulatedQuoteQuery, SimulatedQuoteQueryVariables>;
export const MisspeltStreamDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"MisspeltStream"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"types"},"value":{"kind":"ListValue","values":[{"kind":"StringValue","value":"checkout.sesion.*","block":false}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<MisspeltStreamSubscription, MisspeltStreamSubscriptionVariables>;
export const RedeliverFailedEventsTestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RedeliverFailedEventsTest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverFailedEventsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverFailedEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Error"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverFailedEventsPayload"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"hasMore"}},{"kind":"Field","name":{"kind":"Name","value":"webhookEndpoint"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]} as unknown as DocumentNode<RedeliverFailedEventsTestMutation, RedeliverFailedEventsTestMutationVariables>;