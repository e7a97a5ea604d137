import boundaries from './boundaries.js';
import serverModules from './server-modules.js';

/** The project's own lint rules, as one plugin: `quickbuy/boundaries` and `quickbuy/server-modules`. */
export default { rules: { ...boundaries.rules, 'server-modules': serverModules } };
