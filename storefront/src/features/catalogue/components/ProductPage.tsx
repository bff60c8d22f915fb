import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayPrice } from '@supply-hub/api/contracts/products.rules';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { LoadingScreen } from '../../../components/LoadingScreen';
import { ProductImage } from '../../../components/ProductImage';
import { RouterLink } from '../../../components/RouterLink';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { useAuth } from '../../auth';
import { useProduct } from '../api/get-product';
import { AddToCartControls } from './AddToCartControls';
import { ProductDetails } from './ProductDetails';
import { ProductEditForm } from './ProductEditForm';
import { ProductImageControl } from './ProductImageControl';

function BackToCatalog() {
  return (
    <Button component={RouterLink} to="/catalog" startIcon={<ArrowBack />} sx={{ mb: 2 }}>
      Back to Catalog
    </Button>
  );
}

/** /product/:asin (provider-portal §2 Product page); the price shows to everyone here (decisions.md). */
export function ProductPage() {
  const { asin = '' } = useParams();
  const { isAdmin } = useAuth();
  const { data: product, isPending } = useProduct(asin);
  const [isEditing, setIsEditing] = useState(false);

  if (isPending) return <LoadingScreen />;
  // A failed refetch keeps the product on screen.
  if (!product) {
    return (
      <Container component="main" maxWidth="lg" sx={{ py: 4 }}>
        <BackToCatalog />
        <Alert severity="error" role="alert">
          <Typography component="h1" variant="h6">
            Product not found
          </Typography>
        </Alert>
      </Container>
    );
  }

  const price = displayPrice(product);
  const externalUrl = product.amazon_url ?? product.product_url;

  return (
    <Container component="main" maxWidth="lg" sx={{ py: 4 }}>
      <BackToCatalog />
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 5fr) 7fr' } }}>
        <Box>
          <ProductImage src={product.image_url} alt={product.title} height={360} placeholderText="No image available" />
          {isAdmin && <ProductImageControl product={product} />}
        </Box>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h4" component="h1">
            {product.title}
          </Typography>
          {product.category && <Chip label={product.category} color="primary" variant="outlined" />}
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {price === null ? 'Price not available' : formatUsd(price)}
          </Typography>
          {product.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{product.description}</Typography>}
          {!isAdmin && <AddToCartControls product={product} size="large" />}
          <Stack direction="row" spacing={1}>
            {externalUrl && (
              <Button
                component="a"
                href={externalUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="outlined"
                endIcon={<OpenInNew aria-hidden />}
              >
                View Product
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  (opens in a new tab)
                </Box>
              </Button>
            )}
            {isAdmin && !isEditing && (
              <Button variant="outlined" startIcon={<Edit />} onClick={() => setIsEditing(true)}>
                Edit product
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
      {isAdmin && isEditing && (
        <Paper variant="outlined" component="section" aria-labelledby="edit-product-heading" sx={{ p: 3, mt: 4 }}>
          <Typography id="edit-product-heading" variant="h6" component="h2" gutterBottom>
            Edit product
          </Typography>
          <ProductEditForm product={product} onClose={() => setIsEditing(false)} />
        </Paper>
      )}
      <ProductDetails product={product} />
    </Container>
  );
}
