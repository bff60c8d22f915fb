import type { AuthProvider } from 'react-admin';

/**
 * Placeholder: lets everyone in. The server-session authProvider (checkAuth against the session,
 * logout to /login of the storefront, role-based permissions) comes with the identity issue.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve([]),
};
