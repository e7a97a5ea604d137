import { z } from 'zod';
import { newPasswordField } from './accounts';
import { required } from './text-fields';

export const AGENT_ROLES = ['Agent', 'Senior Agent', 'Supervisor'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The spec's two demo agents (spec 001; seeded on first start). */
export const DEMO_AGENTS = [
  {
    name: 'Sarah Mitchell',
    role: 'Senior Agent',
    username: 'sarah.mitchell',
    email: 'sarah.mitchell@quickbuy.co.za',
    phone: '+27 82 123 4567',
  },
  {
    name: 'Michael Johnson',
    role: 'Agent',
    username: 'michael.johnson',
    email: 'michael.johnson@quickbuy.co.za',
    phone: '+27 83 234 5678',
  },
] as const satisfies readonly { name: string; role: AgentRole; username: string; email: string; phone: string }[];

// ---- The admin's Agents tab (spec 001 'Agents') ----

export const AGENT_MESSAGES = {
  created: 'Agent created successfully',
  updated: 'Agent updated successfully',
  deactivated: 'Agent deactivated: their history is kept and their sessions ended',
  deleted: 'Agent deleted successfully',
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists',
  notFound: 'Agent not found',
  loadFailed: 'Failed to load agents',
  saveFailed: 'Failed to save agent',
  deleteFailed: 'Failed to delete agent',
  reactivated: 'Agent reactivated: they can sign in again',
  alreadyActive: 'This agent is already active',
  alreadyInactive: 'This agent is already inactive',
  chooseAgent: 'Choose an active agent to take over the work',
  /** "Michael Johnson still holds 1 trade-in and 1 pickup: choose who takes them over" */
  openWork: (name: string, work: string) => `${name} still holds ${work}: choose who takes them over`,
  noOtherAgent: (name: string, work: string) =>
    `${name} holds ${work} and there is no other active agent to take them over: create or reactivate an agent first`,
  deleteHasWork: (name: string, work: string) =>
    `${name} holds ${work}: deactivate them and hand the work over instead`,
} as const;

/** "1 trade-in and 2 pickups": an agent's open work, as a refusal names it. */
export function describeOpenWork(work: { tradeIns: number; pickups: number; collections?: number }): string {
  const part = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const parts = [
    work.tradeIns ? part(work.tradeIns, 'open trade-in') : '',
    work.pickups ? part(work.pickups, 'open pickup') : '',
    work.collections ? part(work.collections, 'open return collection') : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/** A South African number, as the Phone field's placeholder shows it. */
export const AGENT_PHONE_PLACEHOLDER = '+27 82 123 4567';

const agentFields = {
  name: required('Full Name', 120),
  email: required('Email', 254).pipe(z.email('Enter a valid email address')),
  phone: required('Phone', 30).regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number'),
  role: z.enum(AGENT_ROLES, { error: 'Choose Agent, Senior Agent or Supervisor' }),
  username: required('Username', 60).regex(
    /^[a-zA-Z0-9._-]+$/,
    'Use letters, digits, dots, dashes and underscores only',
  ),
};

/** POST /api/admin/agents: every field, the password too (the store's length rules; the server adds its list). */
export const agentCreateSchema = z.object({ ...agentFields, password: newPasswordField });

/**
 * Who takes over a deactivated agent's open trade-ins and pickups: one chosen active agent, or each
 * record the least-loaded active agent (load: the dashboard's Assigned, decision 031).
 */
export const HAND_OVER_MODES = ['agent', 'least-loaded'] as const;
export const handOverSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('agent'), agentId: z.uuid(AGENT_MESSAGES.chooseAgent) }),
    z.object({ mode: z.literal('least-loaded') }),
  ],
  { error: 'Choose who takes over the work' },
);
export type HandOver = z.output<typeof handOverSchema>;

/** POST /api/admin/agents/:id/deactivate: the hand-over, needed when the agent holds open work. */
export const agentDeactivateSchema = z.object({ handOver: handOverSchema.optional() });

/**
 * PATCH /api/admin/agents/:id: the same fields; a blank password keeps the current one. The status
 * (left out: unchanged) goes through the same steps as deactivate and reactivate.
 */
export const agentUpdateSchema = z.object({
  ...agentFields,
  status: z.enum(USER_STATUSES, { error: 'Choose Active or Inactive' }).optional(),
  handOver: handOverSchema.optional(),
  password: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(newPasswordField.optional()),
});

/** Assigned and Completed as the agent's dashboard counts them (decision 031), with their two parts. */
export interface AgentWorkCounts {
  assigned: number;
  completed: number;
  tradeIns: { assigned: number; completed: number };
  pickups: { assigned: number; completed: number };
  /** Return collections given to them, and those they inspected. */
  collections: { assigned: number; completed: number };
}

/** An agent card: the account, and their work counted as their own dashboard counts it (decision 047). */
export interface AdminAgent extends AgentWorkCounts {
  id: string;
  name: string;
  role: AgentRole;
  status: UserStatus;
  username: string;
  email: string;
  phone: string;
  joinDate: string;
}

/** An agent the Assign dialog offers: GET /api/admin/agents/active, every active agent by name. */
export interface ActiveAgent {
  id: string;
  name: string;
  role: AgentRole;
}

/** ?status= of GET /api/admin/agents: the spec's badge statuses. */
export const AGENT_STATUS_FILTERS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export interface AgentDeleteReply {
  outcome: 'deactivated' | 'deleted';
  message: string;
}

/** An open trade-in of an agent, as the Deactivate dialog lists it. */
export interface OpenTradeIn {
  transactionNumber: string;
  device: string;
  status: string;
}

/** An open repair of an agent: a pickup still to collect, or a device they hold. */
export interface OpenPickup {
  bookingNumber: string;
  service: string;
  pickupDate: string;
  pickupTime: string;
  status: string;
}

/** GET /api/admin/agents/:id/open-work: what deactivating the agent hands over. */
export interface AgentOpenWork {
  tradeIns: OpenTradeIn[];
  pickups: OpenPickup[];
  collections: OpenCollection[];
}

/** An open return collection of an agent: one still to collect, or a device they hold uninspected. */
export interface OpenCollection {
  returnNumber: string;
  pickupDate: string;
  pickupTime: string;
  status: string;
}

/** Where each record went: POST /deactivate's reply and the audit entry's details. */
export interface HandedOver {
  kind: 'trade-in' | 'pickup' | 'collection';
  number: string;
  toAgentId: string;
  toAgentName: string;
}

export interface AgentStatusReply {
  message: string;
  agent: AdminAgent;
  handedOver: HandedOver[];
}

// ---- The agent's own dashboard (spec 001 'Agent dashboard'; decision 031) ----

/** GET /api/agent/summary: the four cards, counted on the server for the signed-in agent. */
export interface AgentSummary extends AgentWorkCounts {
  /** Trade-ins in 'Assigned to Agent'. */
  awaitingAssessment: number;
  /** Offers waiting for the customer ('Offer Made'). */
  offersMade: number;
}
