import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Router } from '../router';

export interface NavGroupItems {
  heading: string;
  items: Array<{ href: string; label: string }>;
}

/**
 * The frame of every signed-in page of a browser app (the dashboard, the operator's pages): a skip link, the
 * header (the brand, the app's `controls`, an optional `banner`), the navigation in groups (a menu button on a
 * phone) with the current page marked, and the page in `<main>`.
 */
export function Frame({
  brand,
  Link,
  navLabel,
  groups,
  path,
  controls,
  banner,
  class: cls,
  children,
}: {
  brand: string;
  Link: Router['Link'];
  /** The navigation's accessible name. */
  navLabel: string;
  groups: NavGroupItems[];
  path: string;
  controls: ComponentChildren;
  banner?: ComponentChildren;
  class?: string;
  children: ComponentChildren;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);
  return (
    <div class={cls ? `shell ${cls}` : 'shell'}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <div class="brand-row">
          <Link href="/" class="brand">
            {brand}
          </Link>
          <button type="button" class="secondary menu-button" aria-expanded={menuOpen} aria-controls="nav" onClick={() => setMenuOpen(!menuOpen)}>
            Menu
          </button>
        </div>
        <div class="controls">{controls}</div>
        {banner}
      </header>
      <div class="body">
        <nav id="nav" aria-label={navLabel} class={menuOpen ? 'open' : undefined}>
          {groups
            .filter((g) => g.items.length)
            .map((g) => (
              <div key={g.heading} class="nav-group">
                <h2 class="nav-heading">{g.heading}</h2>
                <ul>
                  {g.items.map((p) => {
                    const current = p.href === '/' ? path === '/' : path === p.href || path.startsWith(`${p.href}/`);
                    return (
                      <li key={p.href}>
                        <Link href={p.href} aria-current={current ? 'page' : undefined}>
                          {p.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
        </nav>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
