import type { ComponentType } from 'preact';
import { AccountDetailPage, AccountsPage } from './pages/accounts';
import { AuditLogPage } from './pages/audit-log';
import { HomePage } from './pages/home';
import { IncidentDetailPage, IncidentsPage, NewIncidentPage } from './pages/incidents';
import { LedgerPage } from './pages/ledger';
import { NewPartnerPage, PartnerDetailPage, PartnersPage } from './pages/partners';

/**
 * Every operator page: its path under /admin (`:name` parts become `params`), its title, and where it sits in the
 * navigation (pages without `nav`, such as a detail page, are reached by links). A new page is a component in
 * ./pages and one entry here.
 */
interface PageDef {
  path: string;
  title: string;
  nav?: { label: string; group: NavGroup };
  component: ComponentType<{ params: Record<string, string> }>;
}

type NavGroup = 'Operator' | 'Customers' | 'Money' | 'Platform' | 'Records';
export const NAV_GROUPS: NavGroup[] = ['Operator', 'Customers', 'Money', 'Platform', 'Records'];

export const PAGES: PageDef[] = [
  { path: '/', title: 'Operator', nav: { label: 'Overview', group: 'Operator' }, component: HomePage },
  { path: '/partners', title: 'Partners', nav: { label: 'Partners', group: 'Customers' }, component: PartnersPage },
  { path: '/new-partner', title: 'New partner', component: NewPartnerPage },
  { path: '/partners/:id', title: 'Partner', component: PartnerDetailPage },
  { path: '/accounts', title: 'Accounts', nav: { label: 'Accounts', group: 'Customers' }, component: AccountsPage },
  { path: '/accounts/:id', title: 'Account', component: AccountDetailPage },
  { path: '/ledger', title: 'Fee ledger', nav: { label: 'Fee ledger', group: 'Money' }, component: LedgerPage },
  { path: '/incidents', title: 'Incidents', nav: { label: 'Incidents', group: 'Platform' }, component: IncidentsPage },
  { path: '/new-incident', title: 'Post an incident', component: NewIncidentPage },
  { path: '/incidents/:id', title: 'Incident', component: IncidentDetailPage },
  { path: '/audit-log', title: 'Audit log', nav: { label: 'Audit log', group: 'Records' }, component: AuditLogPage },
];
