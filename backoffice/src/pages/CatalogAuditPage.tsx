import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function CatalogAuditPage() {
  return <PagePlaceholder title="supply_hub.page.catalog_audit" />;
}
