import { ComingSoon } from '../components/coming-soon';

export default function OverviewTab() {
  return <ComingSoon title="Overview" />;
}
