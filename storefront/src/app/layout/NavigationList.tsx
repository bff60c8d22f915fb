import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { RouterLink } from '../../components/RouterLink';
import type { NavigationItem } from './navigation';

// Shown only to users with a location to count: its own small chunk and request, asked for a moment
// after start so that the first page loads nothing more for it. Not the count screen's chunk: that
// one brings the API's zod schemas and form fields, whose evaluation blocked the main thread.
const afterStart = new Promise((resolve) => setTimeout(resolve, 2500));
const LocationsNavLink = lazy(() =>
  afterStart
    .then(() => import('../../features/locations/components/LocationsNavLink'))
    .then((link) => ({ default: link.LocationsNavLink })),
);

interface NavigationListProps {
  items: readonly NavigationItem[];
  onNavigate(): void;
  /** Shown above the links instead of the header's spacer (the drawer covers the header). */
  header?: ReactNode;
}

/** The left navigation's links, in the side panel (desktop) and in the slide-in drawer (mobile). */
export function NavigationList({ items, onNavigate, header }: NavigationListProps) {
  const { pathname } = useLocation();
  return (
    <>
      {header ?? <Toolbar />}
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
