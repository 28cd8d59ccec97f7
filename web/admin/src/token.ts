/**
 * The operator's token, kept in this tab's sessionStorage: gone when the tab closes, never in localStorage (it
 * would outlive the session) nor in a cookie (the browser would send it by itself, which is what CSRF rides on).
 */
const KEY = 'admin-token';

export const storedToken = (): string | null => sessionStorage.getItem(KEY);
export const storeToken = (token: string) => sessionStorage.setItem(KEY, token);
export const clearToken = () => sessionStorage.removeItem(KEY);
