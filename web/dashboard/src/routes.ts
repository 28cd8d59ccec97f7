import type { ComponentType } from 'preact';
import { ApiKeysPage } from './pages/api-keys';
import { OverviewPage } from './pages/overview';
import { PartnerPage } from './pages/partner';
import { RequestLogDetailPage, RequestLogsPage } from './pages/request-logs';
import { TeamPage } from './pages/team';
import { UsagePage } from './pages/usage';

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
  { path: '/keys', title: 'API keys', nav: { label: 'API keys', group: 'Developers' }, component: ApiKeysPage },
  { path: '/logs', title: 'Request logs', nav: { label: 'Request logs', group: 'Developers' }, component: RequestLogsPage },
  { path: '/logs/:id', title: 'Request', component: RequestLogDetailPage },
  { path: '/usage', title: 'Usage', nav: { label: 'Usage', group: 'Developers' }, component: UsagePage },
  { path: '/team', title: 'Team and sessions', nav: { label: 'Team and sessions', group: 'Settings' }, component: TeamPage },
  { path: '/partner', title: 'Partner profile', nav: { label: 'Partner profile', group: 'Settings' }, component: PartnerPage },
];
