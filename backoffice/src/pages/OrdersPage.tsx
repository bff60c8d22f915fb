import { PagePlaceholder } from '../layout/PagePlaceholder';

export default function OrdersPage() {
  return <PagePlaceholder title="supply_hub.page.orders" />;
}
