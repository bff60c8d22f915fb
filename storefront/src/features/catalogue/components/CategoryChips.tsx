import { CATEGORIES } from '@supply-hub/api/contracts';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

/** The eight catalogue categories, from the contracts shared with the API. */
export function CategoryChips() {
  return (
    <Stack component="ul" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
      {CATEGORIES.map((category) => (
        <li key={category}>
          <Chip label={category} variant="outlined" />
        </li>
      ))}
    </Stack>
  );
}
