/*
 * The spa module's front door: the web app and its server rendering. Nothing else of the module is imported from
 * outside it (the quickbuy/server-modules lint rule).
 */

export { registerSpa } from './routes';
