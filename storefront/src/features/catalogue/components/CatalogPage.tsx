import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Product } from '@supply-hub/api/contracts';
import type { ProductSort } from '@supply-hub/api/contracts/products.rules';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useToast } from '../../../components/ToastProvider';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useProgressiveCount } from '../../../hooks/use-progressive-count';
import { useAuth } from '../../auth';
import { useCartActions } from '../../cart';
import { productsOf, useProducts } from '../api/get-products';
import { readSort } from '../catalogue-query';
import { looksLikeScan } from '../scan.rules';
import { CatalogToolbar } from './CatalogToolbar';
import { ProductCard } from './ProductCard';

const SEARCH_DEBOUNCE_MS = 300;
/** Product cards in the first render of the first load: the first row, so the page shows soon. */
const FIRST_CARDS = 4;
/** Product cards added per step after that. */
const CARDS_PER_STEP = 8;

// Shown to admins, on a failure, or while a search loads: their code stays out of the catalogue's first load.
const Chip = lazy(() => import('@mui/material/Chip'));
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));
const CatalogLoadError = lazy(async () => ({ default: (await import('./CatalogLoadError')).CatalogLoadError }));
/** The back office's catalogue, where admins add products (another app: a full page load). */
const ADMIN_CATALOG_PATH = '/admin/catalog';

interface ProductGridProps {
  products: readonly Product[];
  isLoading: boolean;
  isAdmin: boolean;
}

/**
 * The cards, a few at a time on the first load: the first row shows sooner and no task runs long.
 * Its own component, so each step re-renders the grid alone.
 */
function ProductGrid({ products, isLoading, isAdmin }: ProductGridProps) {
  const renderedCount = useProgressiveCount(products.length, CARDS_PER_STEP, FIRST_CARDS);
  return (
    <Box
      aria-busy={isLoading}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        opacity: isLoading ? 0.6 : 1,
      }}
    >
      {products.slice(0, renderedCount).map((product) => (
        <ProductCard key={product.id} product={product} isAdmin={isAdmin} />
      ))}
    </Box>
  );
}

/** /catalog (provider-portal §2 Catalogue): server-side search, sort and paging. */
export function CatalogPage() {
  const { isAdmin } = useAuth();
  const showToast = useToast();
  const { addItem } = useCartActions();
  const [params, setParams] = useSearchParams();
  const sort = readSort(params);
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useProducts(q, sort);
  const products = productsOf(query.data);
  const total = query.data?.pages[0]?.total ?? 0;
  // The previous search's products stay on screen (dimmed) while this one loads.
  const isLoading = query.isPending || query.isPlaceholderData;
  // A failed refetch keeps what is on screen; only a failed first load shows the error banner.
  const hasFailed = query.isError && query.data === undefined;

  // The search lives in the address too (Back to Catalog, reload); other parameters such as qa stay.
  const qParam = params.get('q') ?? '';
  useEffect(() => {
    if (q === qParam) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, qParam, setParams]);

  async function loadMore() {
    if ((await query.fetchNextPage()).isError) {
      showToast({ title: 'More products could not be loaded. Please try again.', severity: 'error' });
    }
  }

  /** A scan adds one pack to the cart (its code loads only then); the box is cleared for the next. */
  function addScan(text: string) {
    if (isAdmin || !looksLikeScan(text)) return;
    setSearch('');
    void import('../scan/add-scan-to-cart').then((scan) => scan.addScanToCart(text.trim(), addItem, showToast));
  }

  const changeSort = (next: ProductSort) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'title') updated.delete('sort');
        else updated.set('sort', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Container component="main" maxWidth="xl" sx={{ py: 4 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1">
          Catalog
        </Typography>
        {isAdmin && !isLoading && (
          <Suspense fallback={null}>
            <Chip label={`${total} ${total === 1 ? 'item' : 'items'}`} color="primary" variant="outlined" />
          </Suspense>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {isAdmin && (
          <Button variant="contained" startIcon={<Add />} href={ADMIN_CATALOG_PATH}>
            Add product
          </Button>
        )}
      </Stack>
      <CatalogToolbar
        search={search}
        onSearchChange={setSearch}
        onSearchSubmit={addScan}
        sort={sort}
        onSortChange={changeSort}
      />
      <Box sx={{ minHeight: 4, mb: 1 }}>
        {isLoading && (
          <Suspense fallback={null}>
            <LinearProgress aria-label="Loading products" />
          </Suspense>
        )}
      </Box>
      {hasFailed ? (
        <Suspense fallback={null}>
          <CatalogLoadError />
        </Suspense>
      ) : !isLoading && products.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          No medical supplies found matching your criteria.
        </Typography>
      ) : (
        <ProductGrid products={products} isLoading={isLoading} isAdmin={isAdmin} />
      )}
      {!isLoading && !hasFailed && products.length > 0 && (
        <Stack spacing={1} sx={{ alignItems: 'center', mt: 4 }}>
          <Typography variant="body2" color="text.secondary" role="status">
            Showing {products.length} of {total}
          </Typography>
          {query.hasNextPage && (
            <Button variant="outlined" disabled={query.isFetchingNextPage} onClick={() => void loadMore()}>
              {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </Stack>
      )}
    </Container>
  );
}
