import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function PaapiHealthPage() {
  return <PagePlaceholder title="supply_hub.page.paapi_health" />;
}
