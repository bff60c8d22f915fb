import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { displayPrice, type Product } from '@supply-hub/api/contracts';
import { useId } from 'react';
import { useTranslate } from 'react-admin';

import { formatUsd } from '@supply-hub/api/contracts/money-format';
import { ProductEditButton } from './ProductEditDialog';
import { ProductImageControl } from './ProductImageControl';

export function ProductCard({ product }: { product: Product }) {
  const headingId = useId();
  const translate = useTranslate();
  const price = formatUsd(displayPrice(product));
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <ProductImageControl product={product} />
      <CardContent sx={{ flex: '1 1 auto', display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {product.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {product.category && <Chip size="small" label={product.category} />}
          {!product.active && <Chip size="small" color="warning" label={translate('supply_hub.catalog.inactive')} />}
        </Box>
        <Typography variant="h6" component="p">
          {price ?? (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '1rem' }}>
              {translate('supply_hub.common.no_price')}
            </Box>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('supply_hub.catalog.asin', { asin: product.asin })}
          {product.sku && (
            <>
              <br />
              {translate('supply_hub.catalog.sku', { sku: product.sku })}
            </>
          )}
        </Typography>
      </CardContent>
      <CardActions>
        <ProductEditButton product={product} />
      </CardActions>
    </Card>
  );
}
