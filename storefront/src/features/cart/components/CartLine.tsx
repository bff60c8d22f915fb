import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Cart } from '@supply-hub/api/contracts';
import { MAX_LINE_QUANTITY } from '@supply-hub/api/contracts/cart.rules';

import { ProductImage } from '../../../components/ProductImage';
import { visuallyHidden } from '../../../components/visually-hidden';

interface CartLineProps {
  item: Cart['items'][number];
  onQuantityChange(quantity: number): void;
}

/** One cart line: image, title, SKU, minus/plus (minus at 1 removes the line) and remove. */
export function CartLine({ item, onQuantityChange }: CartLineProps) {
  const { product, quantity } = item;
  return (
    <Stack component="li" direction="row" spacing={1.5} sx={{ py: 1.5, alignItems: 'center' }}>
      <ProductImage src={product.image_url} alt={product.title} height={56} width={56} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {product.title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          SKU: {product.sku ?? '—'}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5 }}>
          <IconButton
            size="small"
            aria-label={quantity === 1 ? `Remove ${product.title}` : `Decrease quantity of ${product.title}`}
            onClick={() => onQuantityChange(quantity - 1)}
          >
            <Remove fontSize="small" />
          </IconButton>
          <Typography sx={{ minWidth: 28, textAlign: 'center' }}>
            <Box component="span" sx={visuallyHidden}>
              Quantity:{' '}
            </Box>
            {quantity}
          </Typography>
          <IconButton
            size="small"
            aria-label={`Increase quantity of ${product.title}`}
            disabled={quantity >= MAX_LINE_QUANTITY}
            onClick={() => onQuantityChange(quantity + 1)}
          >
            <Add fontSize="small" />
          </IconButton>
        </Stack>
      </Box>
      <IconButton aria-label={`Remove ${product.title} from cart`} onClick={() => onQuantityChange(0)}>
        <DeleteOutlined />
      </IconButton>
    </Stack>
  );
}
