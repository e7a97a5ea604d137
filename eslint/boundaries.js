import path from 'node:path';
import { relativeImports } from './imports.js';

/**
 * `quickbuy/boundaries`: the import rules between the roots and between web features (docs/architecture.md),
 * checked on the resolved path of every relative import (so `../../server/x` and `../server/x` are the same thing):
 * - a zone's files may not import from the folders it names (src/web and src/server never meet),
 *   except files whose name ends as one of its `except` endings (tests beside the code they test);
 * - with `features`, a file under that folder may import only its own feature's files.
 * Written here instead of eslint-plugin-import-x: that plugin's native resolver pinned a platform
 * binding that was never published, and `npm ci` refused the lock file (docs/decisions/011).
 */
const rule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
            },
          },
          features: { type: 'string' },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { zones = [], features } = context.options[0] ?? {};
    const file = path.relative(context.cwd, context.filename);
    const inside = (p, dir) => p === dir || p.startsWith(`${dir}/`);
    const featureOf = (p) => (features && inside(p, features) ? p.slice(features.length + 1).split('/')[0] : null);

    return relativeImports(context, (node, target) => {
      for (const zone of zones) {
        if (zone.except?.some((ending) => file.endsWith(ending))) continue;
        if (inside(file, zone.target) && zone.from.some((dir) => inside(target, dir))) {
          context.report({ node: node.source, message: zone.message });
        }
      }
      const mine = featureOf(file);
      const theirs = featureOf(target);
      if (mine && theirs && mine !== theirs) {
        context.report({
          node: node.source,
          message: `features/${mine} may not import features/${theirs}: move what both need to src/web/components or src/web/lib`,
        });
      }
    });
  },
};

export default { rules: { boundaries: rule } };
