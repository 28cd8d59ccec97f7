import { PageHeader } from '../../../dashboard/src/components/ui';
import { Link } from '../router';

/** What each operator page is for (the pages of the navigation, in its order). */
const SECTIONS: Array<{ href: string; label: string; about: string }> = [
  { href: '/partners', label: 'Partners', about: 'integration partners: fee settings and bounds, accounts, linked keys; create, edit, deactivate.' },
  { href: '/accounts', label: 'Accounts', about: 'find an account; its keys and team, live mode, rate limits, suspension.' },
  { href: '/ledger', label: 'Fee ledger', about: 'balances, fee totals by partner, account, provider, token, day or month, entries, CSV, reversals.' },
  { href: '/incidents', label: 'Incidents', about: 'incidents and maintenance of the public status page: post one, post its updates until resolved.' },
  { href: '/audit-log', label: 'Audit log', about: 'every admin write: who, what, and the resource before and after.' },
];

/** The first page after sign-in: what each page is for. */
export function HomePage() {
  return (
    <>
      <PageHeader title="Operator" />
      <p>The operator’s pages of this service. Every change made here is recorded in the audit log under your token’s name.</p>
      <ul class="overview-links">
        {SECTIONS.map((s) => (
          <li key={s.href}>
            <Link href={s.href}>{s.label}</Link>: {s.about}
          </li>
        ))}
      </ul>
    </>
  );
}
