import { createBrowserRouter } from 'react-router-dom';

import { RouteErrorPage } from '../components/RouteErrorPage';
import { AuthCallbackPage } from '../features/auth/components/AuthCallbackPage';
import { RoleRedirect } from '../features/auth/components/RoleRedirect';
import { SignInPage } from '../features/auth/components/SignInPage';
import { CatalogPage } from '../features/catalogue/components/CatalogPage';
import { ProductPage } from '../features/catalogue/components/ProductPage';
import { ProductionSettingsPage } from '../features/diagnostics/components/ProductionSettingsPage';
import { SamlDebugPage } from '../features/diagnostics/components/SamlDebugPage';
import { SsoDoctorPage } from '../features/diagnostics/components/SsoDoctorPage';
import { OnboardingPage } from '../features/onboarding/components/OnboardingPage';
import { PendingApprovalPage } from '../features/onboarding/components/PendingApprovalPage';
import { OrdersPage } from '../features/orders/components/OrdersPage';
import { ProfilePage } from '../features/profile/components/ProfilePage';
import { SettingsPage } from '../features/settings/components/SettingsPage';

// Route table: provider-portal.md §2 and admin-portal.md §2.1. Login and role guards come with the identity issue.
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <SignInPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      // Other return points of social and single sign-on (provider-portal §2).
      { path: '/auth/saml/*', element: <AuthCallbackPage /> },
      { path: '/saml/*', element: <AuthCallbackPage /> },
      { path: '/app/*', element: <AuthCallbackPage /> },
      { path: '/sso/*', element: <AuthCallbackPage /> },
      { path: '/onboarding', element: <OnboardingPage /> },
      { path: '/pending-approval', element: <PendingApprovalPage /> },
      { path: '/catalog', element: <CatalogPage /> },
      { path: '/product/:asin', element: <ProductPage /> },
      { path: '/orders', element: <OrdersPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/sso-doctor', element: <SsoDoctorPage /> },
      { path: '/saml-debug', element: <SamlDebugPage /> },
      { path: '/production', element: <ProductionSettingsPage /> },
      { path: '/', element: <RoleRedirect /> },
      { path: '/dashboard', element: <RoleRedirect /> },
      { path: '*', element: <RoleRedirect /> },
    ],
  },
]);
