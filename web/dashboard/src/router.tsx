import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * Client routing under /dashboard: the server answers every /dashboard/* path with the same shell, and the app
 * picks the page from the path. Paths inside the app are written without the prefix (`/keys`, `/logs/req_…`).
 */
const BASE = '/dashboard';

const NAVIGATE = 'dashboard:navigate';

/** The app path now (`/` for /dashboard), and its query string. */
export function currentLocation(): { path: string; search: URLSearchParams } {
  const p = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : location.pathname;
  return { path: p === '' ? '/' : p.replace(/\/+$/, '') || '/', search: new URLSearchParams(location.search) };
}

/** Goes to an app path (with an optional query string) without a page load. */
export function navigate(to: string, opts: { replace?: boolean } = {}) {
  const url = BASE + (to === '/' ? '' : to);
  if (opts.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.dispatchEvent(new Event(NAVIGATE));
}

/** Re-renders on every navigation (links, back and forward). */
export function useLocation() {
  const [loc, setLoc] = useState(currentLocation);
  useEffect(() => {
    const on = () => setLoc(currentLocation());
    window.addEventListener('popstate', on);
    window.addEventListener(NAVIGATE, on);
    return () => {
      window.removeEventListener('popstate', on);
      window.removeEventListener(NAVIGATE, on);
    };
  }, []);
  return loc;
}

/** `pattern` like `/logs/:id` against `path`: the named parts, or null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.startsWith(':')) params[a[i]!.slice(1)] = decodeURIComponent(b[i]!);
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

interface LinkProps {
  href: string;
  children?: ComponentChildren;
  class?: string;
  'aria-current'?: 'page';
  'aria-label'?: string;
}

/** An anchor to an app path: a real link (opens in a new tab, copies), navigated in place on a plain click. */
export function Link({ href, children, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={BASE + (href === '/' ? '' : href)}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
