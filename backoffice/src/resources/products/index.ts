import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { Product } from '@supply-hub/api/contracts';

/**
 * Products. The admin catalogue lives at /admin/catalog (admin-portal §2.1), so its list is the
 * custom page CatalogPage (pages/index.ts) rather than this resource's own /products route;
 * adding and editing are dialogs on that page.
 */
export const products = {
  icon: Inventory2Icon,
  recordRepresentation: (product: Product) => product.title,
};
