/**
 * Why a payment did not pay its session. `failed` reasons reopen the session (the payer may try again);
 * review reasons put it in `needs_review` because funds may have moved and a person must look.
 */
export const FAILED_REASONS = {
  tx_reverted: 'The transaction failed on chain.',
  tx_not_found: 'The transaction was never seen on chain.',
  route_failed: 'The payment route failed; the provider did not deliver.',
  route_refunded: 'The payment route was refunded to the payer.',
} as const;

export const REVIEW_REASONS = {
  no_settlement_transfer: 'The transaction contains no transfer of the settlement token to the recipient.',
  underpaid: 'The transfers of the settlement token to the recipient total less than the amount due.',
  mined_before_session: 'The transaction was mined before the session was created.',
  sender_mismatch: 'The transfer did not come from the reported payer.',
  tx_already_used: 'The delivering transaction already paid another session.',
  delivery_not_seen: 'The route did not show a delivery on the settlement chain in time.',
  block_time_unknown: 'The chain did not report when the transaction was included.',
  session_already_paid: 'The session had already been paid by another payment; this one is extra.',
  session_expired: 'The session had expired when this payment was verified; the funds arrived, the session was not paid.',
  no_session_evidence:
    "The transaction does not carry this session's evidence (its tag or reference with a transfer to the recipient, or a transaction built for it): it was not made to pay this session.",
} as const;

export type FailedReason = keyof typeof FAILED_REASONS;
export type ReviewReason = keyof typeof REVIEW_REASONS;

export const reasonMessage = (reason: string | null | undefined): string | null =>
  reason == null ? null : ((FAILED_REASONS as Record<string, string>)[reason] ?? (REVIEW_REASONS as Record<string, string>)[reason] ?? reason);

/** The result of checking one delivering transaction against a session. */
export type Verdict =
  | { verdict: 'paid'; received: bigint }
  | { verdict: 'failed'; reason: FailedReason }
  | { verdict: 'review'; reason: ReviewReason; received: bigint };
