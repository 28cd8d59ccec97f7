import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** What the server rendered into the shell (src/pages/dashboard/page.ts) for the app to start with. */
export interface Boot {
  brand: string;
  /** `<docsUrl>/errors/<CODE>` documents each error code. */
  docsUrl: string;
  /** The development one-click sign-in is on (npm run dev only). */
  devSignIn: boolean;
  /** The development reload stream's path, when the server rebuilds on change. */
  reload: string | undefined;
}

export function readBoot(el: HTMLElement): Boot {
  return {
    brand: el.dataset.brand ?? 'Dashboard',
    docsUrl: el.dataset.docsUrl ?? '/docs',
    devSignIn: el.dataset.devSignIn === 'on',
    reload: el.dataset.reload,
  };
}

export const BootContext = createContext<Boot>({ brand: 'Dashboard', docsUrl: '/docs', devSignIn: false, reload: undefined });
export const useBoot = () => useContext(BootContext);
