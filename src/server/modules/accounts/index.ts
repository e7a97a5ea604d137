/*
 * The accounts module's front door: sessions and the role guard, agent accounts as the agents module manages
 * them, and the lookups of people (names, active agents, saved bank accounts, where the admin is told). Nothing
 * else of the module is imported from outside it (the quickbuy/server-modules lint rule).
 */

export {
  findAgentAccount,
  hashAgentPassword,
  insertAgentAccount,
  listActiveAgents,
  listAgentAccounts,
  lockAgentAccount,
  removeAgentAccount,
  setAgentAccountStatus,
  updateAgentAccount,
} from './agent-accounts';
export type { AgentAccount } from './agent-accounts';
export { activeAgents, agentContacts, firstNames } from './agent-lookup';
export { purgeExpiredAccountRows } from './expired-rows';
export { clearSessionCookie, registerRoleGuard, registerSessionGuard } from './guard';
export { adminNotifyAddress, findActiveAgent, findPeople, savedBankAccount, splitName, userNames } from './people';
export { accountRecordOf, confirmCustomerPassword, eraseCustomerAccount, findCustomerByEmail } from './personal-data';
export type { AccountRecord } from './personal-data';
export { registerAccountRoutes } from './routes';
export { removeSecondFactor } from './second-factor';
export { SESSION_COOKIE } from './sessions';
