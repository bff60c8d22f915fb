import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Product } from '@supply-hub/api/contracts';

function DefinitionList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', columnGap: 3, rowGap: 1, m: 0 }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The product page's Product Details (ASIN, SKU, category, vendor) and Specifications blocks. */
export function ProductDetails({ product }: { product: Product }) {
  const specs = Object.entries(product.specs);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 4 }}>
      <Paper variant="outlined" component="section" aria-labelledby="product-details-heading" sx={{ p: 3 }}>
        <Typography id="product-details-heading" variant="h6" component="h2" gutterBottom>
          Product Details
        </Typography>
        <DefinitionList
          rows={[
            ['ASIN', product.asin],
            ['SKU', product.sku ?? '—'],
            ['Category', product.category ?? '—'],
            ['Vendor', product.vendor ?? '—'],
          ]}
        />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="product-specs-heading" sx={{ p: 3 }}>
        <Typography id="product-specs-heading" variant="h6" component="h2" gutterBottom>
          Specifications
        </Typography>
        {specs.length > 0 ? (
          <DefinitionList rows={specs} />
        ) : (
          <Typography color="text.secondary">No specifications listed.</Typography>
        )}
      </Paper>
    </Box>
  );
}
