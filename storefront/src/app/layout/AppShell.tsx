import MedicalServices from '@mui/icons-material/MedicalServices';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';

import { LoadingScreen } from '../../components/LoadingScreen';
import { RouterLink } from '../../components/RouterLink';
import { hasAllowedRole, SessionRefreshBanner, useAuth, UserMenu } from '../../features/auth';
import { CartButton, CartProvider } from '../../features/cart';
import { canViewProfile } from '../../features/profile/profile-access.rules';
import { useRealtimeInvalidation } from '../realtime-invalidation';
import { NAVIGATION_ITEMS } from './navigation';
import { NavigationList } from './NavigationList';
import { BackOfficeLink } from './BackOfficeLink';

const DRAWER_WIDTH = 220;

// Small screens only, and only once opened: the drawer's modal and slide code stay out of the first load.
const MobileNavigationDrawer = lazy(async () => ({
  default: (await import('./MobileNavigationDrawer')).MobileNavigationDrawer,
}));

/** The signed-in app's frame (provider-portal §2 Shell): header with cart and user menu, left navigation, refresh banner. */
export function AppShell() {
  const { roles } = useAuth();
  useRealtimeInvalidation();
  const [isNavigationOpen, setIsNavigationOpen] = useState(false);
  const [hasOpenedNavigation, setHasOpenedNavigation] = useState(false);
  const items = NAVIGATION_ITEMS.filter((item) => !item.roles || hasAllowedRole(roles, item.roles));

  return (
    <CartProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
          <Toolbar>
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              onClick={() => {
                setIsNavigationOpen(true);
                setHasOpenedNavigation(true);
              }}
              sx={{ mr: 1, display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Box
              component={RouterLink}
              to="/catalog"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                flexGrow: 1,
                // Gives way to the buttons (never the other way round): the cart must stay reachable.
                minWidth: 0,
                color: 'inherit',
                textDecoration: 'none',
              }}
            >
              <MedicalServices aria-hidden sx={{ flexShrink: 0 }} />
              <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 700 }}>
                supply hub
              </Typography>
            </Box>
            <BackOfficeLink roles={roles} />
            <CartButton />
            <UserMenu profilePath={canViewProfile(roles, '') ? '/profile' : '/settings'} />
          </Toolbar>
        </AppBar>
        {hasOpenedNavigation && (
          <Suspense fallback={null}>
            <MobileNavigationDrawer
              items={items}
              open={isNavigationOpen}
              width={DRAWER_WIDTH}
              onClose={() => setIsNavigationOpen(false)}
            />
          </Suspense>
        )}
        {/* The permanent side panel of wider screens: what MUI's permanent Drawer renders, without its modal code. */}
        <Box sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0 }}>
          <Paper
            square
            elevation={0}
            sx={{
              position: 'fixed',
              top: 0,
              left: 0,
              zIndex: 'drawer',
              width: DRAWER_WIDTH,
              height: '100%',
              boxSizing: 'border-box',
              display: 'flex',
              flexDirection: 'column',
              overflowY: 'auto',
              borderRight: 1,
              borderColor: 'divider',
            }}
          >
            <NavigationList items={items} onNavigate={() => setIsNavigationOpen(false)} />
          </Paper>
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Toolbar />
          <SessionRefreshBanner />
          {/* The header and navigation stay while a screen's code loads. */}
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </CartProvider>
  );
}
