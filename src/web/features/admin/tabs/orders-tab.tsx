import { ComingSoon } from '../components/coming-soon';

export default function OrdersTab() {
  return <ComingSoon title="Orders" />;
}
