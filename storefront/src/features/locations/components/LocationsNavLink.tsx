import Inventory2 from '@mui/icons-material/Inventory2';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useLocation as useRouterLocation } from 'react-router-dom';

import { RouterLink } from '../../../components/RouterLink';
import { useMyLocations } from '../api/get-my-locations';

/**
 * The "Count and top up" entry of the navigation, only for users with a location to count. Loaded
 * after the first page (AppShell), so neither its code nor its request delays the catalogue.
 */
export function LocationsNavLink({ onNavigate }: { onNavigate(): void }) {
  const { data } = useMyLocations();
  const { pathname } = useRouterLocation();
  if (!data || data.length === 0) return null;
  return (
    <ListItemButton
      component={RouterLink}
      to="/locations"
      selected={pathname === '/locations' || pathname.startsWith('/locations/')}
      onClick={onNavigate}
    >
      <ListItemIcon>
        <Inventory2 />
      </ListItemIcon>
      <ListItemText primary="Count and top up" />
    </ListItemButton>
  );
}
