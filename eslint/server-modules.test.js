import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { file, tester } from './rule-tester.js';
import serverModules from './server-modules.js';

const options = [
  {
    modules: 'src/server/modules',
    layers: [['audit'], ['mail', 'images'], ['accounts'], ['orders'], ['checkout']],
    except: ['.test.ts'],
  },
];
const upward = (mine, theirs) =>
  `modules/${mine} may not import modules/${theirs}: a module imports only modules in layers below its own`;

tester.run('quickbuy/server-modules', serverModules, {
  valid: [
    {
      name: 'a module below',
      filename: file('src/server/modules/checkout/workflow.ts'),
      code: "import { placeOrder } from '../orders/service';",
      options,
    },
    {
      name: 'infrastructure from accounts',
      filename: file('src/server/modules/accounts/sign-in.ts'),
      code: "import { recordAudit } from '../audit/service'; import { enqueueEmail } from '../mail/outbox';",
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
      name: 'outside the modules',
      filename: file('src/server/app.ts'),
      code: "import { registerCheckoutRoutes } from './modules/checkout/routes';",
      options,
    },
  ],
  invalid: [
    {
      name: 'a module above',
      filename: file('src/server/modules/orders/service.ts'),
      code: "import { placeOrder } from '../checkout/workflow';",
      options,
      errors: [{ message: upward('orders', 'checkout') }],
    },
    {
      name: 'infrastructure importing a domain module',
      filename: file('src/server/modules/audit/routes.ts'),
      code: "import { findPeople } from '../accounts/service';",
      options,
      errors: [{ message: upward('audit', 'accounts') }],
    },
    {
      name: 'a module of the same layer, so neither imports the other',
      filename: file('src/server/modules/images/service.ts'),
      code: "import { enqueueEmail } from '../mail/outbox';",
      options,
      errors: [{ message: upward('images', 'mail') }],
    },
    {
      name: 'a lazy import and a re-export count too',
      filename: file('src/server/modules/accounts/service.ts'),
      code: "const o = import('../orders/service'); export { placeOrder } from '../checkout/workflow';",
      options,
      errors: [{ message: upward('accounts', 'orders') }, { message: upward('accounts', 'checkout') }],
    },
    {
      name: 'a module in no layer',
      filename: file('src/server/modules/orders/service.ts'),
      code: "import { track } from '../tracking/service';",
      options,
      errors: [
        {
          message:
            'modules/tracking is in no layer: place it in the layers of quickbuy/server-modules (eslint.config.js)',
        },
      ],
    },
  ],
});

describe('the project’s module layers', () => {
  it('place every module on disk once', async () => {
    const eslint = new ESLint();
    const config = await eslint.calculateConfigForFile('src/server/modules/orders/service.ts');
    const [, { modules, layers }] = config.rules['quickbuy/server-modules'];
    const onDisk = readdirSync(modules, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(layers.flat().sort()).toEqual(onDisk.sort());
  });
});
