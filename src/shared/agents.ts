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
