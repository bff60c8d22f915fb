import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Product } from '@supply-hub/api/contracts';
import { useState } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { isApiError } from '../../../lib/api-client';
import { useCartActions } from '../../cart';
import { QuantityStepper } from './QuantityStepper';

interface AddToCartControlsProps {
  product: Product;
  size?: 'medium' | 'large';
}

/** Quantity stepper (minimum 1) and Add to Cart, for non-admins (provider-portal §2). */
export function AddToCartControls({ product, size = 'medium' }: AddToCartControlsProps) {
  const { addItem } = useCartActions();
  const showToast = useToast();
  const [quantity, setQuantity] = useState(1);

  async function add() {
    const added = quantity;
    setQuantity(1);
    try {
      await addItem(product, added);
      showToast({ title: `Added ${added} item(s) to cart.` });
    } catch (error) {
      const message =
        isApiError(error) && (error.code === 'PRODUCT_NOT_IN_CATALOG' || error.code === 'QUANTITY_TOO_HIGH')
          ? error.message
          : 'The product could not be added to your cart. Please try again.';
      showToast({ title: message, severity: 'error' });
    }
  }

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <QuantityStepper value={quantity} onChange={setQuantity} label={product.title} />
      <Button variant="contained" size={size} startIcon={<AddShoppingCart />} onClick={() => void add()}>
        Add to Cart
      </Button>
    </Stack>
  );
}
