import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function DashboardPage() {
  return <PagePlaceholder title="supply_hub.page.dashboard" />;
}
