import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * Client routing of a browser app under its base path (`/dashboard`, `/admin`): the server answers every path
 * under the base with the same shell, and the app picks the page from the path. Paths inside the app are written
 * without the base (`/keys`, `/logs/req_…`).
 */
interface LinkProps {
  href: string;
  children?: ComponentChildren;
  class?: string;
  'aria-current'?: 'page';
  'aria-label'?: string;
}

export interface Router {
  /** The app path now (`/` for the base itself), and its query string. */
  currentLocation(): { path: string; search: URLSearchParams };
  /** Goes to an app path (with an optional query string) without a page load. */
  navigate(to: string, opts?: { replace?: boolean }): void;
  /** Re-renders on every navigation (links, back and forward). */
  useLocation(): { path: string; search: URLSearchParams };
  /** An anchor to an app path: a real link (opens in a new tab, copies), navigated in place on a plain click. */
  Link(props: LinkProps): JSX.Element;
}

export function createRouter(base: string): Router {
  const event = `${base.slice(1)}:navigate`;
  const currentLocation = () => {
    const p = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : location.pathname;
    return { path: p === '' ? '/' : p.replace(/\/+$/, '') || '/', search: new URLSearchParams(location.search) };
  };
  const navigate = (to: string, opts: { replace?: boolean } = {}) => {
    const url = base + (to === '/' ? '' : to);
    if (opts.replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    window.dispatchEvent(new Event(event));
  };
  const useLocation = () => {
    const [loc, setLoc] = useState(currentLocation);
    useEffect(() => {
      const on = () => setLoc(currentLocation());
      window.addEventListener('popstate', on);
      window.addEventListener(event, on);
      return () => {
        window.removeEventListener('popstate', on);
        window.removeEventListener(event, on);
      };
    }, []);
    return loc;
  };
  const Link = ({ href, children, ...rest }: LinkProps) => (
    <a
      {...rest}
      href={base + (href === '/' ? '' : href)}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
  return { currentLocation, navigate, useLocation, Link };
}

/** The dashboard's router (paths under /dashboard). */
export const { currentLocation, navigate, useLocation, Link } = createRouter('/dashboard');

/** `pattern` like `/logs/:id` against `path`: the named parts, or null when it does not match. */
function matchPath(pattern: string, path: string): Record<string, string> | null {
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

/**
 * The page of `path` among `pages` (the first whose pattern matches) and its params; sets the document title
 * (`<title> · <appTitle>`) and, after a navigation (not on the first render), moves focus to the page's h1 for
 * screen readers and scrolls to the top.
 */
export function useRoutedPage<P extends { path: string; title: string }>(
  pages: P[],
  path: string,
  appTitle: string,
): { page?: P; params: Record<string, string> } {
  const found = pages.map((p) => ({ page: p, params: matchPath(p.path, path) })).find((m) => m.params);
  const title = found?.page.title ?? 'Not found';
  const [first, setFirst] = useState(true);
  useEffect(() => {
    document.title = `${title} · ${appTitle}`;
    if (first) setFirst(false);
    else document.getElementById('page-title')?.focus();
    window.scrollTo(0, 0);
  }, [path]);
  return found ? { page: found.page, params: found.params! } : { params: {} };
}
