import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SortPayload } from 'react-admin';
import { useListContext, useTranslate } from 'react-admin';

import { ListSearchField } from '../../components/ListSearchField';
import { useListFilterSetter } from '../../components/useListFilterSetter';

/** The four sorts of admin-portal §2.7, as react-admin sort payloads on the admin API's fields. */
const SORTS = [
  { key: 'title', label: 'supply_hub.catalog.sort_title', sort: { field: 'title', order: 'ASC' } },
  { key: 'price-high', label: 'supply_hub.catalog.sort_price_high', sort: { field: 'price', order: 'DESC' } },
  { key: 'price-low', label: 'supply_hub.catalog.sort_price_low', sort: { field: 'price', order: 'ASC' } },
  { key: 'category', label: 'supply_hub.catalog.sort_category', sort: { field: 'category', order: 'ASC' } },
] as const satisfies readonly { key: string; label: string; sort: SortPayload }[];

export const DEFAULT_PRODUCT_SORT: SortPayload = SORTS[0].sort;

function ProductSortSelect() {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const current =
    SORTS.find((option) => option.sort.field === sort.field && option.sort.order === sort.order) ?? SORTS[0];
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={translate('supply_hub.catalog.sort')}
      value={current.key}
      onChange={(event) => {
        const chosen = SORTS.find((option) => option.key === event.target.value);
        if (chosen) setSort({ ...chosen.sort });
      }}
      sx={{ minWidth: 200 }}
    >
      {SORTS.map((option) => (
        <MenuItem key={option.key} value={option.key}>
          {translate(option.label)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Search over title, ASIN, SKU and category, and the sort. */
export function ProductFilters() {
  const setFilter = useListFilterSetter();
  return (
    <>
      <ListSearchField
        label="supply_hub.catalog.search"
        placeholder="supply_hub.catalog.search_placeholder"
        setFilter={setFilter}
      />
      <ProductSortSelect />
    </>
  );
}
