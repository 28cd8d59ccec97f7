import type { ComponentChildren } from 'preact';
import { Frame } from '../../dashboard/src/components/frame';
import { Link } from './router';
import { NAV_GROUPS, PAGES } from './routes';

/**
 * The frame of every operator page (the dashboard's, components/frame.tsx): the header says these are the
 * operator's pages and holds sign-out (which forgets the token in this tab).
 */
export function Layout({ path, brand, onSignOut, children }: { path: string; brand: string; onSignOut: () => void; children: ComponentChildren }) {
  return (
    <Frame
      brand={`${brand} admin`}
      Link={Link}
      navLabel="Admin"
      groups={NAV_GROUPS.map((g) => ({ heading: g, items: PAGES.filter((p) => p.nav?.group === g).map((p) => ({ href: p.path, label: p.nav!.label })) }))}
      path={path}
      class="admin"
      controls={
        <div class="who">
          <span class="muted small">Operator</span>
          <button type="button" class="secondary" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      }
    >
      {children}
    </Frame>
  );
}
