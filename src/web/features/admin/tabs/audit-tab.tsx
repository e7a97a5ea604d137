import { ComingSoon } from '../components/coming-soon';

export default function AuditLogTab() {
  return <ComingSoon title="AuditLog" />;
}
