import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function UsersPage() {
  return <PagePlaceholder title="supply_hub.page.users" />;
}
