import path from 'node:path';
import { relativeImports } from './imports.js';

/**
 * `quickbuy/server-modules`: the server's modules, as docs/architecture.md draws them, held in the editor.
 *
 * - Layers: the modules stand in layers, lowest first, and a module imports only modules in layers below
 *   its own. So no two modules ever import each other, the infrastructure at the bottom (audit, mail,
 *   images) imports no domain module, and accounts imports only that infrastructure. A module folder in no
 *   layer is refused in each of its files, so a new module is placed on purpose.
 * - Front doors: from outside a module, only its `index.ts` is imported (`../orders`, never
 *   `../orders/moves`), app.ts and the seed included; what a module offers is what its index exports.
 * - Tables: a module imports its own schema file only (`modules/orders` -> `db/schema/orders`), a lib file
 *   that owns a table likewise (`lib/app-meta.ts` -> `db/schema/app-meta`); the `readers` (the seed's bulk
 *   start-up data, the reports' read-only aggregates) may read any table through `db/schema`.
 *
 * Only the server's own code is held: tests beside a module (files ending in an `except` ending), the test
 * helpers and the benches outside src/server may reach further, to set up and measure data through other
 * modules' inner files and tables.
 */
const rule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          modules: { type: 'string' },
          schema: { type: 'string' },
          lib: { type: 'string' },
          readers: { type: 'array', items: { type: 'string' } },
          layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          except: { type: 'array', items: { type: 'string' } },
        },
        required: ['modules', 'schema', 'lib', 'layers'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { modules, schema, lib, readers = [], layers, except = [] } = context.options[0];
    const file = path.relative(context.cwd, context.filename);
    const under = (p, dir) => p === dir || p.startsWith(`${dir}/`);
    const serverRoot = path.dirname(modules);
    if (!under(file, serverRoot) || except.some((ending) => file.endsWith(ending))) return {};
    const moduleOf = (p) => (under(p, modules) ? p.slice(modules.length + 1).split('/')[0] : null);
    const layerOf = (name) => layers.findIndex((layer) => layer.includes(name));
    const mine = moduleOf(file);
    const noLayer = (name) =>
      `modules/${name} is in no layer: place it in the layers of quickbuy/server-modules (eslint.config.js)`;

    /** The schema file a file may import, or null for any (a reader, db itself) or none. */
    const ownSchemaFile = () => {
      if (mine) return mine;
      if (under(file, lib)) return path.basename(file).replace(/\.ts$/, '');
      return undefined;
    };
    const readsAnyTable = readers.some((dir) => under(file, dir)) || under(file, path.join(serverRoot, 'db'));

    const checkSchema = (node, target) => {
      if (readsAnyTable) return;
      const table = target === schema ? 'index' : path.relative(schema, target);
      const own = ownSchemaFile();
      if (table === own) return;
      const who = mine ? `modules/${mine}` : file;
      context.report({
        node: node.source,
        message:
          table === 'index' || own === undefined
            ? `${who} may not import db/schema${table === 'index' ? '' : `/${table}`}: only a table's owner imports its schema file`
            : `${who} may not import db/schema/${table}: a module reads another module's tables through that module's index`,
      });
    };

    const checkModule = (node, target, theirs) => {
      if (mine && layerOf(theirs) === -1) return context.report({ node: node.source, message: noLayer(theirs) });
      if (mine && layerOf(theirs) >= layerOf(mine)) {
        return context.report({
          node: node.source,
          message: `modules/${mine} may not import modules/${theirs}: a module imports only modules in layers below its own`,
        });
      }
      const inner = path.relative(path.join(modules, theirs), target);
      if (inner !== '' && inner !== 'index') {
        context.report({
          node: node.source,
          message: `import modules/${theirs} through its front door (modules/${theirs}/index.ts), not modules/${theirs}/${inner}`,
        });
      }
    };

    const visitors = relativeImports(context, (node, target) => {
      if (under(target, schema)) return checkSchema(node, target);
      const theirs = moduleOf(target);
      if (theirs && theirs !== mine) checkModule(node, target, theirs);
    });
    if (mine && layerOf(mine) === -1) {
      visitors.Program = (node) => context.report({ node, message: noLayer(mine) });
    }
    return visitors;
  },
};

export default rule;
