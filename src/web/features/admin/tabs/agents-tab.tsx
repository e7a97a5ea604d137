import { ComingSoon } from '../components/coming-soon';

export default function AgentsTab() {
  return <ComingSoon title="Agents" />;
}
