import { createBrowserRouter, Navigate } from 'react-router-dom';

import { LoadingScreen } from '../components/LoadingScreen';
import { RouteErrorPage } from '../components/RouteErrorPage';
import { ProtectedRoute, RoleRedirect } from '../features/auth';
import { AppRoot } from './AppRoot';
import { AppShell } from './layout/AppShell';
import { ORDERS_ROLES } from './route-access';

const authCallback = {
  Component: async () => (await import('../features/auth/components/AuthCallbackPage')).AuthCallbackPage,
};
// The server answers /auth and /auth/start with a redirect too; this covers navigation inside the app.
const toSignIn = <Navigate to="/login" replace />;

// Route table: provider-portal.md §2 and admin-portal.md §2.1. Each screen loads as its own chunk.
export const router = createBrowserRouter([
  {
    Component: AppRoot,
    HydrateFallback: LoadingScreen,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/login',
        lazy: { Component: async () => (await import('../features/auth/components/SignInPage')).SignInPage },
      },
      { path: '/auth', element: toSignIn },
      { path: '/auth/*', element: toSignIn },
      { path: '/auth/callback', lazy: authCallback },
      // Other return points of social and single sign-on (provider-portal §2).
      { path: '/auth/saml/*', lazy: authCallback },
      { path: '/saml/*', lazy: authCallback },
      { path: '/app/*', lazy: authCallback },
      { path: '/sso/*', lazy: authCallback },
      // Signed in, no role required; each page sends elsewhere by the account's state itself.
      {
        path: '/onboarding',
        lazy: {
          Component: async () => (await import('../features/onboarding/components/OnboardingPage')).OnboardingPage,
        },
      },
      {
        path: '/pending-approval',
        lazy: {
          Component: async () =>
            (await import('../features/onboarding/components/PendingApprovalPage')).PendingApprovalPage,
        },
      },
      {
        // The app: signed in, onboarding completed and account approved (provider-portal §4 route guard).
        element: <ProtectedRoute requireApprovedAccount />,
        children: [
          {
            Component: AppShell,
            children: [
              {
                path: '/catalog',
                lazy: {
                  Component: async () => (await import('../features/catalogue/components/CatalogPage')).CatalogPage,
                },
              },
              {
                path: '/product/:asin',
                lazy: {
                  Component: async () => (await import('../features/catalogue/components/ProductPage')).ProductPage,
                },
              },
              {
                element: <ProtectedRoute allowedRoles={ORDERS_ROLES} />,
                children: [
                  {
                    path: '/orders',
                    lazy: {
                      Component: async () => (await import('../features/orders/components/OrdersPage')).OrdersPage,
                    },
                  },
                ],
              },
              {
                path: '/settings',
                lazy: {
                  Component: async () => (await import('../features/settings/components/SettingsPage')).SettingsPage,
                },
              },
              {
                path: '/profile',
                lazy: {
                  Component: async () => (await import('../features/profile/components/ProfilePage')).ProfilePage,
                },
              },
            ],
          },
        ],
      },
      {
        path: '/sso-doctor',
        lazy: {
          Component: async () => (await import('../features/diagnostics/components/SsoDoctorPage')).SsoDoctorPage,
        },
      },
      {
        path: '/saml-debug',
        lazy: {
          Component: async () => (await import('../features/diagnostics/components/SamlDebugPage')).SamlDebugPage,
        },
      },
      {
        // admin-portal §2.1: no route guard; the page itself shows Access Denied to non-admins.
        path: '/production',
        lazy: {
          Component: async () =>
            (await import('../features/diagnostics/components/ProductionSettingsPage')).ProductionSettingsPage,
        },
      },
      { path: '/', element: <RoleRedirect /> },
      { path: '/dashboard', element: <RoleRedirect /> },
      { path: '*', element: <RoleRedirect /> },
    ],
  },
]);
