import type { AuditEntry } from '../../../../shared/admin';
import { usePagedList } from '../../../lib/use-paged-list';

/** The audit log, newest first, filtered on the server by the named filters (person, action, target). */
export const useAuditLog = (filterNames: readonly string[]) =>
  usePagedList<AuditEntry>(['admin', 'audit'], '/api/admin/audit', filterNames);
