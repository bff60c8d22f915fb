import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';

import { SignedInIdentity } from '../../features/auth';

import type { NavigationItem } from './navigation';
import { NavigationList } from './NavigationList';

interface MobileNavigationDrawerProps {
  items: readonly NavigationItem[];
  open: boolean;
  width: number;
  onClose(): void;
}

/**
 * The slide-in navigation of small screens, headed by who is signed in (the phone's header has room
 * for the user menu's icon only); its own chunk, loaded when it first opens.
 */
export function MobileNavigationDrawer({ items, open, width, onClose }: MobileNavigationDrawerProps) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width } }}
    >
      <NavigationList
        items={items}
        onNavigate={onClose}
        header={
          <>
            <SignedInIdentity />
            <Divider />
          </>
        }
      />
    </Drawer>
  );
}
