import Search from '@mui/icons-material/Search';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { PRODUCT_SORT_LABELS, PRODUCT_SORTS, type ProductSort } from '@supply-hub/api/contracts/products.rules';
import { useId } from 'react';

interface CatalogToolbarProps {
  search: string;
  onSearchChange(search: string): void;
  /** Enter in the search box (a barcode scanner ends its scan with it). */
  onSearchSubmit?(search: string): void;
  sort: ProductSort;
  onSortChange(sort: ProductSort): void;
}

/**
 * 'Search supplies...' and the four sorts (provider-portal §2 Catalogue). Built from the inputs
 * themselves rather than TextField, whose select mode brings the whole Menu and Popover code into
 * the catalogue's first load.
 */
export function CatalogToolbar({ search, onSearchChange, onSearchSubmit, sort, onSortChange }: CatalogToolbarProps) {
  const sortId = useId();
  return (
    <Stack role="search" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
      <OutlinedInput
        type="search"
        placeholder="Search supplies..."
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearchSubmit?.(search);
        }}
        sx={{ flexGrow: 1 }}
        inputProps={{ 'aria-label': 'Search supplies or scan a barcode', maxLength: 200 }}
        startAdornment={
          <InputAdornment position="start">
            <Search aria-hidden />
          </InputAdornment>
        }
      />
      <FormControl sx={{ minWidth: 220 }}>
        <InputLabel htmlFor={sortId}>Sort by</InputLabel>
        <NativeSelect
          value={sort}
          onChange={(event) => onSortChange(event.target.value as ProductSort)}
          input={<OutlinedInput label="Sort by" />}
          inputProps={{ id: sortId }}
        >
          {PRODUCT_SORTS.map((option) => (
            <option key={option} value={option}>
              {PRODUCT_SORT_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
    </Stack>
  );
}
