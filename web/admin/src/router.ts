import { createRouter, useRoutedPage } from '../../dashboard/src/router';

/** Client routing under /admin (the dashboard's router, on this base). */
export const { currentLocation, navigate, useLocation, Link } = createRouter('/admin');
export { useRoutedPage };
