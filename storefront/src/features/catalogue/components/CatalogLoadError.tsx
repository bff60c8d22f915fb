import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** provider-portal §2: the catalogue's load failure; its own chunk, loaded only when it happens. */
export function CatalogLoadError() {
  return (
    <Alert severity="error">
      <AlertTitle>No products found</AlertTitle>
      Failed to load products from database.
    </Alert>
  );
}
