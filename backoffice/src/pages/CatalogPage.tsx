import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function CatalogPage() {
  return <PagePlaceholder title="supply_hub.page.catalog" />;
}
