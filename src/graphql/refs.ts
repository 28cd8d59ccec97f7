import { builder, describedValues } from './builder.js';
import type { SessionView, PaymentAttemptView, RefundView } from '../checkout/views.js';
import type { OrderView } from '../orders/views.js';
import type { InvoiceView } from '../invoices/views.js';
import type { SubscriptionView } from '../billing/views.js';
import type { DepositAddressView } from '../deposits/views.js';
import type { RecordedEvent } from '../events/outbox.js';
import type { AttemptView, DeliveryView, EndpointView } from '../webhooks/views.js';

/**
 * Object types that several modules reference (a module implements each one), declared here so that
 * modules can point at each other without importing each other.
 */
export const CheckoutSessionRef = builder.objectRef<SessionView>('CheckoutSession');
export const CheckoutPaymentAttemptRef = builder.objectRef<PaymentAttemptView>('CheckoutPaymentAttempt');
export const CheckoutRefundRef = builder.objectRef<RefundView>('CheckoutRefund');
export const OrderRef = builder.objectRef<OrderView>('Order');
export const InvoiceRef = builder.objectRef<InvoiceView>('Invoice');
export const BillingSubscriptionRef = builder.objectRef<SubscriptionView>('BillingSubscription');
export const DepositAddressRef = builder.objectRef<DepositAddressView>('DepositAddress');
export const EventRef = builder.objectRef<RecordedEvent>('Event');
export const WebhookEndpointRef = builder.objectRef<EndpointView>('WebhookEndpoint');
export const WebhookDeliveryRef = builder.objectRef<DeliveryView>('WebhookDelivery');
export const WebhookAttemptRef = builder.objectRef<AttemptView>('WebhookAttempt');

export const VmEnum = builder.enumType('Vm', {
  description: 'Virtual machine family of a chain: it decides the address format and how transactions are signed.',
  values: describedValues({
    evm: 'Ethereum and EVM chains: 0x hex addresses, transactions signed by an EVM wallet.',
    svm: 'Solana: base58 addresses and mints, versioned transactions.',
  }),
});
export const ModeEnum = builder.enumType('Mode', {
  description: 'Test or live: every key, and everything it creates, belongs to one.',
  values: describedValues({
    test: 'Test mode: sandbox payments and sample events; nothing real moves through the service.',
    live: 'Live mode: real payments on mainnets; needs an account with live mode enabled.',
  }),
});
