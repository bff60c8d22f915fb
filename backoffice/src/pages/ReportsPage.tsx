import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function ReportsPage() {
  return <PagePlaceholder title="supply_hub.page.reports" />;
}
