import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Product } from '@supply-hub/api/contracts';
import { canSubmitCart } from '@supply-hub/api/contracts/roles.rules';
import { useState } from 'react';

import { useToast } from '../../../components/ToastProvider';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { useCartActions } from '../../cart';
import { QuantityStepper } from './QuantityStepper';

interface AddToCartControlsProps {
  product: Product;
  size?: 'medium' | 'large';
}

/**
 * Quantity stepper (minimum 1) and Add to Cart (provider-portal §2), only for roles that may submit
 * the cart (decisions.md: no screen offers an action its role cannot finish — finance, a nurse).
 */
export function AddToCartControls({ product, size = 'medium' }: AddToCartControlsProps) {
  const { roles } = useAuth();
  return canSubmitCart(roles) ? <AddToCartStepper product={product} size={size} /> : null;
}

function AddToCartStepper({ product, size = 'medium' }: AddToCartControlsProps) {
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
