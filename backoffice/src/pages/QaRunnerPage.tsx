import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function QaRunnerPage() {
  return <PagePlaceholder title="supply_hub.page.qa_runner" />;
}
