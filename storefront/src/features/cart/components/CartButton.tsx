import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';

import { useCart } from '../hooks/use-cart';

// The drawer's code loads when it first opens: the catalogue's first paint does not wait for it.
const CartDrawer = lazy(async () => ({ default: (await import('./CartDrawer')).CartDrawer }));

/** The shell header's cart trigger with its count badge (provider-portal §2 Cart drawer). */
export function CartButton() {
  const { cart, isDrawerOpen, openDrawer } = useCart();
  const [hasOpened, setHasOpened] = useState(false);
  const count = cart.item_count;

  if (isDrawerOpen && !hasOpened) setHasOpened(true);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Shopping cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        aria-haspopup="dialog"
        onClick={openDrawer}
        sx={{ mr: { xs: 0, sm: 1 }, flexShrink: 0 }}
      >
        <Badge badgeContent={count} color="secondary" max={999}>
          <ShoppingCart />
        </Badge>
      </IconButton>
      {hasOpened && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
    </>
  );
}
