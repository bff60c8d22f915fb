import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function DebugPage() {
  return <PagePlaceholder title="supply_hub.page.debug" />;
}
