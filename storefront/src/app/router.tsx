import { lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';

import { ProtectedRoute, RoleRedirect, sessionAtStart } from '../features/auth';
import { prefetchCatalogue } from '../features/catalogue/catalogue-query';
import { AppRoot } from './AppRoot';
import { AppShell } from './layout/AppShell';
import { pageRoles } from './page-access.rules';

interface PageHandle {
  preload(): Promise<unknown>;
  /** Starts the screen's first data request, given the address's query string. */
  prefetch?(search: string): void;
}

/**
 * A screen as its own chunk. `preload` starts fetching it at start-up (preloadRoute), so the
 * chunk arrives while the session is still being read rather than after.
 */
function lazyPage(
  load: () => Promise<ComponentType>,
  prefetch?: PageHandle['prefetch'],
): Pick<RouteObject, 'element' | 'handle'> {
  const Page = lazy(async () => ({ default: await load() }));
  const handle: PageHandle = { preload: load, prefetch };
  return { element: <Page />, handle };
}

const authCallback = lazyPage(
  async () => (await import('../features/auth/components/AuthCallbackPage')).AuthCallbackPage,
);
// The server answers /auth and /auth/start with a redirect too; this covers navigation inside the app.
const toSignIn = <Navigate to="/login" replace />;

// Route table: provider-portal.md §2 and admin-portal.md §2.1; who opens a page: page-access.rules.ts.
// Each screen loads as its own chunk.
// React Router's declarative mode: the data router's loaders and actions are unused here, and
// its code would add about 16 KB (gzip) to every page's first load.
const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        path: '/login',
        ...lazyPage(async () => (await import('../features/auth/components/SignInPage')).SignInPage),
      },
      {
        path: '/confirm-sign-up',
        ...lazyPage(async () => (await import('../features/auth/components/ConfirmSignUpPage')).ConfirmSignUpPage),
      },
      {
        path: '/forgot-password',
        ...lazyPage(async () => (await import('../features/auth/components/ForgotPasswordPage')).ForgotPasswordPage),
      },
      {
        path: '/reset-password',
        ...lazyPage(async () => (await import('../features/auth/components/ResetPasswordPage')).ResetPasswordPage),
      },
      {
        // Demo mode only: the server answers this address with 404 outside demo mode.
        path: '/demo/mailbox',
        ...lazyPage(async () => (await import('../features/demo-mailbox/components/DemoMailboxPage')).DemoMailboxPage),
      },
      { path: '/auth', element: toSignIn },
      { path: '/auth/*', element: toSignIn },
      { path: '/auth/callback', ...authCallback },
      // Other return points of social and single sign-on (provider-portal §2).
      { path: '/auth/saml/*', ...authCallback },
      { path: '/saml/*', ...authCallback },
      { path: '/app/*', ...authCallback },
      { path: '/sso/*', ...authCallback },
      // Signed in, no role required; each page sends elsewhere by the account's state itself.
      {
        path: '/onboarding',
        ...lazyPage(async () => (await import('../features/onboarding/components/OnboardingPage')).OnboardingPage),
      },
      {
        path: '/pending-approval',
        ...lazyPage(
          async () => (await import('../features/onboarding/components/PendingApprovalPage')).PendingApprovalPage,
        ),
      },
      {
        // The app: signed in, onboarding completed and account approved (provider-portal §4 route guard).
        element: <ProtectedRoute requireApprovedAccount />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                path: '/catalog',
                ...lazyPage(
                  async () => (await import('../features/catalogue/components/CatalogPage')).CatalogPage,
                  prefetchCatalogue,
                ),
              },
              // Count and top up: the server answers only the caller's department's locations.
              {
                // The list at /locations, a location's count at /locations/:id: one entry, one chunk.
                path: '/locations/*',
                ...lazyPage(
                  async () => (await import('../features/locations/components/LocationsScreen')).LocationsScreen,
                ),
              },
              {
                path: '/product/:asin',
                ...lazyPage(async () => (await import('../features/catalogue/components/ProductPage')).ProductPage),
              },
              {
                element: <ProtectedRoute allowedRoles={pageRoles('orders')} />,
                children: [
                  {
                    path: '/orders',
                    ...lazyPage(async () => (await import('../features/orders/components/OrdersPage')).OrdersPage),
                  },
                ],
              },
              {
                element: <ProtectedRoute allowedRoles={pageRoles('standingOrders')} />,
                children: [
                  {
                    path: '/standing-orders',
                    ...lazyPage(
                      async () =>
                        (await import('../features/standing-orders/components/StandingOrdersPage')).StandingOrdersPage,
                    ),
                  },
                ],
              },
              {
                element: <ProtectedRoute allowedRoles={pageRoles('receiving')} />,
                children: [
                  {
                    path: '/receiving',
                    ...lazyPage(
                      async () => (await import('../features/orders/components/ReceivingPage')).ReceivingPage,
                    ),
                  },
                ],
              },
              {
                path: '/settings',
                ...lazyPage(async () => (await import('../features/settings/components/SettingsPage')).SettingsPage),
              },
              {
                path: '/profile',
                ...lazyPage(async () => (await import('../features/profile/components/ProfilePage')).ProfilePage),
              },
            ],
          },
        ],
      },
      {
        path: '/sso-doctor',
        ...lazyPage(async () => (await import('../features/diagnostics/components/SsoDoctorPage')).SsoDoctorPage),
      },
      {
        path: '/saml-debug',
        ...lazyPage(async () => (await import('../features/diagnostics/components/SamlDebugPage')).SamlDebugPage),
      },
      {
        // admin-portal §2.1: no route guard; the page itself shows Access Denied to non-admins.
        path: '/production',
        ...lazyPage(
          async () =>
            (await import('../features/diagnostics/components/ProductionSettingsPage')).ProductionSettingsPage,
        ),
      },
      { path: '/', element: <RoleRedirect /> },
      { path: '/dashboard', element: <RoleRedirect /> },
      { path: '*', element: <RoleRedirect /> },
    ],
  },
];

/** The screens of the route table, inside a <BrowserRouter>. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * At start-up: starts loading the code of the screen at this address alongside the session, and its
 * first data once the session is known (the server preloads it meanwhile for a live session). A
 * failure shows when the screen renders.
 */
export function preloadRoute({ pathname, search }: Pick<Location, 'pathname' | 'search'>): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const handle = match.route.handle as PageHandle | undefined;
    handle?.preload().catch(() => undefined);
    const prefetch = handle?.prefetch;
    // Data only for a session known to be signed in and approved: otherwise it would be refused.
    if (prefetch) {
      void sessionAtStart().then((session) => {
        if (session?.profile?.onboarding_approved) prefetch(search);
      });
    }
  }
}
