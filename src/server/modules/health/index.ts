/*
 * The health module's front door: its routes. Nothing else of the module is imported from outside it (the
 * quickbuy/server-modules lint rule).
 */

export { registerHealthRoutes } from './routes';
