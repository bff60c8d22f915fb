import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Product } from '@supply-hub/api/contracts';
import { displayPrice } from '@supply-hub/api/contracts/products.rules';
import { lazy, memo, Suspense, useId } from 'react';

import { ProductImage } from '../../../components/ProductImage';
import { RouterLink } from '../../../components/RouterLink';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { AddToCartControls } from './AddToCartControls';

// Admins only: its upload checks use the contracts' image limits, which load zod.
const ImageUploadButton = lazy(async () => ({ default: (await import('./ImageUploadButton')).ImageUploadButton }));

interface ProductCardProps {
  product: Product;
  isAdmin: boolean;
}

/**
 * A catalogue card (provider-portal §2): image and title link to /product/{asin}; non-admins get
 * the stepper and Add to Cart; admins see the price and an image upload on hover.
 */
export const ProductCard = memo(function ProductCard({ product, isAdmin }: ProductCardProps) {
  const titleId = useId();
  const price = displayPrice(product);

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        '& .image-upload': { opacity: 0, transition: 'opacity 120ms' },
        '&:hover .image-upload, & .image-upload:focus-visible, & .image-upload.Mui-disabled': { opacity: 1 },
        // Touch screens have no hover: the control stays visible there.
        '@media (hover: none)': { '& .image-upload': { opacity: 1 } },
      }}
    >
      <CardActionArea component={RouterLink} to={`/product/${encodeURIComponent(product.asin)}`} sx={{ flexGrow: 1 }}>
        <Box sx={{ p: 1.5, pb: 0 }}>
          <ProductImage src={product.image_url} alt="" height={160} />
        </Box>
        <CardContent sx={{ pb: 1 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {product.title}
          </Typography>
          {product.category && (
            <Typography variant="body2" color="text.secondary">
              {product.category}
            </Typography>
          )}
          {isAdmin && (
            <Typography variant="subtitle1" sx={{ fontWeight: 700, mt: 0.5 }}>
              {price === null ? 'No price' : formatUsd(price)}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
      {isAdmin ? (
        <Box sx={{ position: 'absolute', top: 20, right: 20 }}>
          <Suspense fallback={null}>
            <ImageUploadButton className="image-upload" product={product} />
          </Suspense>
        </Box>
      ) : (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <AddToCartControls product={product} />
        </CardActions>
      )}
    </Card>
  );
});
