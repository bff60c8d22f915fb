import { useState } from 'react';
import { AutocompleteInput, required, useGetList, useWrappedSource } from 'react-admin';
import { useWatch } from 'react-hook-form';

interface ProductChoice {
  id: string;
  asin: string;
  title: string;
}

/**
 * A line's item by search: type part of its title or ASIN and pick it; the line keeps the ASIN.
 * The product already on the line is read too, so an existing line shows its title.
 */
export function ProductAsinInput() {
  const [search, setSearch] = useState('');
  // The line's own field (lines.N.asin): the iterator scopes "asin" to its line.
  const current = useWatch({ name: useWrappedSource('asin') }) as string | undefined;
  const found = useGetList<ProductChoice>('products', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'title', order: 'ASC' },
    filter: { q: search, active: true },
  });
  const chosen = useGetList<ProductChoice>(
    'products',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'asin', order: 'ASC' }, filter: { q: current } },
    { enabled: Boolean(current) },
  );
  const byAsin = new Map<string, ProductChoice>();
  const onLine = (chosen.data ?? []).filter((product) => product.asin === current);
  for (const product of [...onLine, ...(found.data ?? [])]) byAsin.set(product.asin, product);
  return (
    <AutocompleteInput
      source="asin"
      label="supply_hub.standing_orders.item"
      choices={[...byAsin.values()]}
      optionValue="asin"
      optionText={(product: ProductChoice) => `${product.title} (${product.asin})`}
      setFilter={setSearch}
      isPending={found.isPending}
      validate={required()}
      helperText={false}
      sx={{ minWidth: { xs: '100%', sm: 420 } }}
    />
  );
}
