import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function AbHealthPage() {
  return <PagePlaceholder title="supply_hub.page.ab_health" />;
}
