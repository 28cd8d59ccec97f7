import type { ComponentType } from 'preact';
import { AuditLogPage } from './pages/audit-log';
import { HomePage } from './pages/home';

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

type NavGroup = 'Operator' | 'Records';
export const NAV_GROUPS: NavGroup[] = ['Operator', 'Records'];

export const PAGES: PageDef[] = [
  { path: '/', title: 'Operator', nav: { label: 'Overview', group: 'Operator' }, component: HomePage },
  { path: '/audit-log', title: 'Audit log', nav: { label: 'Audit log', group: 'Records' }, component: AuditLogPage },
];
