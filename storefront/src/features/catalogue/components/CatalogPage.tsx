import { PlaceholderPage } from '../../../components/PlaceholderPage';
import { CategoryChips } from './CategoryChips';

export function CatalogPage() {
  return (
    <PlaceholderPage title="Catalog">
      <CategoryChips />
    </PlaceholderPage>
  );
}
