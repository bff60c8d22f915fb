import MedicalServices from '@mui/icons-material/MedicalServices';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router-dom';

import { hasAllowedRole, SessionRefreshBanner, useAuth, UserMenu } from '../../features/auth';
import { CartButton, CartProvider } from '../../features/cart';
import { NAVIGATION_ITEMS } from './navigation';

const DRAWER_WIDTH = 220;

/** The signed-in app's frame (provider-portal §2 Shell): header with cart and user menu, left navigation, refresh banner. */
export function AppShell() {
  const { roles } = useAuth();
  const { pathname } = useLocation();
  const [isNavigationOpen, setIsNavigationOpen] = useState(false);
  const items = NAVIGATION_ITEMS.filter((item) => !item.roles || hasAllowedRole(roles, item.roles));

  const navigation = (
    <>
      <Toolbar />
      <List component="nav" aria-label="Main navigation">
        {items.map((item) => (
          <ListItemButton
            key={item.to}
            component={RouterLink}
            to={item.to}
            selected={pathname === item.to || pathname.startsWith(`${item.to}/`)}
            onClick={() => setIsNavigationOpen(false)}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
    </>
  );

  return (
    <CartProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
          <Toolbar>
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              onClick={() => setIsNavigationOpen(true)}
              sx={{ mr: 1, display: { md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Link
              component={RouterLink}
              to="/catalog"
              color="inherit"
              underline="none"
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexGrow: 1 }}
            >
              <MedicalServices aria-hidden />
              <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
                supply hub
              </Typography>
            </Link>
            <CartButton />
            <UserMenu />
          </Toolbar>
        </AppBar>
        <Drawer
          variant="temporary"
          open={isNavigationOpen}
          onClose={() => setIsNavigationOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {navigation}
        </Drawer>
        <Drawer
          variant="permanent"
          sx={{
            display: { xs: 'none', md: 'block' },
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          {navigation}
        </Drawer>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Toolbar />
          <SessionRefreshBanner />
          <Outlet />
        </Box>
      </Box>
    </CartProvider>
  );
}
