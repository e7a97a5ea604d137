import { ComingSoon } from '../components/coming-soon';

export default function DevicesTab() {
  return <ComingSoon title="Devices" />;
}
