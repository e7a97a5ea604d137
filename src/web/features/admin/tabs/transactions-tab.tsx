import { ComingSoon } from '../components/coming-soon';

export default function TransactionsTab() {
  return <ComingSoon title="Transactions" />;
}
