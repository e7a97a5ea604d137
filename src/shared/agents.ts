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
} as const;

/** A South African number, as the Phone field's placeholder shows it. */
export const AGENT_PHONE_PLACEHOLDER = '+27 82 123 4567';

const agentFields = {
  name: required('Full Name', 120),
  email: required('Email', 254).pipe(z.email('Enter a valid email address')),
  phone: required('Phone', 30).regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number'),
  role: z.enum(AGENT_ROLES, { error: 'Choose Agent, Senior Agent or Supervisor' }),
  username: required('Username', 60).regex(/^[a-zA-Z0-9._-]+$/, 'Use letters, digits, dots, dashes and underscores only'),
};

/** POST /api/admin/agents: every field, the password too (the store's length rules; the server adds its list). */
export const agentCreateSchema = z.object({ ...agentFields, password: newPasswordField });

/** PATCH /api/admin/agents/:id: the same fields; a blank password keeps the current one. */
export const agentUpdateSchema = z.object({
  ...agentFields,
  password: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(newPasswordField.optional()),
});

/** An agent card: counts computed from the trade-ins assigned to them. */
export interface AdminAgent {
  id: string;
  name: string;
  role: AgentRole;
  status: UserStatus;
  username: string;
  email: string;
  phone: string;
  assigned: number;
  completed: number;
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

// ---- The agent's own dashboard (spec 001 'Agent dashboard'; decision 031) ----

/** GET /api/agent/summary: the four cards, counted on the server for the signed-in agent. */
export interface AgentSummary {
  /** Trade-ins held and pickups given (not cancelled). */
  assigned: number;
  /** Trade-ins in 'Assigned to Agent'. */
  awaitingAssessment: number;
  /** Offers waiting for the customer ('Offer Made'). */
  offersMade: number;
  /** Offers accepted or declined, and pickups returned. */
  completed: number;
  /** The trade-in and pickup parts of assigned and completed. */
  tradeIns: { assigned: number; completed: number };
  pickups: { assigned: number; completed: number };
}
