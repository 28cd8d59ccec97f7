/* eslint-disable */
import * as types from './graphql.js';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AdminTestAccount($id: ID!, $q: String) {\n    adminAccount(id: $id) {\n      id\n      liveEnabled\n      rateLimitMultiplier\n      suspension { suspendedAt reason }\n      partnerId\n      members { totalCount nodes { address chainType role } }\n      apiKeys { totalCount nodes { id prefix mode scopes { checkoutSessions } lastUsedAt } }\n    }\n    adminAccounts(query: $q, first: 5) { nodes { id partnerId } pageInfo { hasNextPage } }\n  }\n": typeof types.AdminTestAccountDocument,
    "\n  mutation AdminTestSuspend($input: AdminSuspendAccountInput!) {\n    adminSuspendAccount(input: $input) {\n      __typename\n      ... on AdminSuspendAccountPayload { account { id suspension { reason } } }\n      ... on Error { code }\n    }\n  }\n": typeof types.AdminTestSuspendDocument,
    "\n  mutation AdminTestUnsuspend($input: AdminUnsuspendAccountInput!) {\n    adminUnsuspendAccount(input: $input) {\n      __typename\n      ... on AdminUnsuspendAccountPayload { account { suspension { reason } } }\n      ... on Error { code }\n    }\n  }\n": typeof types.AdminTestUnsuspendDocument,
    "\n  mutation AdminTestRateLimit($input: AdminSetAccountRateLimitInput!) {\n    adminSetAccountRateLimit(input: $input) {\n      __typename\n      ... on AdminSetAccountRateLimitPayload { account { rateLimitMultiplier } }\n      ... on Error { code }\n    }\n  }\n": typeof types.AdminTestRateLimitDocument,
    "\n  mutation AdminTestLiveMode($input: AdminSetAccountLiveModeInput!) {\n    adminSetAccountLiveMode(input: $input) {\n      __typename\n      ... on AdminSetAccountLiveModePayload { account { liveEnabled } }\n      ... on Error { code }\n    }\n  }\n": typeof types.AdminTestLiveModeDocument,
    "\n  query AdminTestViewer {\n    viewer { accountId }\n  }\n": typeof types.AdminTestViewerDocument,
    "\n  mutation AdminTestCreatePartner($input: AdminCreatePartnerInput!) {\n    adminCreatePartner(input: $input) {\n      __typename\n      ... on AdminCreatePartnerPayload { partner { id kind feeBps maxFeeBps accountId apiKeyIds active } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.AdminTestCreatePartnerDocument,
    "\n  mutation AdminTestUpdatePartner($input: AdminUpdatePartnerInput!) {\n    adminUpdatePartner(input: $input) {\n      __typename\n      ... on AdminUpdatePartnerPayload { partner { id feeBps maxFeeBps feeRecipientEvm active } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.AdminTestUpdatePartnerDocument,
    "\n  mutation AdminTestLinkPartnerKey($input: AdminLinkPartnerKeyInput!) {\n    adminLinkPartnerKey(input: $input) {\n      __typename\n      ... on AdminLinkPartnerKeyPayload { partner { id accountId apiKeyIds } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.AdminTestLinkPartnerKeyDocument,
    "\n  mutation AdminTestUnlinkPartnerKey($input: AdminUnlinkPartnerKeyInput!) {\n    adminUnlinkPartnerKey(input: $input) {\n      __typename\n      ... on AdminUnlinkPartnerKeyPayload { partner { apiKeyIds } }\n      ... on Error { code }\n    }\n  }\n": typeof types.AdminTestUnlinkPartnerKeyDocument,
    "\n  mutation AdminTestDeactivatePartner($input: AdminDeactivatePartnerInput!) {\n    adminDeactivatePartner(input: $input) {\n      __typename\n      ... on AdminDeactivatePartnerPayload { partner { active } }\n      ... on Error { code }\n    }\n  }\n": typeof types.AdminTestDeactivatePartnerDocument,
    "\n  query AdminTestPartners($id: ID!) {\n    adminPartners { totalCount nodes { id } }\n    adminPartner(id: $id) { id label kind apiKeyIds }\n    missing: adminPartner(id: \"no-such-partner\") { id }\n  }\n": typeof types.AdminTestPartnersDocument,
    "\n  query WalletScreen($owner: String!, $chain: String!, $balanceChains: [String!]) {\n    chains { totalCount nodes { id slug name vm logoURI popular } }\n    tokens(chain: $chain, first: 3) { nodes { address symbol decimals logoURI priceUsd } pageInfo { hasNextPage endCursor } }\n    balances(address: $owner, chains: $balanceChains) {\n      totalUsd\n      balances(first: 50) { totalCount nodes { chainId address symbol decimals amount priceUsd valueUsd } }\n      errors { chainId message }\n    }\n  }\n": typeof types.WalletScreenDocument,
    "\n  query TokenPage($chain: String!, $first: Int, $after: String) {\n    tokens(chain: $chain, first: $first, after: $after) { edges { cursor node { symbol } } pageInfo { hasNextPage endCursor } }\n  }\n": typeof types.TokenPageDocument,
    "\n  query TwoMints($a: String!, $b: String!) {\n    a: token(chain: \"solana\", address: $a) { symbol decimals verified }\n    b: token(chain: \"solana\", address: $b) { symbol decimals }\n  }\n": typeof types.TwoMintsDocument,
    "\n  query ChainByRef($ref: String!) {\n    chain(ref: $ref) { slug vm }\n  }\n": typeof types.ChainByRefDocument,
    "\n  query SearchAndLookUp($q: String!, $mint: String!) {\n    tokens(chain: \"base\", q: $q) { nodes { symbol priceUsd } }\n    token(chain: \"solana\", address: $mint) { symbol decimals verified }\n  }\n": typeof types.SearchAndLookUpDocument,
    "\n  mutation ReviewAccept($input: AcceptCheckoutSessionReviewInput!) {\n    acceptCheckoutSessionReview(input: $input) {\n      __typename\n      ... on AcceptCheckoutSessionReviewPayload {\n        checkoutSession {\n          id\n          status\n          amountReceived\n          review { reason }\n          payments { nodes { id status reason } }\n          reviews { totalCount nodes { id action note paymentId payment { id status } reviewReason paymentReason apiKeyId fromStatus toStatus createdAt } }\n        }\n      }\n      ... on Error { code message }\n    }\n  }\n": typeof types.ReviewAcceptDocument,
    "\n  mutation ReviewReopen($input: ReopenCheckoutSessionInput!) {\n    reopenCheckoutSession(input: $input) {\n      __typename\n      ... on ReopenCheckoutSessionPayload { checkoutSession { id status expiresAt reviews { nodes { action note toStatus } } } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.ReviewReopenDocument,
    "\n  query ReviewRead($id: ID!) {\n    checkoutSession(id: $id) { id status reviews { totalCount nodes { action note } } }\n  }\n": typeof types.ReviewReadDocument,
    "\n  query Health {\n    health { ok providers }\n  }\n": typeof types.HealthDocument,
    "\n  query Viewer {\n    viewer { accountId accountName accountCreatedAt mode liveEnabled apiKeys { totalCount nodes { id mode prefix createdAt revokedAt } } }\n  }\n": typeof types.ViewerDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(input: { id: $id }) {\n      __typename\n      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }\n      ... on NotFoundError { code message }\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  mutation CreateClock($at: DateTime!) {\n    createTestClock(input: { name: \"gql\", frozenAt: $at }) {\n      __typename\n      ... on CreateTestClockPayload { testClock { id frozenAt status livemode } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.CreateClockDocument,
    "\n  mutation CreateSub($input: CreateBillingSubscriptionInput!) {\n    createBillingSubscription(input: $input) {\n      __typename\n      ... on CreateBillingSubscriptionPayload {\n        billingSubscription { id status interval currentPeriodIndex nextInvoiceAt latestInvoice { id number status dueAt } }\n      }\n      ... on Error { code message }\n    }\n  }\n": typeof types.CreateSubDocument,
    "\n  mutation AdvanceClock($id: ID!, $at: DateTime!) {\n    advanceTestClock(input: { id: $id, frozenAt: $at }) {\n      __typename\n      ... on AdvanceTestClockPayload { testClock { id frozenAt status } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.AdvanceClockDocument,
    "\n  mutation SandboxPay($id: ID!) {\n    payInvoiceInSandbox(input: { id: $id }) {\n      __typename\n      ... on PayInvoiceInSandboxPayload { invoice { id status customerEmail } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.SandboxPayDocument,
    "\n  mutation CancelSub($id: ID!, $atPeriodEnd: Boolean) {\n    cancelBillingSubscription(input: { id: $id, atPeriodEnd: $atPeriodEnd }) {\n      __typename\n      ... on CancelBillingSubscriptionPayload { billingSubscription { id status cancelAtPeriodEnd cancellationReason } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.CancelSubDocument,
    "\n  mutation ResumeSub($id: ID!) {\n    resumeBillingSubscription(input: { id: $id }) {\n      __typename\n      ... on ResumeBillingSubscriptionPayload { billingSubscription { id cancelAtPeriodEnd } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.ResumeSubDocument,
    "\n  query ReadSub($id: ID!) {\n    billingSubscription(id: $id) { id status periods(first: 20) { nodes { index dueAt paidAt pastDueAt remindersSentAt invoice { id status } } } }\n    billingSubscriptions(first: 10) { nodes { id } }\n  }\n": typeof types.ReadSubDocument,
    "\n  query SubEvents {\n    events(type: \"subscription.*\", first: 20) {\n      nodes { type resourceId resource { __typename ... on BillingSubscription { id status } } }\n    }\n  }\n": typeof types.SubEventsDocument,
    "\n  subscription WatchSub($id: ID!) {\n    billingSubscription(id: $id) { id status }\n  }\n": typeof types.WatchSubDocument,
    "\n  mutation TransferCreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      ... on CreateCheckoutSessionPayload { checkoutSession { id } }\n    }\n  }\n": typeof types.TransferCreateSessionDocument,
    "\n  mutation TransferAddress($input: CreateCheckoutTransferAddressInput!) {\n    createCheckoutTransferAddress(input: $input) {\n      __typename\n      ... on CreateCheckoutTransferAddressPayload {\n        transfer { sessionId depositAddressId address chainId token tokenSymbol amount amountDue uri livemode status refundTo fees { ourFeeBps integratorFeeBps } }\n      }\n      ... on Error { code }\n    }\n  }\n": typeof types.TransferAddressDocument,
    "\n  mutation SimulateTransfer($input: SimulateCheckoutTransferInput!) {\n    simulateCheckoutTransfer(input: $input) {\n      __typename\n      ... on SimulateCheckoutTransferPayload { checkoutSession { id status } }\n      ... on Error { code }\n    }\n  }\n": typeof types.SimulateTransferDocument,
    "\n  query TransferSessionStatus($id: ID!) {\n    checkoutSession(id: $id) { status amountReceived payments { nodes { kind status } } }\n  }\n": typeof types.TransferSessionStatusDocument,
    "\n  mutation TransferExpire($id: ID!) {\n    expireCheckoutSession(input: { id: $id }) { __typename }\n  }\n": typeof types.TransferExpireDocument,
    "\n  mutation CreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      ... on CreateCheckoutSessionPayload {\n        checkoutSession { id status amount url reference createdAt expiresAt settlement { chainId symbol decimals } }\n      }\n    }\n  }\n": typeof types.CreateSessionDocument,
    "\n  query ReadSession($id: ID!) {\n    checkoutSession(id: $id) {\n      id\n      status\n      reference\n      metadata\n      payments { totalCount nodes { id status kind } }\n      refunds { totalCount }\n    }\n  }\n": typeof types.ReadSessionDocument,
    "\n  query ListSessions($first: Int, $after: String, $status: CheckoutSessionStatus) {\n    checkoutSessions(first: $first, after: $after, status: $status) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }\n  }\n": typeof types.ListSessionsDocument,
    "\n  mutation Refund($input: CreateCheckoutRefundInput!) {\n    createCheckoutRefund(input: $input) {\n      __typename\n      ... on CreateCheckoutRefundPayload { refund { id } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.RefundDocument,
    "\n  mutation Expire($id: ID!) {\n    expireCheckoutSession(input: { id: $id }) {\n      __typename\n      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.ExpireDocument,
    "\n  mutation ReportPayment($input: ReportCheckoutPaymentInput!) {\n    reportCheckoutPayment(input: $input) {\n      __typename\n      ... on ReportCheckoutPaymentPayload { checkoutSession { status } }\n      ... on Error { code }\n    }\n  }\n": typeof types.ReportPaymentDocument,
    "\n  mutation SubmitPayment($input: SubmitCheckoutPaymentInput!) {\n    submitCheckoutPayment(input: $input) {\n      __typename\n      ... on SubmitCheckoutPaymentPayload { checkoutSession { status } }\n      ... on Error { code }\n    }\n  }\n": typeof types.SubmitPaymentDocument,
    "\n  query PayerQuote($input: CheckoutSessionQuoteInput!) {\n    checkoutSessionQuote(input: $input) {\n      __typename\n      ... on CheckoutPayerQuoteResponse { amountDue }\n      ... on Error { code }\n    }\n  }\n": typeof types.PayerQuoteDocument,
    "\n  query DirectQuote($input: CheckoutSessionQuoteInput!) {\n    checkoutSessionQuote(input: $input) {\n      __typename\n      ... on CheckoutPayerQuoteResponse { direct best { method quoteId provider tx { __typename ... on EvmTx { to data value } } } }\n    }\n  }\n": typeof types.DirectQuoteDocument,
    "\n  mutation BuildDirect($input: BuildOrderInput!) {\n    buildOrder(input: $input) { __typename ... on BuildOrderPayload { provider tx { __typename ... on EvmTx { to data value } } } }\n  }\n": typeof types.BuildDirectDocument,
    "\n  mutation ReportDirect($input: ReportOrderSubmittedInput!) {\n    reportOrderSubmitted(input: $input) { __typename ... on ReportOrderSubmittedPayload { order { quoteId provider status checkoutSessionId } } }\n  }\n": typeof types.ReportDirectDocument,
    "\n  query SessionEvents {\n    events(type: \"checkout.session.*\", first: 5) {\n      nodes { type resourceId resource { __typename ... on CheckoutSession { id status reference } } }\n    }\n  }\n": typeof types.SessionEventsDocument,
    "\n  subscription WatchSession($id: ID!) {\n    checkoutSession(id: $id) { id status }\n  }\n": typeof types.WatchSessionDocument,
    "\n  mutation CreateDepositAddress($input: CreateDepositAddressInput!) {\n    createDepositAddress(input: $input) {\n      __typename\n      ... on CreateDepositAddressPayload { depositAddress { id status provider address reusable amount label metadata fees { ourFeeBps integratorFeeBps } estimate { amount dstAmount } depositCount } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.CreateDepositAddressDocument,
    "\n  mutation SimulateDeposit($id: ID!, $amount: String!) {\n    simulateDeposit(input: { id: $id, amount: $amount }) {\n      __typename\n      ... on SimulateDepositPayload { order { quoteId status depositAddressId depositAddress { id label } } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.SimulateDepositDocument,
    "\n  mutation DisableDepositAddress($id: ID!) {\n    disableDepositAddress(input: { id: $id }) {\n      __typename\n      ... on DisableDepositAddressPayload { depositAddress { id status disabledAt } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.DisableDepositAddressDocument,
    "\n  subscription WatchDepositAddress($id: ID!) {\n    depositAddress(id: $id) { id status depositCount deposits { nodes { quoteId status amount } } }\n  }\n": typeof types.WatchDepositAddressDocument,
    "\n  query DepositOrders($id: ID!) {\n    orders(depositAddressId: $id, first: 10) { nodes { quoteId status amount depositAddressId } pageInfo { hasNextPage } }\n    depositAddress(id: $id) { id depositCount lastDepositAt deposits { totalCount nodes { quoteId status } } }\n    depositAddresses(first: 5, status: active) { nodes { id } }\n  }\n": typeof types.DepositOrdersDocument,
    "\n  mutation CreateInvoice($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      __typename\n      ... on CreateInvoicePayload {\n        invoice { id number status amount dueAt url customerEmail recipient lineItems { totalCount nodes { description quantity unitAmount amount } } settlement { chainId symbol } }\n      }\n    }\n  }\n": typeof types.CreateInvoiceDocument,
    "\n  mutation UpdateInvoice($input: UpdateInvoiceInput!) {\n    updateInvoice(input: $input) {\n      __typename\n      ... on UpdateInvoicePayload { invoice { id memo dueAt amount } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.UpdateInvoiceDocument,
    "\n  mutation SendInvoice($id: ID!) {\n    sendInvoice(input: { id: $id }) {\n      __typename\n      ... on SendInvoicePayload { invoice { id number status sentAt lastEmail { kind status to } } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.SendInvoiceDocument,
    "\n  mutation VoidInvoice($id: ID!) {\n    voidInvoice(input: { id: $id }) {\n      __typename\n      ... on VoidInvoicePayload { invoice { id status voidedAt } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.VoidInvoiceDocument,
    "\n  mutation PayInvoice($id: ID!) {\n    payInvoice(input: { id: $id }) {\n      __typename\n      ... on PayInvoicePayload { newSession sessionId url checkoutSession { id invoiceId description } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.PayInvoiceDocument,
    "\n  query ReadInvoice($id: ID!) {\n    invoice(id: $id) { id status number customerEmail sessionId checkoutSession { id status } }\n    publicInvoice(id: $id) { id status customerEmail recipient sessionId lastEmail { status } }\n  }\n": typeof types.ReadInvoiceDocument,
    "\n  query ListInvoices($first: Int, $after: String, $status: InvoiceStatus) {\n    invoices(first: $first, after: $after, status: $status) { edges { cursor node { id status } } pageInfo { hasNextPage endCursor } }\n  }\n": typeof types.ListInvoicesDocument,
    "\n  query InvoiceEvents {\n    events(type: \"invoice.*\", first: 5) {\n      nodes { type resourceId resource { __typename ... on Invoice { id status number } } }\n    }\n  }\n": typeof types.InvoiceEventsDocument,
    "\n  subscription WatchInvoice($id: ID!) {\n    invoice(id: $id) { id status number }\n  }\n": typeof types.WatchInvoiceDocument,
    "\n  subscription SessionEventsWithResource {\n    events(types: [\"checkout.session.*\"]) {\n      type\n      resource { ... on CheckoutSession { id status } }\n    }\n  }\n": typeof types.SessionEventsWithResourceDocument,
    "\n  query SessionsAfter($after: String) {\n    checkoutSessions(first: 5, after: $after) { nodes { id } }\n  }\n": typeof types.SessionsAfterDocument,
    "\n  query OrderLookup($quoteId: ID!) {\n    order(quoteId: $quoteId) { quoteId }\n  }\n": typeof types.OrderLookupDocument,
    "\n  query ViewerKeys {\n    viewer { mode apiKeys { totalCount nodes { id mode } } }\n  }\n": typeof types.ViewerKeysDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(input: { id: $id }) {\n      __typename\n      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }\n      ... on NotFoundError { code }\n    }\n  }\n": typeof types.RevokeKeyDocument,
    "\n  mutation CreateEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on CreateWebhookEndpointPayload { webhookEndpoint { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.CreateEndpointDocument,
    "\n  query ListEndpoints {\n    webhookEndpoints { totalCount nodes { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }\n  }\n": typeof types.ListEndpointsDocument,
    "\n  mutation UpdateEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      ... on UpdateWebhookEndpointPayload { webhookEndpoint { description enabledEvents secret } }\n      ... on Error { code }\n    }\n  }\n": typeof types.UpdateEndpointDocument,
    "\n  mutation Trigger($type: String!) {\n    triggerWebhookEvent(input: { type: $type }) {\n      ... on TriggerWebhookEventPayload { event { id type livemode createdAt resourceId sequence data } }\n    }\n  }\n": typeof types.TriggerDocument,
    "\n  query ReadEvent($id: ID!) {\n    event(id: $id) {\n      id\n      deliveries { totalCount nodes { endpointId status attempts origin endpoint { id url } event { id } } }\n      attempts(first: 10) { nodes { attempt statusCode success responseBody delivery { status } endpoint { id } } pageInfo { hasNextPage } }\n    }\n  }\n": typeof types.ReadEventDocument,
    "\n  query ListEvents($type: String, $first: Int, $after: String) {\n    events(type: $type, first: $first, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }\n  }\n": typeof types.ListEventsDocument,
    "\n  mutation Redeliver($input: RedeliverEventInput!) {\n    redeliverEvent(input: $input) {\n      __typename\n      ... on RedeliverEventPayload { deliveries { endpointId origin status } }\n      ... on Error { code }\n    }\n  }\n": typeof types.RedeliverDocument,
    "\n  mutation Rotate($id: ID!) {\n    rotateWebhookEndpointSecret(input: { id: $id }) {\n      ... on RotateWebhookEndpointSecretPayload { webhookEndpoint { secret previousSecretExpiresAt } }\n    }\n  }\n": typeof types.RotateDocument,
    "\n  query EndpointAttempts($id: ID!, $after: String) {\n    webhookEndpoint(id: $id) { attempts(first: 1, after: $after) { edges { cursor node { id attempt } } pageInfo { hasNextPage endCursor } } }\n  }\n": typeof types.EndpointAttemptsDocument,
    "\n  query LookUps($event: ID!, $endpoint: ID!) {\n    event(id: $event) { id }\n    webhookEndpoint(id: $endpoint) { id }\n  }\n": typeof types.LookUpsDocument,
    "\n  mutation DeleteEndpoint($id: ID!) {\n    deleteWebhookEndpoint(input: { id: $id }) {\n      __typename\n      ... on DeleteWebhookEndpointPayload { deletedWebhookEndpointId }\n      ... on NotFoundError { code message }\n    }\n  }\n": typeof types.DeleteEndpointDocument,
    "\n  query EventsPage {\n    events { pageInfo { hasNextPage } }\n  }\n": typeof types.EventsPageDocument,
    "\n  subscription StreamEvents($types: [String!]) {\n    events(types: $types) { id type resourceId sequence data }\n  }\n": typeof types.StreamEventsDocument,
    "\n  mutation IdemCreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      __typename\n      ... on CreateCheckoutSessionPayload {\n        checkoutSession { id status amount reference metadata createdAt expiresAt url settlement { chainId token symbol decimals } payments { totalCount } }\n      }\n      ... on Error { code message }\n    }\n  }\n": typeof types.IdemCreateSessionDocument,
    "\n  mutation IdemExpireSession($input: ExpireCheckoutSessionInput!) {\n    expireCheckoutSession(input: $input) {\n      __typename\n      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.IdemExpireSessionDocument,
    "\n  mutation IdemCreateEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on CreateWebhookEndpointPayload { webhookEndpoint { id secret url createdAt } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.IdemCreateEndpointDocument,
    "\n  mutation IdemReportOrder($input: ReportOrderSubmittedInput!) {\n    reportOrderSubmitted(input: $input) {\n      __typename\n      ... on ReportOrderSubmittedPayload { order { quoteId } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.IdemReportOrderDocument,
    "\n  query IdemEndpoints {\n    webhookEndpoints { totalCount }\n  }\n": typeof types.IdemEndpointsDocument,
    "\n  mutation BuildApprovals($quoteId: ID!) {\n    buildOrder(input: { quoteId: $quoteId }) {\n      ... on BuildOrderPayload { tx { ... on EvmTx { approvalReset { token spender amount } approval { amount } } } }\n      ... on Error { code message }\n    }\n  }\n": typeof types.BuildApprovalsDocument,
    "\n  query QuoteWithCalls($input: QuoteWithCallsInput!) {\n    quoteWithCalls(input: $input) {\n      __typename\n      ... on QuoteResponse { best { provider srcAmount dstAmount calls } errors { provider code } }\n      ... on CallsRevertedError { code message }\n    }\n  }\n": typeof types.QuoteWithCallsDocument,
    "\n  query TwinQuotes($input: QuoteInput!) {\n    a: quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { quoteId provider expiresAt fees { ourFeeBps } } errors { provider code } }\n      ... on AmountTooLargeError { code message field }\n    }\n    b: quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { quoteId provider } }\n    }\n  }\n": typeof types.TwinQuotesDocument,
    "\n  query SimulatedQuote($input: QuoteInput!) {\n    quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { provider simulatedGasUsed } }\n      ... on NoRouteError { code message }\n    }\n  }\n": typeof types.SimulatedQuoteDocument,
    "\n  subscription MisspeltStream {\n    events(types: [\"checkout.sesion.*\"]) { id }\n  }\n": typeof types.MisspeltStreamDocument,
    "\n  mutation RedeliverFailedEventsTest($input: RedeliverFailedEventsInput!) {\n    redeliverFailedEvents(input: $input) {\n      __typename\n      ... on Error {\n        code\n        message\n      }\n      ... on RedeliverFailedEventsPayload {\n        queued\n        hasMore\n        webhookEndpoint {\n          id\n        }\n      }\n    }\n  }\n": typeof types.RedeliverFailedEventsTestDocument,
};
const documents: Documents = {
    "\n  query AdminTestAccount($id: ID!, $q: String) {\n    adminAccount(id: $id) {\n      id\n      liveEnabled\n      rateLimitMultiplier\n      suspension { suspendedAt reason }\n      partnerId\n      members { totalCount nodes { address chainType role } }\n      apiKeys { totalCount nodes { id prefix mode scopes { checkoutSessions } lastUsedAt } }\n    }\n    adminAccounts(query: $q, first: 5) { nodes { id partnerId } pageInfo { hasNextPage } }\n  }\n": types.AdminTestAccountDocument,
    "\n  mutation AdminTestSuspend($input: AdminSuspendAccountInput!) {\n    adminSuspendAccount(input: $input) {\n      __typename\n      ... on AdminSuspendAccountPayload { account { id suspension { reason } } }\n      ... on Error { code }\n    }\n  }\n": types.AdminTestSuspendDocument,
    "\n  mutation AdminTestUnsuspend($input: AdminUnsuspendAccountInput!) {\n    adminUnsuspendAccount(input: $input) {\n      __typename\n      ... on AdminUnsuspendAccountPayload { account { suspension { reason } } }\n      ... on Error { code }\n    }\n  }\n": types.AdminTestUnsuspendDocument,
    "\n  mutation AdminTestRateLimit($input: AdminSetAccountRateLimitInput!) {\n    adminSetAccountRateLimit(input: $input) {\n      __typename\n      ... on AdminSetAccountRateLimitPayload { account { rateLimitMultiplier } }\n      ... on Error { code }\n    }\n  }\n": types.AdminTestRateLimitDocument,
    "\n  mutation AdminTestLiveMode($input: AdminSetAccountLiveModeInput!) {\n    adminSetAccountLiveMode(input: $input) {\n      __typename\n      ... on AdminSetAccountLiveModePayload { account { liveEnabled } }\n      ... on Error { code }\n    }\n  }\n": types.AdminTestLiveModeDocument,
    "\n  query AdminTestViewer {\n    viewer { accountId }\n  }\n": types.AdminTestViewerDocument,
    "\n  mutation AdminTestCreatePartner($input: AdminCreatePartnerInput!) {\n    adminCreatePartner(input: $input) {\n      __typename\n      ... on AdminCreatePartnerPayload { partner { id kind feeBps maxFeeBps accountId apiKeyIds active } }\n      ... on Error { code message }\n    }\n  }\n": types.AdminTestCreatePartnerDocument,
    "\n  mutation AdminTestUpdatePartner($input: AdminUpdatePartnerInput!) {\n    adminUpdatePartner(input: $input) {\n      __typename\n      ... on AdminUpdatePartnerPayload { partner { id feeBps maxFeeBps feeRecipientEvm active } }\n      ... on Error { code message }\n    }\n  }\n": types.AdminTestUpdatePartnerDocument,
    "\n  mutation AdminTestLinkPartnerKey($input: AdminLinkPartnerKeyInput!) {\n    adminLinkPartnerKey(input: $input) {\n      __typename\n      ... on AdminLinkPartnerKeyPayload { partner { id accountId apiKeyIds } }\n      ... on Error { code message }\n    }\n  }\n": types.AdminTestLinkPartnerKeyDocument,
    "\n  mutation AdminTestUnlinkPartnerKey($input: AdminUnlinkPartnerKeyInput!) {\n    adminUnlinkPartnerKey(input: $input) {\n      __typename\n      ... on AdminUnlinkPartnerKeyPayload { partner { apiKeyIds } }\n      ... on Error { code }\n    }\n  }\n": types.AdminTestUnlinkPartnerKeyDocument,
    "\n  mutation AdminTestDeactivatePartner($input: AdminDeactivatePartnerInput!) {\n    adminDeactivatePartner(input: $input) {\n      __typename\n      ... on AdminDeactivatePartnerPayload { partner { active } }\n      ... on Error { code }\n    }\n  }\n": types.AdminTestDeactivatePartnerDocument,
    "\n  query AdminTestPartners($id: ID!) {\n    adminPartners { totalCount nodes { id } }\n    adminPartner(id: $id) { id label kind apiKeyIds }\n    missing: adminPartner(id: \"no-such-partner\") { id }\n  }\n": types.AdminTestPartnersDocument,
    "\n  query WalletScreen($owner: String!, $chain: String!, $balanceChains: [String!]) {\n    chains { totalCount nodes { id slug name vm logoURI popular } }\n    tokens(chain: $chain, first: 3) { nodes { address symbol decimals logoURI priceUsd } pageInfo { hasNextPage endCursor } }\n    balances(address: $owner, chains: $balanceChains) {\n      totalUsd\n      balances(first: 50) { totalCount nodes { chainId address symbol decimals amount priceUsd valueUsd } }\n      errors { chainId message }\n    }\n  }\n": types.WalletScreenDocument,
    "\n  query TokenPage($chain: String!, $first: Int, $after: String) {\n    tokens(chain: $chain, first: $first, after: $after) { edges { cursor node { symbol } } pageInfo { hasNextPage endCursor } }\n  }\n": types.TokenPageDocument,
    "\n  query TwoMints($a: String!, $b: String!) {\n    a: token(chain: \"solana\", address: $a) { symbol decimals verified }\n    b: token(chain: \"solana\", address: $b) { symbol decimals }\n  }\n": types.TwoMintsDocument,
    "\n  query ChainByRef($ref: String!) {\n    chain(ref: $ref) { slug vm }\n  }\n": types.ChainByRefDocument,
    "\n  query SearchAndLookUp($q: String!, $mint: String!) {\n    tokens(chain: \"base\", q: $q) { nodes { symbol priceUsd } }\n    token(chain: \"solana\", address: $mint) { symbol decimals verified }\n  }\n": types.SearchAndLookUpDocument,
    "\n  mutation ReviewAccept($input: AcceptCheckoutSessionReviewInput!) {\n    acceptCheckoutSessionReview(input: $input) {\n      __typename\n      ... on AcceptCheckoutSessionReviewPayload {\n        checkoutSession {\n          id\n          status\n          amountReceived\n          review { reason }\n          payments { nodes { id status reason } }\n          reviews { totalCount nodes { id action note paymentId payment { id status } reviewReason paymentReason apiKeyId fromStatus toStatus createdAt } }\n        }\n      }\n      ... on Error { code message }\n    }\n  }\n": types.ReviewAcceptDocument,
    "\n  mutation ReviewReopen($input: ReopenCheckoutSessionInput!) {\n    reopenCheckoutSession(input: $input) {\n      __typename\n      ... on ReopenCheckoutSessionPayload { checkoutSession { id status expiresAt reviews { nodes { action note toStatus } } } }\n      ... on Error { code message }\n    }\n  }\n": types.ReviewReopenDocument,
    "\n  query ReviewRead($id: ID!) {\n    checkoutSession(id: $id) { id status reviews { totalCount nodes { action note } } }\n  }\n": types.ReviewReadDocument,
    "\n  query Health {\n    health { ok providers }\n  }\n": types.HealthDocument,
    "\n  query Viewer {\n    viewer { accountId accountName accountCreatedAt mode liveEnabled apiKeys { totalCount nodes { id mode prefix createdAt revokedAt } } }\n  }\n": types.ViewerDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(input: { id: $id }) {\n      __typename\n      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }\n      ... on NotFoundError { code message }\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  mutation CreateClock($at: DateTime!) {\n    createTestClock(input: { name: \"gql\", frozenAt: $at }) {\n      __typename\n      ... on CreateTestClockPayload { testClock { id frozenAt status livemode } }\n      ... on Error { code message }\n    }\n  }\n": types.CreateClockDocument,
    "\n  mutation CreateSub($input: CreateBillingSubscriptionInput!) {\n    createBillingSubscription(input: $input) {\n      __typename\n      ... on CreateBillingSubscriptionPayload {\n        billingSubscription { id status interval currentPeriodIndex nextInvoiceAt latestInvoice { id number status dueAt } }\n      }\n      ... on Error { code message }\n    }\n  }\n": types.CreateSubDocument,
    "\n  mutation AdvanceClock($id: ID!, $at: DateTime!) {\n    advanceTestClock(input: { id: $id, frozenAt: $at }) {\n      __typename\n      ... on AdvanceTestClockPayload { testClock { id frozenAt status } }\n      ... on Error { code message }\n    }\n  }\n": types.AdvanceClockDocument,
    "\n  mutation SandboxPay($id: ID!) {\n    payInvoiceInSandbox(input: { id: $id }) {\n      __typename\n      ... on PayInvoiceInSandboxPayload { invoice { id status customerEmail } }\n      ... on Error { code message }\n    }\n  }\n": types.SandboxPayDocument,
    "\n  mutation CancelSub($id: ID!, $atPeriodEnd: Boolean) {\n    cancelBillingSubscription(input: { id: $id, atPeriodEnd: $atPeriodEnd }) {\n      __typename\n      ... on CancelBillingSubscriptionPayload { billingSubscription { id status cancelAtPeriodEnd cancellationReason } }\n      ... on Error { code message }\n    }\n  }\n": types.CancelSubDocument,
    "\n  mutation ResumeSub($id: ID!) {\n    resumeBillingSubscription(input: { id: $id }) {\n      __typename\n      ... on ResumeBillingSubscriptionPayload { billingSubscription { id cancelAtPeriodEnd } }\n      ... on Error { code message }\n    }\n  }\n": types.ResumeSubDocument,
    "\n  query ReadSub($id: ID!) {\n    billingSubscription(id: $id) { id status periods(first: 20) { nodes { index dueAt paidAt pastDueAt remindersSentAt invoice { id status } } } }\n    billingSubscriptions(first: 10) { nodes { id } }\n  }\n": types.ReadSubDocument,
    "\n  query SubEvents {\n    events(type: \"subscription.*\", first: 20) {\n      nodes { type resourceId resource { __typename ... on BillingSubscription { id status } } }\n    }\n  }\n": types.SubEventsDocument,
    "\n  subscription WatchSub($id: ID!) {\n    billingSubscription(id: $id) { id status }\n  }\n": types.WatchSubDocument,
    "\n  mutation TransferCreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      ... on CreateCheckoutSessionPayload { checkoutSession { id } }\n    }\n  }\n": types.TransferCreateSessionDocument,
    "\n  mutation TransferAddress($input: CreateCheckoutTransferAddressInput!) {\n    createCheckoutTransferAddress(input: $input) {\n      __typename\n      ... on CreateCheckoutTransferAddressPayload {\n        transfer { sessionId depositAddressId address chainId token tokenSymbol amount amountDue uri livemode status refundTo fees { ourFeeBps integratorFeeBps } }\n      }\n      ... on Error { code }\n    }\n  }\n": types.TransferAddressDocument,
    "\n  mutation SimulateTransfer($input: SimulateCheckoutTransferInput!) {\n    simulateCheckoutTransfer(input: $input) {\n      __typename\n      ... on SimulateCheckoutTransferPayload { checkoutSession { id status } }\n      ... on Error { code }\n    }\n  }\n": types.SimulateTransferDocument,
    "\n  query TransferSessionStatus($id: ID!) {\n    checkoutSession(id: $id) { status amountReceived payments { nodes { kind status } } }\n  }\n": types.TransferSessionStatusDocument,
    "\n  mutation TransferExpire($id: ID!) {\n    expireCheckoutSession(input: { id: $id }) { __typename }\n  }\n": types.TransferExpireDocument,
    "\n  mutation CreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      ... on CreateCheckoutSessionPayload {\n        checkoutSession { id status amount url reference createdAt expiresAt settlement { chainId symbol decimals } }\n      }\n    }\n  }\n": types.CreateSessionDocument,
    "\n  query ReadSession($id: ID!) {\n    checkoutSession(id: $id) {\n      id\n      status\n      reference\n      metadata\n      payments { totalCount nodes { id status kind } }\n      refunds { totalCount }\n    }\n  }\n": types.ReadSessionDocument,
    "\n  query ListSessions($first: Int, $after: String, $status: CheckoutSessionStatus) {\n    checkoutSessions(first: $first, after: $after, status: $status) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }\n  }\n": types.ListSessionsDocument,
    "\n  mutation Refund($input: CreateCheckoutRefundInput!) {\n    createCheckoutRefund(input: $input) {\n      __typename\n      ... on CreateCheckoutRefundPayload { refund { id } }\n      ... on Error { code message }\n    }\n  }\n": types.RefundDocument,
    "\n  mutation Expire($id: ID!) {\n    expireCheckoutSession(input: { id: $id }) {\n      __typename\n      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }\n      ... on Error { code message }\n    }\n  }\n": types.ExpireDocument,
    "\n  mutation ReportPayment($input: ReportCheckoutPaymentInput!) {\n    reportCheckoutPayment(input: $input) {\n      __typename\n      ... on ReportCheckoutPaymentPayload { checkoutSession { status } }\n      ... on Error { code }\n    }\n  }\n": types.ReportPaymentDocument,
    "\n  mutation SubmitPayment($input: SubmitCheckoutPaymentInput!) {\n    submitCheckoutPayment(input: $input) {\n      __typename\n      ... on SubmitCheckoutPaymentPayload { checkoutSession { status } }\n      ... on Error { code }\n    }\n  }\n": types.SubmitPaymentDocument,
    "\n  query PayerQuote($input: CheckoutSessionQuoteInput!) {\n    checkoutSessionQuote(input: $input) {\n      __typename\n      ... on CheckoutPayerQuoteResponse { amountDue }\n      ... on Error { code }\n    }\n  }\n": types.PayerQuoteDocument,
    "\n  query DirectQuote($input: CheckoutSessionQuoteInput!) {\n    checkoutSessionQuote(input: $input) {\n      __typename\n      ... on CheckoutPayerQuoteResponse { direct best { method quoteId provider tx { __typename ... on EvmTx { to data value } } } }\n    }\n  }\n": types.DirectQuoteDocument,
    "\n  mutation BuildDirect($input: BuildOrderInput!) {\n    buildOrder(input: $input) { __typename ... on BuildOrderPayload { provider tx { __typename ... on EvmTx { to data value } } } }\n  }\n": types.BuildDirectDocument,
    "\n  mutation ReportDirect($input: ReportOrderSubmittedInput!) {\n    reportOrderSubmitted(input: $input) { __typename ... on ReportOrderSubmittedPayload { order { quoteId provider status checkoutSessionId } } }\n  }\n": types.ReportDirectDocument,
    "\n  query SessionEvents {\n    events(type: \"checkout.session.*\", first: 5) {\n      nodes { type resourceId resource { __typename ... on CheckoutSession { id status reference } } }\n    }\n  }\n": types.SessionEventsDocument,
    "\n  subscription WatchSession($id: ID!) {\n    checkoutSession(id: $id) { id status }\n  }\n": types.WatchSessionDocument,
    "\n  mutation CreateDepositAddress($input: CreateDepositAddressInput!) {\n    createDepositAddress(input: $input) {\n      __typename\n      ... on CreateDepositAddressPayload { depositAddress { id status provider address reusable amount label metadata fees { ourFeeBps integratorFeeBps } estimate { amount dstAmount } depositCount } }\n      ... on Error { code message }\n    }\n  }\n": types.CreateDepositAddressDocument,
    "\n  mutation SimulateDeposit($id: ID!, $amount: String!) {\n    simulateDeposit(input: { id: $id, amount: $amount }) {\n      __typename\n      ... on SimulateDepositPayload { order { quoteId status depositAddressId depositAddress { id label } } }\n      ... on Error { code message }\n    }\n  }\n": types.SimulateDepositDocument,
    "\n  mutation DisableDepositAddress($id: ID!) {\n    disableDepositAddress(input: { id: $id }) {\n      __typename\n      ... on DisableDepositAddressPayload { depositAddress { id status disabledAt } }\n      ... on Error { code message }\n    }\n  }\n": types.DisableDepositAddressDocument,
    "\n  subscription WatchDepositAddress($id: ID!) {\n    depositAddress(id: $id) { id status depositCount deposits { nodes { quoteId status amount } } }\n  }\n": types.WatchDepositAddressDocument,
    "\n  query DepositOrders($id: ID!) {\n    orders(depositAddressId: $id, first: 10) { nodes { quoteId status amount depositAddressId } pageInfo { hasNextPage } }\n    depositAddress(id: $id) { id depositCount lastDepositAt deposits { totalCount nodes { quoteId status } } }\n    depositAddresses(first: 5, status: active) { nodes { id } }\n  }\n": types.DepositOrdersDocument,
    "\n  mutation CreateInvoice($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      __typename\n      ... on CreateInvoicePayload {\n        invoice { id number status amount dueAt url customerEmail recipient lineItems { totalCount nodes { description quantity unitAmount amount } } settlement { chainId symbol } }\n      }\n    }\n  }\n": types.CreateInvoiceDocument,
    "\n  mutation UpdateInvoice($input: UpdateInvoiceInput!) {\n    updateInvoice(input: $input) {\n      __typename\n      ... on UpdateInvoicePayload { invoice { id memo dueAt amount } }\n      ... on Error { code message }\n    }\n  }\n": types.UpdateInvoiceDocument,
    "\n  mutation SendInvoice($id: ID!) {\n    sendInvoice(input: { id: $id }) {\n      __typename\n      ... on SendInvoicePayload { invoice { id number status sentAt lastEmail { kind status to } } }\n      ... on Error { code message }\n    }\n  }\n": types.SendInvoiceDocument,
    "\n  mutation VoidInvoice($id: ID!) {\n    voidInvoice(input: { id: $id }) {\n      __typename\n      ... on VoidInvoicePayload { invoice { id status voidedAt } }\n      ... on Error { code message }\n    }\n  }\n": types.VoidInvoiceDocument,
    "\n  mutation PayInvoice($id: ID!) {\n    payInvoice(input: { id: $id }) {\n      __typename\n      ... on PayInvoicePayload { newSession sessionId url checkoutSession { id invoiceId description } }\n      ... on Error { code message }\n    }\n  }\n": types.PayInvoiceDocument,
    "\n  query ReadInvoice($id: ID!) {\n    invoice(id: $id) { id status number customerEmail sessionId checkoutSession { id status } }\n    publicInvoice(id: $id) { id status customerEmail recipient sessionId lastEmail { status } }\n  }\n": types.ReadInvoiceDocument,
    "\n  query ListInvoices($first: Int, $after: String, $status: InvoiceStatus) {\n    invoices(first: $first, after: $after, status: $status) { edges { cursor node { id status } } pageInfo { hasNextPage endCursor } }\n  }\n": types.ListInvoicesDocument,
    "\n  query InvoiceEvents {\n    events(type: \"invoice.*\", first: 5) {\n      nodes { type resourceId resource { __typename ... on Invoice { id status number } } }\n    }\n  }\n": types.InvoiceEventsDocument,
    "\n  subscription WatchInvoice($id: ID!) {\n    invoice(id: $id) { id status number }\n  }\n": types.WatchInvoiceDocument,
    "\n  subscription SessionEventsWithResource {\n    events(types: [\"checkout.session.*\"]) {\n      type\n      resource { ... on CheckoutSession { id status } }\n    }\n  }\n": types.SessionEventsWithResourceDocument,
    "\n  query SessionsAfter($after: String) {\n    checkoutSessions(first: 5, after: $after) { nodes { id } }\n  }\n": types.SessionsAfterDocument,
    "\n  query OrderLookup($quoteId: ID!) {\n    order(quoteId: $quoteId) { quoteId }\n  }\n": types.OrderLookupDocument,
    "\n  query ViewerKeys {\n    viewer { mode apiKeys { totalCount nodes { id mode } } }\n  }\n": types.ViewerKeysDocument,
    "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(input: { id: $id }) {\n      __typename\n      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }\n      ... on NotFoundError { code }\n    }\n  }\n": types.RevokeKeyDocument,
    "\n  mutation CreateEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on CreateWebhookEndpointPayload { webhookEndpoint { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }\n      ... on Error { code message }\n    }\n  }\n": types.CreateEndpointDocument,
    "\n  query ListEndpoints {\n    webhookEndpoints { totalCount nodes { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }\n  }\n": types.ListEndpointsDocument,
    "\n  mutation UpdateEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      ... on UpdateWebhookEndpointPayload { webhookEndpoint { description enabledEvents secret } }\n      ... on Error { code }\n    }\n  }\n": types.UpdateEndpointDocument,
    "\n  mutation Trigger($type: String!) {\n    triggerWebhookEvent(input: { type: $type }) {\n      ... on TriggerWebhookEventPayload { event { id type livemode createdAt resourceId sequence data } }\n    }\n  }\n": types.TriggerDocument,
    "\n  query ReadEvent($id: ID!) {\n    event(id: $id) {\n      id\n      deliveries { totalCount nodes { endpointId status attempts origin endpoint { id url } event { id } } }\n      attempts(first: 10) { nodes { attempt statusCode success responseBody delivery { status } endpoint { id } } pageInfo { hasNextPage } }\n    }\n  }\n": types.ReadEventDocument,
    "\n  query ListEvents($type: String, $first: Int, $after: String) {\n    events(type: $type, first: $first, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }\n  }\n": types.ListEventsDocument,
    "\n  mutation Redeliver($input: RedeliverEventInput!) {\n    redeliverEvent(input: $input) {\n      __typename\n      ... on RedeliverEventPayload { deliveries { endpointId origin status } }\n      ... on Error { code }\n    }\n  }\n": types.RedeliverDocument,
    "\n  mutation Rotate($id: ID!) {\n    rotateWebhookEndpointSecret(input: { id: $id }) {\n      ... on RotateWebhookEndpointSecretPayload { webhookEndpoint { secret previousSecretExpiresAt } }\n    }\n  }\n": types.RotateDocument,
    "\n  query EndpointAttempts($id: ID!, $after: String) {\n    webhookEndpoint(id: $id) { attempts(first: 1, after: $after) { edges { cursor node { id attempt } } pageInfo { hasNextPage endCursor } } }\n  }\n": types.EndpointAttemptsDocument,
    "\n  query LookUps($event: ID!, $endpoint: ID!) {\n    event(id: $event) { id }\n    webhookEndpoint(id: $endpoint) { id }\n  }\n": types.LookUpsDocument,
    "\n  mutation DeleteEndpoint($id: ID!) {\n    deleteWebhookEndpoint(input: { id: $id }) {\n      __typename\n      ... on DeleteWebhookEndpointPayload { deletedWebhookEndpointId }\n      ... on NotFoundError { code message }\n    }\n  }\n": types.DeleteEndpointDocument,
    "\n  query EventsPage {\n    events { pageInfo { hasNextPage } }\n  }\n": types.EventsPageDocument,
    "\n  subscription StreamEvents($types: [String!]) {\n    events(types: $types) { id type resourceId sequence data }\n  }\n": types.StreamEventsDocument,
    "\n  mutation IdemCreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      __typename\n      ... on CreateCheckoutSessionPayload {\n        checkoutSession { id status amount reference metadata createdAt expiresAt url settlement { chainId token symbol decimals } payments { totalCount } }\n      }\n      ... on Error { code message }\n    }\n  }\n": types.IdemCreateSessionDocument,
    "\n  mutation IdemExpireSession($input: ExpireCheckoutSessionInput!) {\n    expireCheckoutSession(input: $input) {\n      __typename\n      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }\n      ... on Error { code message }\n    }\n  }\n": types.IdemExpireSessionDocument,
    "\n  mutation IdemCreateEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on CreateWebhookEndpointPayload { webhookEndpoint { id secret url createdAt } }\n      ... on Error { code message }\n    }\n  }\n": types.IdemCreateEndpointDocument,
    "\n  mutation IdemReportOrder($input: ReportOrderSubmittedInput!) {\n    reportOrderSubmitted(input: $input) {\n      __typename\n      ... on ReportOrderSubmittedPayload { order { quoteId } }\n      ... on Error { code message }\n    }\n  }\n": types.IdemReportOrderDocument,
    "\n  query IdemEndpoints {\n    webhookEndpoints { totalCount }\n  }\n": types.IdemEndpointsDocument,
    "\n  mutation BuildApprovals($quoteId: ID!) {\n    buildOrder(input: { quoteId: $quoteId }) {\n      ... on BuildOrderPayload { tx { ... on EvmTx { approvalReset { token spender amount } approval { amount } } } }\n      ... on Error { code message }\n    }\n  }\n": types.BuildApprovalsDocument,
    "\n  query QuoteWithCalls($input: QuoteWithCallsInput!) {\n    quoteWithCalls(input: $input) {\n      __typename\n      ... on QuoteResponse { best { provider srcAmount dstAmount calls } errors { provider code } }\n      ... on CallsRevertedError { code message }\n    }\n  }\n": types.QuoteWithCallsDocument,
    "\n  query TwinQuotes($input: QuoteInput!) {\n    a: quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { quoteId provider expiresAt fees { ourFeeBps } } errors { provider code } }\n      ... on AmountTooLargeError { code message field }\n    }\n    b: quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { quoteId provider } }\n    }\n  }\n": types.TwinQuotesDocument,
    "\n  query SimulatedQuote($input: QuoteInput!) {\n    quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { provider simulatedGasUsed } }\n      ... on NoRouteError { code message }\n    }\n  }\n": types.SimulatedQuoteDocument,
    "\n  subscription MisspeltStream {\n    events(types: [\"checkout.sesion.*\"]) { id }\n  }\n": types.MisspeltStreamDocument,
    "\n  mutation RedeliverFailedEventsTest($input: RedeliverFailedEventsInput!) {\n    redeliverFailedEvents(input: $input) {\n      __typename\n      ... on Error {\n        code\n        message\n      }\n      ... on RedeliverFailedEventsPayload {\n        queued\n        hasMore\n        webhookEndpoint {\n          id\n        }\n      }\n    }\n  }\n": types.RedeliverFailedEventsTestDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTestAccount($id: ID!, $q: String) {\n    adminAccount(id: $id) {\n      id\n      liveEnabled\n      rateLimitMultiplier\n      suspension { suspendedAt reason }\n      partnerId\n      members { totalCount nodes { address chainType role } }\n      apiKeys { totalCount nodes { id prefix mode scopes { checkoutSessions } lastUsedAt } }\n    }\n    adminAccounts(query: $q, first: 5) { nodes { id partnerId } pageInfo { hasNextPage } }\n  }\n"): (typeof documents)["\n  query AdminTestAccount($id: ID!, $q: String) {\n    adminAccount(id: $id) {\n      id\n      liveEnabled\n      rateLimitMultiplier\n      suspension { suspendedAt reason }\n      partnerId\n      members { totalCount nodes { address chainType role } }\n      apiKeys { totalCount nodes { id prefix mode scopes { checkoutSessions } lastUsedAt } }\n    }\n    adminAccounts(query: $q, first: 5) { nodes { id partnerId } pageInfo { hasNextPage } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestSuspend($input: AdminSuspendAccountInput!) {\n    adminSuspendAccount(input: $input) {\n      __typename\n      ... on AdminSuspendAccountPayload { account { id suspension { reason } } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestSuspend($input: AdminSuspendAccountInput!) {\n    adminSuspendAccount(input: $input) {\n      __typename\n      ... on AdminSuspendAccountPayload { account { id suspension { reason } } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestUnsuspend($input: AdminUnsuspendAccountInput!) {\n    adminUnsuspendAccount(input: $input) {\n      __typename\n      ... on AdminUnsuspendAccountPayload { account { suspension { reason } } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestUnsuspend($input: AdminUnsuspendAccountInput!) {\n    adminUnsuspendAccount(input: $input) {\n      __typename\n      ... on AdminUnsuspendAccountPayload { account { suspension { reason } } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestRateLimit($input: AdminSetAccountRateLimitInput!) {\n    adminSetAccountRateLimit(input: $input) {\n      __typename\n      ... on AdminSetAccountRateLimitPayload { account { rateLimitMultiplier } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestRateLimit($input: AdminSetAccountRateLimitInput!) {\n    adminSetAccountRateLimit(input: $input) {\n      __typename\n      ... on AdminSetAccountRateLimitPayload { account { rateLimitMultiplier } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestLiveMode($input: AdminSetAccountLiveModeInput!) {\n    adminSetAccountLiveMode(input: $input) {\n      __typename\n      ... on AdminSetAccountLiveModePayload { account { liveEnabled } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestLiveMode($input: AdminSetAccountLiveModeInput!) {\n    adminSetAccountLiveMode(input: $input) {\n      __typename\n      ... on AdminSetAccountLiveModePayload { account { liveEnabled } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTestViewer {\n    viewer { accountId }\n  }\n"): (typeof documents)["\n  query AdminTestViewer {\n    viewer { accountId }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestCreatePartner($input: AdminCreatePartnerInput!) {\n    adminCreatePartner(input: $input) {\n      __typename\n      ... on AdminCreatePartnerPayload { partner { id kind feeBps maxFeeBps accountId apiKeyIds active } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestCreatePartner($input: AdminCreatePartnerInput!) {\n    adminCreatePartner(input: $input) {\n      __typename\n      ... on AdminCreatePartnerPayload { partner { id kind feeBps maxFeeBps accountId apiKeyIds active } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestUpdatePartner($input: AdminUpdatePartnerInput!) {\n    adminUpdatePartner(input: $input) {\n      __typename\n      ... on AdminUpdatePartnerPayload { partner { id feeBps maxFeeBps feeRecipientEvm active } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestUpdatePartner($input: AdminUpdatePartnerInput!) {\n    adminUpdatePartner(input: $input) {\n      __typename\n      ... on AdminUpdatePartnerPayload { partner { id feeBps maxFeeBps feeRecipientEvm active } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestLinkPartnerKey($input: AdminLinkPartnerKeyInput!) {\n    adminLinkPartnerKey(input: $input) {\n      __typename\n      ... on AdminLinkPartnerKeyPayload { partner { id accountId apiKeyIds } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestLinkPartnerKey($input: AdminLinkPartnerKeyInput!) {\n    adminLinkPartnerKey(input: $input) {\n      __typename\n      ... on AdminLinkPartnerKeyPayload { partner { id accountId apiKeyIds } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestUnlinkPartnerKey($input: AdminUnlinkPartnerKeyInput!) {\n    adminUnlinkPartnerKey(input: $input) {\n      __typename\n      ... on AdminUnlinkPartnerKeyPayload { partner { apiKeyIds } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestUnlinkPartnerKey($input: AdminUnlinkPartnerKeyInput!) {\n    adminUnlinkPartnerKey(input: $input) {\n      __typename\n      ... on AdminUnlinkPartnerKeyPayload { partner { apiKeyIds } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminTestDeactivatePartner($input: AdminDeactivatePartnerInput!) {\n    adminDeactivatePartner(input: $input) {\n      __typename\n      ... on AdminDeactivatePartnerPayload { partner { active } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminTestDeactivatePartner($input: AdminDeactivatePartnerInput!) {\n    adminDeactivatePartner(input: $input) {\n      __typename\n      ... on AdminDeactivatePartnerPayload { partner { active } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminTestPartners($id: ID!) {\n    adminPartners { totalCount nodes { id } }\n    adminPartner(id: $id) { id label kind apiKeyIds }\n    missing: adminPartner(id: \"no-such-partner\") { id }\n  }\n"): (typeof documents)["\n  query AdminTestPartners($id: ID!) {\n    adminPartners { totalCount nodes { id } }\n    adminPartner(id: $id) { id label kind apiKeyIds }\n    missing: adminPartner(id: \"no-such-partner\") { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WalletScreen($owner: String!, $chain: String!, $balanceChains: [String!]) {\n    chains { totalCount nodes { id slug name vm logoURI popular } }\n    tokens(chain: $chain, first: 3) { nodes { address symbol decimals logoURI priceUsd } pageInfo { hasNextPage endCursor } }\n    balances(address: $owner, chains: $balanceChains) {\n      totalUsd\n      balances(first: 50) { totalCount nodes { chainId address symbol decimals amount priceUsd valueUsd } }\n      errors { chainId message }\n    }\n  }\n"): (typeof documents)["\n  query WalletScreen($owner: String!, $chain: String!, $balanceChains: [String!]) {\n    chains { totalCount nodes { id slug name vm logoURI popular } }\n    tokens(chain: $chain, first: 3) { nodes { address symbol decimals logoURI priceUsd } pageInfo { hasNextPage endCursor } }\n    balances(address: $owner, chains: $balanceChains) {\n      totalUsd\n      balances(first: 50) { totalCount nodes { chainId address symbol decimals amount priceUsd valueUsd } }\n      errors { chainId message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TokenPage($chain: String!, $first: Int, $after: String) {\n    tokens(chain: $chain, first: $first, after: $after) { edges { cursor node { symbol } } pageInfo { hasNextPage endCursor } }\n  }\n"): (typeof documents)["\n  query TokenPage($chain: String!, $first: Int, $after: String) {\n    tokens(chain: $chain, first: $first, after: $after) { edges { cursor node { symbol } } pageInfo { hasNextPage endCursor } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TwoMints($a: String!, $b: String!) {\n    a: token(chain: \"solana\", address: $a) { symbol decimals verified }\n    b: token(chain: \"solana\", address: $b) { symbol decimals }\n  }\n"): (typeof documents)["\n  query TwoMints($a: String!, $b: String!) {\n    a: token(chain: \"solana\", address: $a) { symbol decimals verified }\n    b: token(chain: \"solana\", address: $b) { symbol decimals }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ChainByRef($ref: String!) {\n    chain(ref: $ref) { slug vm }\n  }\n"): (typeof documents)["\n  query ChainByRef($ref: String!) {\n    chain(ref: $ref) { slug vm }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SearchAndLookUp($q: String!, $mint: String!) {\n    tokens(chain: \"base\", q: $q) { nodes { symbol priceUsd } }\n    token(chain: \"solana\", address: $mint) { symbol decimals verified }\n  }\n"): (typeof documents)["\n  query SearchAndLookUp($q: String!, $mint: String!) {\n    tokens(chain: \"base\", q: $q) { nodes { symbol priceUsd } }\n    token(chain: \"solana\", address: $mint) { symbol decimals verified }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewAccept($input: AcceptCheckoutSessionReviewInput!) {\n    acceptCheckoutSessionReview(input: $input) {\n      __typename\n      ... on AcceptCheckoutSessionReviewPayload {\n        checkoutSession {\n          id\n          status\n          amountReceived\n          review { reason }\n          payments { nodes { id status reason } }\n          reviews { totalCount nodes { id action note paymentId payment { id status } reviewReason paymentReason apiKeyId fromStatus toStatus createdAt } }\n        }\n      }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewAccept($input: AcceptCheckoutSessionReviewInput!) {\n    acceptCheckoutSessionReview(input: $input) {\n      __typename\n      ... on AcceptCheckoutSessionReviewPayload {\n        checkoutSession {\n          id\n          status\n          amountReceived\n          review { reason }\n          payments { nodes { id status reason } }\n          reviews { totalCount nodes { id action note paymentId payment { id status } reviewReason paymentReason apiKeyId fromStatus toStatus createdAt } }\n        }\n      }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewReopen($input: ReopenCheckoutSessionInput!) {\n    reopenCheckoutSession(input: $input) {\n      __typename\n      ... on ReopenCheckoutSessionPayload { checkoutSession { id status expiresAt reviews { nodes { action note toStatus } } } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewReopen($input: ReopenCheckoutSessionInput!) {\n    reopenCheckoutSession(input: $input) {\n      __typename\n      ... on ReopenCheckoutSessionPayload { checkoutSession { id status expiresAt reviews { nodes { action note toStatus } } } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReviewRead($id: ID!) {\n    checkoutSession(id: $id) { id status reviews { totalCount nodes { action note } } }\n  }\n"): (typeof documents)["\n  query ReviewRead($id: ID!) {\n    checkoutSession(id: $id) { id status reviews { totalCount nodes { action note } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Health {\n    health { ok providers }\n  }\n"): (typeof documents)["\n  query Health {\n    health { ok providers }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer { accountId accountName accountCreatedAt mode liveEnabled apiKeys { totalCount nodes { id mode prefix createdAt revokedAt } } }\n  }\n"): (typeof documents)["\n  query Viewer {\n    viewer { accountId accountName accountCreatedAt mode liveEnabled apiKeys { totalCount nodes { id mode prefix createdAt revokedAt } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(input: { id: $id }) {\n      __typename\n      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }\n      ... on NotFoundError { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(input: { id: $id }) {\n      __typename\n      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }\n      ... on NotFoundError { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateClock($at: DateTime!) {\n    createTestClock(input: { name: \"gql\", frozenAt: $at }) {\n      __typename\n      ... on CreateTestClockPayload { testClock { id frozenAt status livemode } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateClock($at: DateTime!) {\n    createTestClock(input: { name: \"gql\", frozenAt: $at }) {\n      __typename\n      ... on CreateTestClockPayload { testClock { id frozenAt status livemode } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSub($input: CreateBillingSubscriptionInput!) {\n    createBillingSubscription(input: $input) {\n      __typename\n      ... on CreateBillingSubscriptionPayload {\n        billingSubscription { id status interval currentPeriodIndex nextInvoiceAt latestInvoice { id number status dueAt } }\n      }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSub($input: CreateBillingSubscriptionInput!) {\n    createBillingSubscription(input: $input) {\n      __typename\n      ... on CreateBillingSubscriptionPayload {\n        billingSubscription { id status interval currentPeriodIndex nextInvoiceAt latestInvoice { id number status dueAt } }\n      }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdvanceClock($id: ID!, $at: DateTime!) {\n    advanceTestClock(input: { id: $id, frozenAt: $at }) {\n      __typename\n      ... on AdvanceTestClockPayload { testClock { id frozenAt status } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation AdvanceClock($id: ID!, $at: DateTime!) {\n    advanceTestClock(input: { id: $id, frozenAt: $at }) {\n      __typename\n      ... on AdvanceTestClockPayload { testClock { id frozenAt status } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SandboxPay($id: ID!) {\n    payInvoiceInSandbox(input: { id: $id }) {\n      __typename\n      ... on PayInvoiceInSandboxPayload { invoice { id status customerEmail } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation SandboxPay($id: ID!) {\n    payInvoiceInSandbox(input: { id: $id }) {\n      __typename\n      ... on PayInvoiceInSandboxPayload { invoice { id status customerEmail } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelSub($id: ID!, $atPeriodEnd: Boolean) {\n    cancelBillingSubscription(input: { id: $id, atPeriodEnd: $atPeriodEnd }) {\n      __typename\n      ... on CancelBillingSubscriptionPayload { billingSubscription { id status cancelAtPeriodEnd cancellationReason } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation CancelSub($id: ID!, $atPeriodEnd: Boolean) {\n    cancelBillingSubscription(input: { id: $id, atPeriodEnd: $atPeriodEnd }) {\n      __typename\n      ... on CancelBillingSubscriptionPayload { billingSubscription { id status cancelAtPeriodEnd cancellationReason } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeSub($id: ID!) {\n    resumeBillingSubscription(input: { id: $id }) {\n      __typename\n      ... on ResumeBillingSubscriptionPayload { billingSubscription { id cancelAtPeriodEnd } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeSub($id: ID!) {\n    resumeBillingSubscription(input: { id: $id }) {\n      __typename\n      ... on ResumeBillingSubscriptionPayload { billingSubscription { id cancelAtPeriodEnd } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadSub($id: ID!) {\n    billingSubscription(id: $id) { id status periods(first: 20) { nodes { index dueAt paidAt pastDueAt remindersSentAt invoice { id status } } } }\n    billingSubscriptions(first: 10) { nodes { id } }\n  }\n"): (typeof documents)["\n  query ReadSub($id: ID!) {\n    billingSubscription(id: $id) { id status periods(first: 20) { nodes { index dueAt paidAt pastDueAt remindersSentAt invoice { id status } } } }\n    billingSubscriptions(first: 10) { nodes { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SubEvents {\n    events(type: \"subscription.*\", first: 20) {\n      nodes { type resourceId resource { __typename ... on BillingSubscription { id status } } }\n    }\n  }\n"): (typeof documents)["\n  query SubEvents {\n    events(type: \"subscription.*\", first: 20) {\n      nodes { type resourceId resource { __typename ... on BillingSubscription { id status } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription WatchSub($id: ID!) {\n    billingSubscription(id: $id) { id status }\n  }\n"): (typeof documents)["\n  subscription WatchSub($id: ID!) {\n    billingSubscription(id: $id) { id status }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TransferCreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      ... on CreateCheckoutSessionPayload { checkoutSession { id } }\n    }\n  }\n"): (typeof documents)["\n  mutation TransferCreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      ... on CreateCheckoutSessionPayload { checkoutSession { id } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TransferAddress($input: CreateCheckoutTransferAddressInput!) {\n    createCheckoutTransferAddress(input: $input) {\n      __typename\n      ... on CreateCheckoutTransferAddressPayload {\n        transfer { sessionId depositAddressId address chainId token tokenSymbol amount amountDue uri livemode status refundTo fees { ourFeeBps integratorFeeBps } }\n      }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation TransferAddress($input: CreateCheckoutTransferAddressInput!) {\n    createCheckoutTransferAddress(input: $input) {\n      __typename\n      ... on CreateCheckoutTransferAddressPayload {\n        transfer { sessionId depositAddressId address chainId token tokenSymbol amount amountDue uri livemode status refundTo fees { ourFeeBps integratorFeeBps } }\n      }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SimulateTransfer($input: SimulateCheckoutTransferInput!) {\n    simulateCheckoutTransfer(input: $input) {\n      __typename\n      ... on SimulateCheckoutTransferPayload { checkoutSession { id status } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation SimulateTransfer($input: SimulateCheckoutTransferInput!) {\n    simulateCheckoutTransfer(input: $input) {\n      __typename\n      ... on SimulateCheckoutTransferPayload { checkoutSession { id status } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TransferSessionStatus($id: ID!) {\n    checkoutSession(id: $id) { status amountReceived payments { nodes { kind status } } }\n  }\n"): (typeof documents)["\n  query TransferSessionStatus($id: ID!) {\n    checkoutSession(id: $id) { status amountReceived payments { nodes { kind status } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TransferExpire($id: ID!) {\n    expireCheckoutSession(input: { id: $id }) { __typename }\n  }\n"): (typeof documents)["\n  mutation TransferExpire($id: ID!) {\n    expireCheckoutSession(input: { id: $id }) { __typename }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      ... on CreateCheckoutSessionPayload {\n        checkoutSession { id status amount url reference createdAt expiresAt settlement { chainId symbol decimals } }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      ... on CreateCheckoutSessionPayload {\n        checkoutSession { id status amount url reference createdAt expiresAt settlement { chainId symbol decimals } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadSession($id: ID!) {\n    checkoutSession(id: $id) {\n      id\n      status\n      reference\n      metadata\n      payments { totalCount nodes { id status kind } }\n      refunds { totalCount }\n    }\n  }\n"): (typeof documents)["\n  query ReadSession($id: ID!) {\n    checkoutSession(id: $id) {\n      id\n      status\n      reference\n      metadata\n      payments { totalCount nodes { id status kind } }\n      refunds { totalCount }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListSessions($first: Int, $after: String, $status: CheckoutSessionStatus) {\n    checkoutSessions(first: $first, after: $after, status: $status) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }\n  }\n"): (typeof documents)["\n  query ListSessions($first: Int, $after: String, $status: CheckoutSessionStatus) {\n    checkoutSessions(first: $first, after: $after, status: $status) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Refund($input: CreateCheckoutRefundInput!) {\n    createCheckoutRefund(input: $input) {\n      __typename\n      ... on CreateCheckoutRefundPayload { refund { id } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation Refund($input: CreateCheckoutRefundInput!) {\n    createCheckoutRefund(input: $input) {\n      __typename\n      ... on CreateCheckoutRefundPayload { refund { id } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Expire($id: ID!) {\n    expireCheckoutSession(input: { id: $id }) {\n      __typename\n      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation Expire($id: ID!) {\n    expireCheckoutSession(input: { id: $id }) {\n      __typename\n      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportPayment($input: ReportCheckoutPaymentInput!) {\n    reportCheckoutPayment(input: $input) {\n      __typename\n      ... on ReportCheckoutPaymentPayload { checkoutSession { status } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation ReportPayment($input: ReportCheckoutPaymentInput!) {\n    reportCheckoutPayment(input: $input) {\n      __typename\n      ... on ReportCheckoutPaymentPayload { checkoutSession { status } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitPayment($input: SubmitCheckoutPaymentInput!) {\n    submitCheckoutPayment(input: $input) {\n      __typename\n      ... on SubmitCheckoutPaymentPayload { checkoutSession { status } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation SubmitPayment($input: SubmitCheckoutPaymentInput!) {\n    submitCheckoutPayment(input: $input) {\n      __typename\n      ... on SubmitCheckoutPaymentPayload { checkoutSession { status } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayerQuote($input: CheckoutSessionQuoteInput!) {\n    checkoutSessionQuote(input: $input) {\n      __typename\n      ... on CheckoutPayerQuoteResponse { amountDue }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  query PayerQuote($input: CheckoutSessionQuoteInput!) {\n    checkoutSessionQuote(input: $input) {\n      __typename\n      ... on CheckoutPayerQuoteResponse { amountDue }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DirectQuote($input: CheckoutSessionQuoteInput!) {\n    checkoutSessionQuote(input: $input) {\n      __typename\n      ... on CheckoutPayerQuoteResponse { direct best { method quoteId provider tx { __typename ... on EvmTx { to data value } } } }\n    }\n  }\n"): (typeof documents)["\n  query DirectQuote($input: CheckoutSessionQuoteInput!) {\n    checkoutSessionQuote(input: $input) {\n      __typename\n      ... on CheckoutPayerQuoteResponse { direct best { method quoteId provider tx { __typename ... on EvmTx { to data value } } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BuildDirect($input: BuildOrderInput!) {\n    buildOrder(input: $input) { __typename ... on BuildOrderPayload { provider tx { __typename ... on EvmTx { to data value } } } }\n  }\n"): (typeof documents)["\n  mutation BuildDirect($input: BuildOrderInput!) {\n    buildOrder(input: $input) { __typename ... on BuildOrderPayload { provider tx { __typename ... on EvmTx { to data value } } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportDirect($input: ReportOrderSubmittedInput!) {\n    reportOrderSubmitted(input: $input) { __typename ... on ReportOrderSubmittedPayload { order { quoteId provider status checkoutSessionId } } }\n  }\n"): (typeof documents)["\n  mutation ReportDirect($input: ReportOrderSubmittedInput!) {\n    reportOrderSubmitted(input: $input) { __typename ... on ReportOrderSubmittedPayload { order { quoteId provider status checkoutSessionId } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionEvents {\n    events(type: \"checkout.session.*\", first: 5) {\n      nodes { type resourceId resource { __typename ... on CheckoutSession { id status reference } } }\n    }\n  }\n"): (typeof documents)["\n  query SessionEvents {\n    events(type: \"checkout.session.*\", first: 5) {\n      nodes { type resourceId resource { __typename ... on CheckoutSession { id status reference } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription WatchSession($id: ID!) {\n    checkoutSession(id: $id) { id status }\n  }\n"): (typeof documents)["\n  subscription WatchSession($id: ID!) {\n    checkoutSession(id: $id) { id status }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDepositAddress($input: CreateDepositAddressInput!) {\n    createDepositAddress(input: $input) {\n      __typename\n      ... on CreateDepositAddressPayload { depositAddress { id status provider address reusable amount label metadata fees { ourFeeBps integratorFeeBps } estimate { amount dstAmount } depositCount } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDepositAddress($input: CreateDepositAddressInput!) {\n    createDepositAddress(input: $input) {\n      __typename\n      ... on CreateDepositAddressPayload { depositAddress { id status provider address reusable amount label metadata fees { ourFeeBps integratorFeeBps } estimate { amount dstAmount } depositCount } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SimulateDeposit($id: ID!, $amount: String!) {\n    simulateDeposit(input: { id: $id, amount: $amount }) {\n      __typename\n      ... on SimulateDepositPayload { order { quoteId status depositAddressId depositAddress { id label } } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation SimulateDeposit($id: ID!, $amount: String!) {\n    simulateDeposit(input: { id: $id, amount: $amount }) {\n      __typename\n      ... on SimulateDepositPayload { order { quoteId status depositAddressId depositAddress { id label } } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DisableDepositAddress($id: ID!) {\n    disableDepositAddress(input: { id: $id }) {\n      __typename\n      ... on DisableDepositAddressPayload { depositAddress { id status disabledAt } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation DisableDepositAddress($id: ID!) {\n    disableDepositAddress(input: { id: $id }) {\n      __typename\n      ... on DisableDepositAddressPayload { depositAddress { id status disabledAt } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription WatchDepositAddress($id: ID!) {\n    depositAddress(id: $id) { id status depositCount deposits { nodes { quoteId status amount } } }\n  }\n"): (typeof documents)["\n  subscription WatchDepositAddress($id: ID!) {\n    depositAddress(id: $id) { id status depositCount deposits { nodes { quoteId status amount } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DepositOrders($id: ID!) {\n    orders(depositAddressId: $id, first: 10) { nodes { quoteId status amount depositAddressId } pageInfo { hasNextPage } }\n    depositAddress(id: $id) { id depositCount lastDepositAt deposits { totalCount nodes { quoteId status } } }\n    depositAddresses(first: 5, status: active) { nodes { id } }\n  }\n"): (typeof documents)["\n  query DepositOrders($id: ID!) {\n    orders(depositAddressId: $id, first: 10) { nodes { quoteId status amount depositAddressId } pageInfo { hasNextPage } }\n    depositAddress(id: $id) { id depositCount lastDepositAt deposits { totalCount nodes { quoteId status } } }\n    depositAddresses(first: 5, status: active) { nodes { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateInvoice($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      __typename\n      ... on CreateInvoicePayload {\n        invoice { id number status amount dueAt url customerEmail recipient lineItems { totalCount nodes { description quantity unitAmount amount } } settlement { chainId symbol } }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateInvoice($input: CreateInvoiceInput!) {\n    createInvoice(input: $input) {\n      __typename\n      ... on CreateInvoicePayload {\n        invoice { id number status amount dueAt url customerEmail recipient lineItems { totalCount nodes { description quantity unitAmount amount } } settlement { chainId symbol } }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateInvoice($input: UpdateInvoiceInput!) {\n    updateInvoice(input: $input) {\n      __typename\n      ... on UpdateInvoicePayload { invoice { id memo dueAt amount } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateInvoice($input: UpdateInvoiceInput!) {\n    updateInvoice(input: $input) {\n      __typename\n      ... on UpdateInvoicePayload { invoice { id memo dueAt amount } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendInvoice($id: ID!) {\n    sendInvoice(input: { id: $id }) {\n      __typename\n      ... on SendInvoicePayload { invoice { id number status sentAt lastEmail { kind status to } } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation SendInvoice($id: ID!) {\n    sendInvoice(input: { id: $id }) {\n      __typename\n      ... on SendInvoicePayload { invoice { id number status sentAt lastEmail { kind status to } } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VoidInvoice($id: ID!) {\n    voidInvoice(input: { id: $id }) {\n      __typename\n      ... on VoidInvoicePayload { invoice { id status voidedAt } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation VoidInvoice($id: ID!) {\n    voidInvoice(input: { id: $id }) {\n      __typename\n      ... on VoidInvoicePayload { invoice { id status voidedAt } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PayInvoice($id: ID!) {\n    payInvoice(input: { id: $id }) {\n      __typename\n      ... on PayInvoicePayload { newSession sessionId url checkoutSession { id invoiceId description } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation PayInvoice($id: ID!) {\n    payInvoice(input: { id: $id }) {\n      __typename\n      ... on PayInvoicePayload { newSession sessionId url checkoutSession { id invoiceId description } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadInvoice($id: ID!) {\n    invoice(id: $id) { id status number customerEmail sessionId checkoutSession { id status } }\n    publicInvoice(id: $id) { id status customerEmail recipient sessionId lastEmail { status } }\n  }\n"): (typeof documents)["\n  query ReadInvoice($id: ID!) {\n    invoice(id: $id) { id status number customerEmail sessionId checkoutSession { id status } }\n    publicInvoice(id: $id) { id status customerEmail recipient sessionId lastEmail { status } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListInvoices($first: Int, $after: String, $status: InvoiceStatus) {\n    invoices(first: $first, after: $after, status: $status) { edges { cursor node { id status } } pageInfo { hasNextPage endCursor } }\n  }\n"): (typeof documents)["\n  query ListInvoices($first: Int, $after: String, $status: InvoiceStatus) {\n    invoices(first: $first, after: $after, status: $status) { edges { cursor node { id status } } pageInfo { hasNextPage endCursor } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvoiceEvents {\n    events(type: \"invoice.*\", first: 5) {\n      nodes { type resourceId resource { __typename ... on Invoice { id status number } } }\n    }\n  }\n"): (typeof documents)["\n  query InvoiceEvents {\n    events(type: \"invoice.*\", first: 5) {\n      nodes { type resourceId resource { __typename ... on Invoice { id status number } } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription WatchInvoice($id: ID!) {\n    invoice(id: $id) { id status number }\n  }\n"): (typeof documents)["\n  subscription WatchInvoice($id: ID!) {\n    invoice(id: $id) { id status number }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SessionEventsWithResource {\n    events(types: [\"checkout.session.*\"]) {\n      type\n      resource { ... on CheckoutSession { id status } }\n    }\n  }\n"): (typeof documents)["\n  subscription SessionEventsWithResource {\n    events(types: [\"checkout.session.*\"]) {\n      type\n      resource { ... on CheckoutSession { id status } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionsAfter($after: String) {\n    checkoutSessions(first: 5, after: $after) { nodes { id } }\n  }\n"): (typeof documents)["\n  query SessionsAfter($after: String) {\n    checkoutSessions(first: 5, after: $after) { nodes { id } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderLookup($quoteId: ID!) {\n    order(quoteId: $quoteId) { quoteId }\n  }\n"): (typeof documents)["\n  query OrderLookup($quoteId: ID!) {\n    order(quoteId: $quoteId) { quoteId }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ViewerKeys {\n    viewer { mode apiKeys { totalCount nodes { id mode } } }\n  }\n"): (typeof documents)["\n  query ViewerKeys {\n    viewer { mode apiKeys { totalCount nodes { id mode } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(input: { id: $id }) {\n      __typename\n      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }\n      ... on NotFoundError { code }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeKey($id: ID!) {\n    revokeApiKey(input: { id: $id }) {\n      __typename\n      ... on RevokeApiKeyPayload { apiKey { id revokedAt } }\n      ... on NotFoundError { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on CreateWebhookEndpointPayload { webhookEndpoint { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on CreateWebhookEndpointPayload { webhookEndpoint { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListEndpoints {\n    webhookEndpoints { totalCount nodes { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }\n  }\n"): (typeof documents)["\n  query ListEndpoints {\n    webhookEndpoints { totalCount nodes { id url enabledEvents disabled description secret livemode previousSecretExpiresAt } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      ... on UpdateWebhookEndpointPayload { webhookEndpoint { description enabledEvents secret } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateEndpoint($input: UpdateWebhookEndpointInput!) {\n    updateWebhookEndpoint(input: $input) {\n      ... on UpdateWebhookEndpointPayload { webhookEndpoint { description enabledEvents secret } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Trigger($type: String!) {\n    triggerWebhookEvent(input: { type: $type }) {\n      ... on TriggerWebhookEventPayload { event { id type livemode createdAt resourceId sequence data } }\n    }\n  }\n"): (typeof documents)["\n  mutation Trigger($type: String!) {\n    triggerWebhookEvent(input: { type: $type }) {\n      ... on TriggerWebhookEventPayload { event { id type livemode createdAt resourceId sequence data } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ReadEvent($id: ID!) {\n    event(id: $id) {\n      id\n      deliveries { totalCount nodes { endpointId status attempts origin endpoint { id url } event { id } } }\n      attempts(first: 10) { nodes { attempt statusCode success responseBody delivery { status } endpoint { id } } pageInfo { hasNextPage } }\n    }\n  }\n"): (typeof documents)["\n  query ReadEvent($id: ID!) {\n    event(id: $id) {\n      id\n      deliveries { totalCount nodes { endpointId status attempts origin endpoint { id url } event { id } } }\n      attempts(first: 10) { nodes { attempt statusCode success responseBody delivery { status } endpoint { id } } pageInfo { hasNextPage } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ListEvents($type: String, $first: Int, $after: String) {\n    events(type: $type, first: $first, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }\n  }\n"): (typeof documents)["\n  query ListEvents($type: String, $first: Int, $after: String) {\n    events(type: $type, first: $first, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Redeliver($input: RedeliverEventInput!) {\n    redeliverEvent(input: $input) {\n      __typename\n      ... on RedeliverEventPayload { deliveries { endpointId origin status } }\n      ... on Error { code }\n    }\n  }\n"): (typeof documents)["\n  mutation Redeliver($input: RedeliverEventInput!) {\n    redeliverEvent(input: $input) {\n      __typename\n      ... on RedeliverEventPayload { deliveries { endpointId origin status } }\n      ... on Error { code }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Rotate($id: ID!) {\n    rotateWebhookEndpointSecret(input: { id: $id }) {\n      ... on RotateWebhookEndpointSecretPayload { webhookEndpoint { secret previousSecretExpiresAt } }\n    }\n  }\n"): (typeof documents)["\n  mutation Rotate($id: ID!) {\n    rotateWebhookEndpointSecret(input: { id: $id }) {\n      ... on RotateWebhookEndpointSecretPayload { webhookEndpoint { secret previousSecretExpiresAt } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EndpointAttempts($id: ID!, $after: String) {\n    webhookEndpoint(id: $id) { attempts(first: 1, after: $after) { edges { cursor node { id attempt } } pageInfo { hasNextPage endCursor } } }\n  }\n"): (typeof documents)["\n  query EndpointAttempts($id: ID!, $after: String) {\n    webhookEndpoint(id: $id) { attempts(first: 1, after: $after) { edges { cursor node { id attempt } } pageInfo { hasNextPage endCursor } } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LookUps($event: ID!, $endpoint: ID!) {\n    event(id: $event) { id }\n    webhookEndpoint(id: $endpoint) { id }\n  }\n"): (typeof documents)["\n  query LookUps($event: ID!, $endpoint: ID!) {\n    event(id: $event) { id }\n    webhookEndpoint(id: $endpoint) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteEndpoint($id: ID!) {\n    deleteWebhookEndpoint(input: { id: $id }) {\n      __typename\n      ... on DeleteWebhookEndpointPayload { deletedWebhookEndpointId }\n      ... on NotFoundError { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteEndpoint($id: ID!) {\n    deleteWebhookEndpoint(input: { id: $id }) {\n      __typename\n      ... on DeleteWebhookEndpointPayload { deletedWebhookEndpointId }\n      ... on NotFoundError { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventsPage {\n    events { pageInfo { hasNextPage } }\n  }\n"): (typeof documents)["\n  query EventsPage {\n    events { pageInfo { hasNextPage } }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription StreamEvents($types: [String!]) {\n    events(types: $types) { id type resourceId sequence data }\n  }\n"): (typeof documents)["\n  subscription StreamEvents($types: [String!]) {\n    events(types: $types) { id type resourceId sequence data }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IdemCreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      __typename\n      ... on CreateCheckoutSessionPayload {\n        checkoutSession { id status amount reference metadata createdAt expiresAt url settlement { chainId token symbol decimals } payments { totalCount } }\n      }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation IdemCreateSession($input: CreateCheckoutSessionInput!) {\n    createCheckoutSession(input: $input) {\n      __typename\n      ... on CreateCheckoutSessionPayload {\n        checkoutSession { id status amount reference metadata createdAt expiresAt url settlement { chainId token symbol decimals } payments { totalCount } }\n      }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IdemExpireSession($input: ExpireCheckoutSessionInput!) {\n    expireCheckoutSession(input: $input) {\n      __typename\n      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation IdemExpireSession($input: ExpireCheckoutSessionInput!) {\n    expireCheckoutSession(input: $input) {\n      __typename\n      ... on ExpireCheckoutSessionPayload { checkoutSession { id status } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IdemCreateEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on CreateWebhookEndpointPayload { webhookEndpoint { id secret url createdAt } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation IdemCreateEndpoint($input: CreateWebhookEndpointInput!) {\n    createWebhookEndpoint(input: $input) {\n      __typename\n      ... on CreateWebhookEndpointPayload { webhookEndpoint { id secret url createdAt } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation IdemReportOrder($input: ReportOrderSubmittedInput!) {\n    reportOrderSubmitted(input: $input) {\n      __typename\n      ... on ReportOrderSubmittedPayload { order { quoteId } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation IdemReportOrder($input: ReportOrderSubmittedInput!) {\n    reportOrderSubmitted(input: $input) {\n      __typename\n      ... on ReportOrderSubmittedPayload { order { quoteId } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query IdemEndpoints {\n    webhookEndpoints { totalCount }\n  }\n"): (typeof documents)["\n  query IdemEndpoints {\n    webhookEndpoints { totalCount }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BuildApprovals($quoteId: ID!) {\n    buildOrder(input: { quoteId: $quoteId }) {\n      ... on BuildOrderPayload { tx { ... on EvmTx { approvalReset { token spender amount } approval { amount } } } }\n      ... on Error { code message }\n    }\n  }\n"): (typeof documents)["\n  mutation BuildApprovals($quoteId: ID!) {\n    buildOrder(input: { quoteId: $quoteId }) {\n      ... on BuildOrderPayload { tx { ... on EvmTx { approvalReset { token spender amount } approval { amount } } } }\n      ... on Error { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query QuoteWithCalls($input: QuoteWithCallsInput!) {\n    quoteWithCalls(input: $input) {\n      __typename\n      ... on QuoteResponse { best { provider srcAmount dstAmount calls } errors { provider code } }\n      ... on CallsRevertedError { code message }\n    }\n  }\n"): (typeof documents)["\n  query QuoteWithCalls($input: QuoteWithCallsInput!) {\n    quoteWithCalls(input: $input) {\n      __typename\n      ... on QuoteResponse { best { provider srcAmount dstAmount calls } errors { provider code } }\n      ... on CallsRevertedError { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TwinQuotes($input: QuoteInput!) {\n    a: quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { quoteId provider expiresAt fees { ourFeeBps } } errors { provider code } }\n      ... on AmountTooLargeError { code message field }\n    }\n    b: quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { quoteId provider } }\n    }\n  }\n"): (typeof documents)["\n  query TwinQuotes($input: QuoteInput!) {\n    a: quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { quoteId provider expiresAt fees { ourFeeBps } } errors { provider code } }\n      ... on AmountTooLargeError { code message field }\n    }\n    b: quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { quoteId provider } }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SimulatedQuote($input: QuoteInput!) {\n    quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { provider simulatedGasUsed } }\n      ... on NoRouteError { code message }\n    }\n  }\n"): (typeof documents)["\n  query SimulatedQuote($input: QuoteInput!) {\n    quote(input: $input) {\n      __typename\n      ... on QuoteResponse { best { provider simulatedGasUsed } }\n      ... on NoRouteError { code message }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MisspeltStream {\n    events(types: [\"checkout.sesion.*\"]) { id }\n  }\n"): (typeof documents)["\n  subscription MisspeltStream {\n    events(types: [\"checkout.sesion.*\"]) { id }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RedeliverFailedEventsTest($input: RedeliverFailedEventsInput!) {\n    redeliverFailedEvents(input: $input) {\n      __typename\n      ... on Error {\n        code\n        message\n      }\n      ... on RedeliverFailedEventsPayload {\n        queued\n        hasMore\n        webhookEndpoint {\n          id\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RedeliverFailedEventsTest($input: RedeliverFailedEventsInput!) {\n    redeliverFailedEvents(input: $input) {\n      __typename\n      ... on Error {\n        code\n        message\n      }\n      ... on RedeliverFailedEventsPayload {\n        queued\n        hasMore\n        webhookEndpoint {\n          id\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;