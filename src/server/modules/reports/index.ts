/*
 * The reports module's front door: its route. Nothing else of the module is imported from outside it (the
 * quickbuy/server-modules lint rule).
 */

export { registerReportRoutes } from './routes';
