import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Product } from '@supply-hub/api/contracts';
import { ListBase, Pagination, useListContext, useTranslate } from 'react-admin';

import { PageHeader } from '../../layout/PageHeader';
import { GtinImportButton } from './GtinImportButton';
import { AddProductButton } from './ProductCreateDialog';
import { ProductCard } from './ProductCard';
import { DEFAULT_PRODUCT_SORT, ProductFilters } from './ProductFilters';
import { useProductChanges } from './useProductChanges';

const PAGE_SIZE = 48;

function CatalogView() {
  const translate = useTranslate();
  const { data, total, error, isPending } = useListContext<Product>();
  useProductChanges();
  return (
    <>
      <PageHeader
        title="supply_hub.catalog.title"
        subtitle="supply_hub.catalog.subtitle"
        actions={
          <>
            <GtinImportButton />
            <AddProductButton />
          </>
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <ProductFilters />
        {total !== undefined && (
          <Chip
            color="primary"
            variant="outlined"
            label={translate('supply_hub.catalog.count', { smart_count: total })}
            role="status"
          />
        )}
      </Box>
      {isPending && <LinearProgress aria-label={translate('supply_hub.common.loading')} />}
      {error && (
        <Alert severity="error">
          <AlertTitle>{translate('supply_hub.catalog.load_failed_title')}</AlertTitle>
          {translate('supply_hub.catalog.load_failed')}
        </Alert>
      )}
      {data && data.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{translate('supply_hub.catalog.empty')}</Typography>
        </Paper>
      )}
      {data && data.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
          }}
        >
          {data.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </Box>
      )}
      <Pagination rowsPerPageOptions={[24, 48, 96]} />
    </>
  );
}

/** /admin/catalog (admin-portal §2.7): the active catalogue as a grid, with add, edit and images. */
export default function ProductCatalog() {
  return (
    <ListBase<Product> resource="products" filter={{ active: true }} perPage={PAGE_SIZE} sort={DEFAULT_PRODUCT_SORT}>
      <CatalogView />
    </ListBase>
  );
}
