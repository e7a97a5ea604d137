/*
 * The agents module's front door: the admin's agent management and the agent portal, as routes. Nothing else of
 * the module is imported from outside it (the quickbuy/server-modules lint rule).
 */

export { registerAgentRoutes } from './routes';
