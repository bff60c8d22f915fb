import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PRODUCT_SORT_LABELS, PRODUCT_SORTS, type ProductSort } from '@supply-hub/api/contracts';

interface CatalogToolbarProps {
  search: string;
  onSearchChange(search: string): void;
  sort: ProductSort;
  onSortChange(sort: ProductSort): void;
}

/** 'Search supplies...' and the four sorts (provider-portal §2 Catalogue). */
export function CatalogToolbar({ search, onSearchChange, sort, onSortChange }: CatalogToolbarProps) {
  return (
    <Stack role="search" direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
      <TextField
        type="search"
        placeholder="Search supplies..."
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        sx={{ flexGrow: 1 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search supplies', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label="Sort by"
        value={sort}
        onChange={(event) => onSortChange(event.target.value as ProductSort)}
        sx={{ minWidth: 220 }}
        slotProps={{ select: { native: true } }}
      >
        {PRODUCT_SORTS.map((option) => (
          <option key={option} value={option}>
            {PRODUCT_SORT_LABELS[option]}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
