import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { isApiError } from '../../../lib/api-client';
import { startSupplierShopping, useRemoveSupplierItem } from '../api/supplier-shop';
import { usd, centsOf } from '../budget-panel.rules';
import { useCart } from '../hooks/use-cart';

/**
 * The cart's lines from the supplier's PunchOut shop (priced as quoted; shop again to change them)
 * and "Shop at supplier". Loaded with the open drawer, never with /catalog.
 */
export default function SupplierCartPanel() {
  const { cart, canSubmit } = useCart();
  const { mutate: remove, isPending: isRemoving } = useRemoveSupplierItem();
  const [isStarting, setIsStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const shop = async () => {
    setIsStarting(true);
    setProblem(null);
    try {
      const session = await startSupplierShopping();
      window.location.assign(session.start_page);
    } catch (error) {
      setIsStarting(false);
      setProblem(isApiError(error) ? error.message : "The supplier's shop could not be opened. Please try again.");
    }
  };

  return (
    <Box sx={{ py: 1 }}>
      {cart.supplier_items.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            From the supplier&apos;s shop
          </Typography>
          <Box component="ul" aria-label="Supplier items" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {cart.supplier_items.map((item) => (
              <Stack component="li" key={item.id} direction="row" spacing={1.5} sx={{ py: 1, alignItems: 'center' }}>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {item.description}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    Part {item.supplier_part_id} · {item.quantity} {item.unit_of_measure} ×{' '}
                    {usd(centsOf(item.unit_price))} (quoted by the supplier)
                  </Typography>
                </Box>
                <IconButton
                  aria-label={`Remove ${item.description} from cart`}
                  disabled={isRemoving}
                  onClick={() =>
                    remove(item.id, { onError: () => setProblem('The item could not be removed. Please try again.') })
                  }
                >
                  <DeleteOutlined />
                </IconButton>
              </Stack>
            ))}
          </Box>
        </>
      )}
      {canSubmit && (
        <Button variant="outlined" fullWidth disabled={isStarting} onClick={() => void shop()} sx={{ mt: 1 }}>
          {isStarting ? 'Opening the supplier’s shop…' : 'Shop at supplier'}
        </Button>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
