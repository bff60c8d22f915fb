import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';

import { RouterLink } from '../../components/RouterLink';
import type { NavigationItem } from './navigation';

// Its own chunk and request, after the first page: shown only to users with a location to count.
const LocationsNavLink = lazy(async () => ({
  default: (await import('../../features/locations/components/LocationsNavLink')).LocationsNavLink,
}));

interface NavigationListProps {
  items: readonly NavigationItem[];
  onNavigate(): void;
}

/** The left navigation's links, in the side panel (desktop) and in the slide-in drawer (mobile). */
export function NavigationList({ items, onNavigate }: NavigationListProps) {
  const { pathname } = useLocation();
  return (
    <>
      <Toolbar />
      <List component="nav" aria-label="Main navigation">
        {items.map((item) => (
          <ListItemButton
            key={item.to}
            component={RouterLink}
            to={item.to}
            selected={pathname === item.to || pathname.startsWith(`${item.to}/`)}
            onClick={onNavigate}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
        <Suspense fallback={null}>
          <LocationsNavLink onNavigate={onNavigate} />
        </Suspense>
      </List>
    </>
  );
}
