import Replay from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import type { Order } from '@supply-hub/api/contracts';
import { useState } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { useCart } from '../../cart';

/** Puts the order's lines that are still in the catalogue back into the cart. */
export function OrderAgainButton({ order }: { order: Order }) {
  const { addLines, openDrawer } = useCart();
  const showToast = useToast();
  const [isAdding, setIsAdding] = useState(false);

  async function orderAgain() {
    setIsAdding(true);
    try {
      const result = await addLines(order.lines.map((line) => ({ asin: line.asin, quantity: line.quantity })));
      const skipped =
        result.skippedLines > 0
          ? `${result.skippedLines} product(s) from this order are no longer in the catalog.`
          : undefined;
      if (result.addedLines === 0) {
        showToast({ title: 'Nothing was added to your cart.', description: skipped, severity: 'warning' });
        return;
      }
      showToast({ title: `Added ${result.addedItems} item(s) to cart.`, description: skipped });
      openDrawer();
    } catch {
      showToast({ title: 'The order could not be added to your cart. Please try again.', severity: 'error' });
    } finally {
      setIsAdding(false);
    }
  }

  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<Replay />}
      disabled={isAdding}
      aria-label={`Order again: ${order.order_number}`}
      onClick={() => void orderAgain()}
    >
      Order again
    </Button>
  );
}
