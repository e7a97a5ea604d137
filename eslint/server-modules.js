import path from 'node:path';
import { relativeImports } from './imports.js';

/**
 * `quickbuy/server-modules`: the server's modules stand in layers, lowest first, and a module imports
 * only modules in layers below its own (docs/architecture.md, "Modules and their layers"). So no two
 * modules ever import each other, the infrastructure at the bottom (audit, mail, images) imports no
 * domain module, and accounts imports only that infrastructure. A module in no layer is refused too,
 * so a new module is placed on purpose. Tests beside a module may reach further (they set up data
 * through other modules' services): files ending in an `except` ending are not checked.
 */
const rule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          modules: { type: 'string' },
          layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          except: { type: 'array', items: { type: 'string' } },
        },
        required: ['modules', 'layers'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { modules, layers, except = [] } = context.options[0];
    const file = path.relative(context.cwd, context.filename);
    const moduleOf = (p) => (p.startsWith(`${modules}/`) ? p.slice(modules.length + 1).split('/')[0] : null);
    const layerOf = (name) => layers.findIndex((layer) => layer.includes(name));
    const mine = moduleOf(file);
    if (!mine || except.some((ending) => file.endsWith(ending))) return {};

    return relativeImports(context, (node, target) => {
      const theirs = moduleOf(target);
      if (!theirs || theirs === mine) return;
      const unplaced = [mine, theirs].find((name) => layerOf(name) === -1);
      if (unplaced) {
        context.report({
          node: node.source,
          message: `modules/${unplaced} is in no layer: place it in the layers of quickbuy/server-modules (eslint.config.js)`,
        });
      } else if (layerOf(theirs) >= layerOf(mine)) {
        context.report({
          node: node.source,
          message: `modules/${mine} may not import modules/${theirs}: a module imports only modules in layers below its own`,
        });
      }
    });
  },
};

export default rule;
