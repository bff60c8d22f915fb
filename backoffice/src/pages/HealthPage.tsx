import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function HealthPage() {
  return <PagePlaceholder title="supply_hub.page.health" />;
}
