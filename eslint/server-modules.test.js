import { file, tester } from './rule-tester.js';
import serverModules from './server-modules.js';

const options = [
  {
    modules: 'src/server/modules',
    schema: 'src/server/db/schema',
    lib: 'src/server/lib',
    readers: ['src/server/seed', 'src/server/modules/reports'],
    layers: [['audit'], ['mail', 'images'], ['accounts'], ['orders'], ['checkout'], ['reports']],
    except: ['.test.ts'],
  },
];
const noLayer = (name) =>
  `modules/${name} is in no layer: place it in the layers of quickbuy/server-modules (eslint.config.js)`;
const frontDoor = (theirs, inner) =>
  `import modules/${theirs} through its front door (modules/${theirs}/index.ts), not modules/${theirs}/${inner}`;
const upward = (mine, theirs) =>
  `modules/${mine} may not import modules/${theirs}: a module imports only modules in layers below its own`;

tester.run('quickbuy/server-modules', serverModules, {
  valid: [
    {
      name: 'a module below',
      filename: file('src/server/modules/checkout/workflow.ts'),
      code: "import { createOrder } from '../orders';",
      options,
    },
    {
      name: 'infrastructure from accounts, through the front doors (the folder or its index.ts)',
      filename: file('src/server/modules/accounts/sign-in.ts'),
      code: "import { recordAudit } from '../audit'; import { enqueueEmail } from '../mail/index';",
      options,
    },
    {
      name: 'its own files, lib and db',
      filename: file('src/server/modules/orders/service.ts'),
      code: "import { x } from './status'; import { AppError } from '../../lib/errors'; import { orders } from '../../db/schema/orders';",
      options,
    },
    {
      name: 'a test reaching up to set its data',
      filename: file('src/server/modules/orders/orders.test.ts'),
      code: "import { placeOrder } from '../checkout/workflow';",
      options,
    },
    {
      name: 'the composition root, through the front door',
      filename: file('src/server/app.ts'),
      code: "import { registerCheckoutRoutes } from './modules/checkout';",
      options,
    },
    {
      name: 'a test reaching into another module',
      filename: file('src/server/modules/checkout/checkout.test.ts'),
      code: "import { lockOrder } from '../orders/reads'; import { orders } from '../../db/schema/orders';",
      options,
    },
    {
      name: "a lib file owning a table, and the readers' whole schema",
      filename: file('src/server/lib/app-meta.ts'),
      code: "import { appMeta } from '../db/schema/app-meta';",
      options,
    },
    {
      name: 'the reports read any table through the schema index, and so does the seed',
      filename: file('src/server/modules/reports/overview.ts'),
      code: "import { orders, tradeIns } from '../../db/schema'; import { devices } from '../../db/schema/catalog';",
      options,
    },
    {
      name: 'a test helper outside src/server reaching in',
      filename: file('tests/support/accounts.ts'),
      code: "import { totpCode } from '../../src/server/modules/accounts/totp'; import { users } from '../../src/server/db/schema';",
      options,
    },
    {
      name: 'the seed reads any table',
      filename: file('src/server/seed/catalog.ts'),
      code: "import { devices } from '../db/schema';",
      options,
    },
  ],
  invalid: [
    {
      name: 'a module above',
      filename: file('src/server/modules/orders/service.ts'),
      code: "import { placeOrder } from '../checkout';",
      options,
      errors: [{ message: upward('orders', 'checkout') }],
    },
    {
      name: 'infrastructure importing a domain module',
      filename: file('src/server/modules/audit/routes.ts'),
      code: "import { findPeople } from '../accounts';",
      options,
      errors: [{ message: upward('audit', 'accounts') }],
    },
    {
      name: 'a module of the same layer, so neither imports the other',
      filename: file('src/server/modules/images/service.ts'),
      code: "import { enqueueEmail } from '../mail';",
      options,
      errors: [{ message: upward('images', 'mail') }],
    },
    {
      name: 'a lazy import and a re-export count too',
      filename: file('src/server/modules/accounts/service.ts'),
      code: "const o = import('../orders'); export { placeOrder } from '../checkout';",
      options,
      errors: [{ message: upward('accounts', 'orders') }, { message: upward('accounts', 'checkout') }],
    },
    {
      name: 'a module in no layer, imported',
      filename: file('src/server/modules/orders/moves.ts'),
      code: "import { track } from '../tracking';",
      options,
      errors: [{ message: noLayer('tracking') }],
    },
    {
      name: 'a module in no layer, in each of its own files, whatever they import',
      filename: file('src/server/modules/wishlist/routes.ts'),
      code: "import { z } from 'zod';",
      options,
      errors: [{ message: noLayer('wishlist') }],
    },
    {
      name: "another module's inner file",
      filename: file('src/server/modules/checkout/workflow.ts'),
      code: "import { lockOrder } from '../orders/reads';",
      options,
      errors: [{ message: frontDoor('orders', 'reads') }],
    },
    {
      name: "another module's inner file from the composition root",
      filename: file('src/server/app.ts'),
      code: "import { registerOrderRoutes } from './modules/orders/routes';",
      options,
      errors: [{ message: frontDoor('orders', 'routes') }],
    },
    {
      name: "another module's schema file",
      filename: file('src/server/modules/checkout/workflow.ts'),
      code: "import { devices } from '../../db/schema/catalog';",
      options,
      errors: [
        {
          message:
            "modules/checkout may not import db/schema/catalog: a module reads another module's tables through that module's index",
        },
      ],
    },
    {
      name: 'the schema index, outside the readers',
      filename: file('src/server/modules/orders/reads.ts'),
      code: "import { orders } from '../../db/schema';",
      options,
      errors: [{ message: "modules/orders may not import db/schema: only a table's owner imports its schema file" }],
    },
    {
      name: 'a schema file from a lib file that owns none',
      filename: file('src/server/lib/paging.ts'),
      code: "import { orders } from '../db/schema/orders';",
      options,
      errors: [
        {
          message:
            "src/server/lib/paging.ts may not import db/schema/orders: a module reads another module's tables through that module's index",
        },
      ],
    },
  ],
});
