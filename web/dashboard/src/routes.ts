import type { ComponentType } from 'preact';
import { ApiKeysPage } from './pages/api-keys';
import { OverviewPage } from './pages/overview';
import { PartnerPage } from './pages/partner';
import { RequestLogDetailPage, RequestLogsPage } from './pages/request-logs';
import { TeamPage } from './pages/team';
import { UsagePage } from './pages/usage';
import { CheckoutSessionDetailPage, CheckoutSessionsPage } from './pages/checkout-sessions';
import { DepositAddressDetailPage, DepositAddressesPage, NewDepositAddressPage } from './pages/deposit-addresses';
import { InvoiceDetailPage, InvoicesPage, NewInvoicePage } from './pages/invoices';
import { LimitOrderDetailPage, LimitOrdersPage } from './pages/limit-orders';
import { OrderDetailPage, OrdersPage } from './pages/orders';
import { NewSubscriptionPage, SubscriptionDetailPage, SubscriptionsPage, TestClocksPage } from './pages/subscriptions';
import { WebhookEndpointPage, WebhooksPage } from './pages/webhooks';

/**
 * Every page of the dashboard: its path under /dashboard (`:name` parts become `params`), its title, and where
 * it sits in the navigation (pages without `nav`, such as a detail page, are reached by links). A new page is a
 * component in ./pages and one entry here.
 */
export interface PageDef {
  path: string;
  title: string;
  nav?: { label: string; group: NavGroup };
  component: ComponentType<{ params: Record<string, string> }>;
}

export type NavGroup = 'Home' | 'Payments' | 'Developers' | 'Settings';
export const NAV_GROUPS: NavGroup[] = ['Home', 'Payments', 'Developers', 'Settings'];

export const PAGES: PageDef[] = [
  { path: '/', title: 'Overview', nav: { label: 'Overview', group: 'Home' }, component: OverviewPage },
  // Payments (web/dashboard/src/pages: orders, checkout-sessions, invoices, subscriptions, deposit-addresses, limit-orders).
  { path: '/orders', title: 'Orders', nav: { label: 'Orders', group: 'Payments' }, component: OrdersPage },
  { path: '/orders/:id', title: 'Order', component: OrderDetailPage },
  { path: '/checkout-sessions', title: 'Checkout sessions', nav: { label: 'Checkout sessions', group: 'Payments' }, component: CheckoutSessionsPage },
  { path: '/checkout-sessions/:id', title: 'Checkout session', component: CheckoutSessionDetailPage },
  { path: '/invoices', title: 'Invoices', nav: { label: 'Invoices', group: 'Payments' }, component: InvoicesPage },
  { path: '/invoices/new', title: 'New invoice', component: NewInvoicePage },
  { path: '/invoices/:id', title: 'Invoice', component: InvoiceDetailPage },
  { path: '/subscriptions', title: 'Subscriptions', nav: { label: 'Subscriptions', group: 'Payments' }, component: SubscriptionsPage },
  { path: '/subscriptions/new', title: 'New subscription', component: NewSubscriptionPage },
  { path: '/subscriptions/:id', title: 'Subscription', component: SubscriptionDetailPage },
  { path: '/test-clocks', title: 'Test clocks', component: TestClocksPage },
  { path: '/deposit-addresses', title: 'Deposit addresses', nav: { label: 'Deposit addresses', group: 'Payments' }, component: DepositAddressesPage },
  { path: '/deposit-addresses/new', title: 'New deposit address', component: NewDepositAddressPage },
  { path: '/deposit-addresses/:id', title: 'Deposit address', component: DepositAddressDetailPage },
  { path: '/limit-orders', title: 'Limit orders', nav: { label: 'Limit orders', group: 'Payments' }, component: LimitOrdersPage },
  { path: '/limit-orders/:id', title: 'Limit order', component: LimitOrderDetailPage },
  { path: '/webhooks', title: 'Webhooks', nav: { label: 'Webhooks', group: 'Developers' }, component: WebhooksPage },
  { path: '/webhooks/:id', title: 'Webhook endpoint', component: WebhookEndpointPage },
  { path: '/keys', title: 'API keys', nav: { label: 'API keys', group: 'Developers' }, component: ApiKeysPage },
  { path: '/logs', title: 'Request logs', nav: { label: 'Request logs', group: 'Developers' }, component: RequestLogsPage },
  { path: '/logs/:id', title: 'Request', component: RequestLogDetailPage },
  { path: '/usage', title: 'Usage', nav: { label: 'Usage', group: 'Developers' }, component: UsagePage },
  { path: '/team', title: 'Team and sessions', nav: { label: 'Team and sessions', group: 'Settings' }, component: TeamPage },
  { path: '/partner', title: 'Partner profile', nav: { label: 'Partner profile', group: 'Settings' }, component: PartnerPage },
];
