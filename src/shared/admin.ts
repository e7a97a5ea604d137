import { z } from 'zod';
import { pagingQuery, type PagedReply } from './paging';
import { optionalText } from './text-fields';
import { optionList } from './options';

/**
 * The admin dashboard's vocabulary (spec 001 section 2 'Admin dashboard'): its tabs, in order, and
 * the one query every server-paged admin list takes. Only admin code imports this file.
 */
export const ADMIN_TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'transactions', label: 'Transactions' },
  { key: 'orders', label: 'Orders' },
  { key: 'repairs', label: 'Repairs' },
  { key: 'returns', label: 'Returns' },
  { key: 'reports', label: 'Reports' },
  { key: 'agents', label: 'Agents' },
  { key: 'devices', label: 'Devices' },
  { key: 'paystack', label: 'Paystack' },
  { key: 'outbox', label: 'Outbox' },
  { key: 'privacy', label: 'Privacy' },
  { key: 'audit', label: 'Audit log' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['key'];
export const DEFAULT_ADMIN_TAB: AdminTab = 'overview';

export function isAdminTab(value: string | null): value is AdminTab {
  return ADMIN_TABS.some((tab) => tab.key === value);
}

const ADMIN_PAGE_SIZE = 20;
const MAX_ADMIN_PAGE_SIZE = 100;

/**
 * ?page=&pageSize=&q=&status= of every admin list. `status` is checked by the list that reads it
 * (each has its own statuses); an empty value means all.
 */
export const adminListQuerySchema = z.object({
  ...pagingQuery({ defaultSize: ADMIN_PAGE_SIZE, maxSize: MAX_ADMIN_PAGE_SIZE }),
  q: optionalText('Search', 100),
  status: z.string().trim().max(40, 'Unknown status').optional().default(''),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** GET /api/admin/audit: the list query plus who, what and on what. */
export const auditQuerySchema = adminListQuerySchema.omit({ q: true, status: true }).extend({
  /** A staff member's name or email, contained. */
  person: optionalText('Person', 100),
  /** An action or its start: 'device' matches 'device.create', 'device.update'... */
  action: optionalText('Action', 60),
  /** A target's type ('order') or part of its id ('ORD-2026-'). */
  target: optionalText('Target', 100),
});

/**
 * Who an audit entry names when it has no account to name: a customer with no id is a guest who proved
 * the record theirs by its emailed link or email; staff with no id is the operator's command line (an
 * MFA reset); an id no account answers to (never expected: an actor is deactivated, not removed).
 */
export function actorLabel(actor: { id: string | null; name: string | null; email: string | null; role: string }) {
  if (actor.name || actor.email) return (actor.name || actor.email)!;
  if (actor.id) return 'Removed account';
  return actor.role === 'customer' ? 'Guest (email proof)' : 'Operator (command line)';
}

export interface AuditEntry {
  id: number;
  at: string;
  /** `who` is the column's text: the person's name or email, else what acted without an account (actorLabel). */
  actor: { id: string | null; name: string | null; email: string | null; role: string; who: string };
  action: string;
  target: { type: string; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

export const OUTBOX_STATUSES = optionList({
  pending: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
});

/** An email's status in the words the Outbox uses ('pending' reads Queued), wherever staff see it. */
export const outboxStatusLabel = (status: string): string =>
  OUTBOX_STATUSES.find((option) => option.value === status)?.label ?? status;

/** One row of GET /api/admin/outbox. */
export interface OutboxEmailSummary {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  containsSecret: boolean;
  createdAt: string;
  sentAt: string | null;
}

/** GET /api/admin/outbox. */
export interface OutboxListReply extends PagedReply<OutboxEmailSummary> {
  /** No SMTP_URL and a PUBLIC_URL on this machine: every body is shown whole, secret links included. */
  localPreview: boolean;
}

export const OUTBOX_LOCAL_PREVIEW =
  'Local preview: this store has no SMTP_URL and its PUBLIC_URL is this machine, so no email is sent and each ' +
  'one shows here whole, secret links included. A store with another address keeps those links withheld.';

/** GET /api/admin/outbox/:id: the body too (a delivered secret's body is blanked, a queued one withheld). */
export interface OutboxEmailDetails extends OutboxEmailSummary {
  text: string;
  html: string;
}

export const OUTBOX_MESSAGES = {
  resent: 'Email queued to send again',
  loadFailed: 'Failed to load emails',
} as const;

/** An email the store sent about a record, as the staff's detail views list it. */
export interface SentEmail {
  kind: string;
  subject: string;
  to: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}
