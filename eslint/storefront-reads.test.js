import storefrontReads from './storefront-reads.js';
import { file, tester } from './rule-tester.js';

// The rule reads the route table and the pages' imports from disk: fixtures/storefront-reads is a small
// app whose storefront pages are catalog/home-page (which imports device-card) and repairs/repairs-page
// (which loads booking-dialog with import()); cart/cart-page is rendered by the browser alone.
const app = 'eslint/fixtures/storefront-reads';
const options = [{ routes: `${app}/app/routes.tsx`, features: `${app}/features`, provider: `${app}/lib/queries.tsx` }];
const at = (name) => file(`${app}/features/${name}`);
const languageOptions = { parser: (await import('typescript-eslint')).default.parser };
const cases = (list) => list.map((test) => ({ options, languageOptions, ...test }));

tester.run('quickbuy/storefront-reads', storefrontReads, {
  valid: cases([
    {
      name: "a storefront page reading its loader's data, and what it imports sending with a request function",
      filename: at('catalog/home-page.tsx'),
      code: "import { usePageData } from '../../lib/page-router'; import { DeviceCard } from './device-card';",
    },
    {
      name: 'the plain request function of a feature file that also has hooks',
      filename: at('catalog/device-card.tsx'),
      code: "import { readDevice } from './catalog-api';",
    },
    {
      name: "TanStack Query's types",
      filename: at('catalog/home-page.tsx'),
      code: "import type { QueryKey } from '@tanstack/react-query'; import { type useDevice } from './catalog-api';",
    },
    {
      name: 'a part loaded with import() that brings its own provider',
      filename: at('repairs/repairs-page.tsx'),
      code: "import { lazy } from 'react'; const BookingDialog = lazy(() => import('./booking-dialog'));",
    },
    {
      name: 'inside that part, the hooks',
      filename: at('repairs/booking-dialog.tsx'),
      code: "import { QueryProvider } from '../../lib/queries'; import { usePickupSlots } from './repairs-api';",
    },
    {
      name: 'a page the browser renders, inside its provider',
      filename: at('cart/cart-page.tsx'),
      code: "import { useQuery } from '@tanstack/react-query';",
    },
    {
      name: 'a file of a storefront feature that no storefront page imports',
      filename: at('catalog/saved-reads.ts'),
      code: "import { useProfile } from '../../lib/account-reads';",
    },
  ]),
  invalid: cases([
    {
      name: 'TanStack Query on a storefront page',
      filename: at('catalog/home-page.tsx'),
      code: "import { useQuery } from '@tanstack/react-query';",
      errors: [{ messageId: 'library' }],
    },
    {
      name: "a feature's query hook in a file a storefront page imports, and its re-export",
      filename: at('catalog/device-card.tsx'),
      code: "import { readDevice, useDevice } from './catalog-api'; export { useDevice as useThat } from './catalog-api';",
      errors: [
        { messageId: 'hook', data: { name: 'useDevice' } },
        { messageId: 'hook', data: { name: 'useDevice' } },
      ],
    },
    {
      name: "lib's shared reads, and a hook of the feature built on them",
      filename: at('catalog/home-page.tsx'),
      code: "import { useProfile } from '../../lib/account-reads'; import { useGreeting } from './saved-reads';",
      errors: [
        { messageId: 'hook', data: { name: 'useProfile' } },
        { messageId: 'hook', data: { name: 'useGreeting' } },
      ],
    },
    {
      name: 'a part that brings its own provider, imported statically, and the provider itself',
      filename: at('repairs/repairs-page.tsx'),
      code: "import BookingDialog from './booking-dialog'; import { QueryProvider } from '../../lib/queries';",
      errors: [
        { messageId: 'provider', data: { source: './booking-dialog' } },
        { messageId: 'provider', data: { source: '../../lib/queries' } },
      ],
    },
  ]),
});
