import quickbuy from './boundaries.js';
import { file, tester } from './rule-tester.js';

const options = [
  {
    features: 'src/web/features',
    zones: [{ target: 'src/web', from: ['src/server'], message: 'The web app talks to the server over HTTP only.' }],
  },
];
const crossing = (mine, theirs) =>
  `features/${mine} may not import features/${theirs}: move what both need to src/web/components or src/web/lib`;

tester.run('quickbuy/boundaries', quickbuy.rules.boundaries, {
  valid: [
    {
      name: 'own feature',
      filename: file('src/web/features/cart/cart-page.tsx'),
      code: "import { x } from './cart-line';",
      options,
    },
    {
      name: 'lib',
      filename: file('src/web/features/cart/cart-page.tsx'),
      code: "import { cart } from '../../lib/cart-store';",
      options,
    },
    {
      name: 'components',
      filename: file('src/web/features/account/a.tsx'),
      code: "import { RolePage } from '../../components/role-page';",
      options,
    },
    {
      name: 'the router composes features',
      filename: file('src/web/app/router.tsx'),
      code: "const p = import('../features/cart/cart-page');",
      options,
    },
    {
      name: 'packages',
      filename: file('src/web/features/cart/a.tsx'),
      code: "import { useState } from 'react';",
      options,
    },
  ],
  invalid: [
    {
      name: 'a feature importing another',
      filename: file('src/web/features/account/account-page.tsx'),
      code: "import { useSession } from '../auth/use-session';",
      options,
      errors: [{ message: crossing('account', 'auth') }],
    },
    {
      name: 'the same, spelt the long way',
      filename: file('src/web/features/catalog/add-to-cart.ts'),
      code: "import { cart } from '../../features/cart/cart-store';",
      options,
      errors: [{ message: crossing('catalog', 'cart') }],
    },
    {
      name: 'a lazy import and a re-export count too',
      filename: file('src/web/features/cart/cart-page.tsx'),
      code: "const f = import('../checkout/checkout-form'); export { token } from '../orders/token';",
      options,
      errors: [{ message: crossing('cart', 'checkout') }, { message: crossing('cart', 'orders') }],
    },
    {
      name: 'a zone',
      filename: file('src/web/lib/api.ts'),
      code: "import { AppError } from '../../server/lib/errors';",
      options,
      errors: [{ message: 'The web app talks to the server over HTTP only.' }],
    },
  ],
});
