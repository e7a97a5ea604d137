import { ComingSoon } from '../components/coming-soon';

export default function PaystackTab() {
  return <ComingSoon title="Paystack" />;
}
