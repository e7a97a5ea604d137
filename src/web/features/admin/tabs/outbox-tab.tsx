import { ComingSoon } from '../components/coming-soon';

export default function OutboxTab() {
  return <ComingSoon title="Outbox" />;
}
