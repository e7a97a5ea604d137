import boundaries from './boundaries.js';
import serverModules from './server-modules.js';
import storefrontReads from './storefront-reads.js';

/**
 * The project's own lint rules, as one plugin: `quickbuy/boundaries`, `quickbuy/server-modules` and
 * `quickbuy/storefront-reads`.
 */
export default {
  rules: { ...boundaries.rules, 'server-modules': serverModules, 'storefront-reads': storefrontReads },
};
