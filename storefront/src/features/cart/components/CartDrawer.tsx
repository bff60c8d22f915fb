import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useRef, useState } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { describeCartError, isCartEmpty } from '../cart.rules';
import { useCart } from '../hooks/use-cart';
import { CartLine } from './CartLine';
import { ClearCartDialog } from './ClearCartDialog';
import { SubmitOrderPanel } from './SubmitOrderPanel';

// The budget panel loads with the open cart, never with /catalog (its initial bundle is full).
const BudgetPanel = lazy(() => import('./BudgetPanel'));
// PunchOut shopping likewise loads only with the open cart.
const SupplierCartPanel = lazy(() => import('./SupplierCartPanel'));

/** provider-portal §2 Cart drawer: the lines, Clear, and the submit panel (or the admin notice). */
export function CartDrawer() {
  const { cart, status, isDrawerOpen, closeDrawer, setQuantity, clear, reload, drawerNotice } = useCart();
  const showToast = useToast();
  const titleId = useId();
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const [isConfirmingClear, setIsConfirmingClear] = useState(false);
  const count = cart.item_count;

  const report = (change: Promise<void>) =>
    change.catch((error: unknown) => showToast({ title: describeCartError(error), severity: 'error' }));

  return (
    <Drawer
      anchor="right"
      open={isDrawerOpen}
      onClose={closeDrawer}
      // Above the app bar, which itself sits above the navigation drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Shopping Cart ({count} items)
        </Typography>
        {!isCartEmpty(cart) && (
          <Button color="error" onClick={() => setIsConfirmingClear(true)}>
            Clear
          </Button>
        )}
        <ClearCartDialog
          open={isConfirmingClear}
          itemCount={count}
          onCancel={() => setIsConfirmingClear(false)}
          onConfirm={() => {
            setIsConfirmingClear(false);
            void report(clear());
          }}
          // Clear goes away with the last line: focus moves to Close, or it would fall to the page
          // behind the drawer, where Escape no longer closes it.
          onClosed={() => closeButtonRef.current?.focus()}
        />
        <IconButton ref={closeButtonRef} aria-label="Close cart" onClick={closeDrawer}>
          <Close />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', px: 2 }}>
        {drawerNotice && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            {drawerNotice}
          </Alert>
        )}
        {status === 'error' && (
          <Alert
            severity="error"
            sx={{ my: 2 }}
            action={
              <Button color="inherit" size="small" onClick={reload}>
                Retry
              </Button>
            }
          >
            Your cart could not be loaded.
          </Alert>
        )}
        {status === 'loading' && cart.items.length === 0 && (
          <Typography role="status" sx={{ py: 4, textAlign: 'center' }}>
            Loading
          </Typography>
        )}
        {status === 'ready' && isCartEmpty(cart) && (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            Your cart is empty
          </Typography>
        )}
        {cart.items.length > 0 && (
          <Box component="ul" aria-label="Cart items" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {cart.items.map((item) => (
              <CartLine
                key={item.product.asin}
                item={item}
                onQuantityChange={(quantity) => void report(setQuantity(item.product.asin, quantity))}
              />
            ))}
          </Box>
        )}
        {isDrawerOpen && status === 'ready' && (
          <Suspense fallback={null}>
            <SupplierCartPanel />
          </Suspense>
        )}
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        {isDrawerOpen && !isCartEmpty(cart) && (
          <Suspense fallback={null}>
            <BudgetPanel />
          </Suspense>
        )}
        <SubmitOrderPanel />
      </Box>
    </Drawer>
  );
}
