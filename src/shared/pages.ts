import { PATH_ALIASES } from './paths';

/**
 * Each page's title and description, for the server's <head> and sitemap and the browser's tab title
 * (which loads this table after the first page is live: it is not in the first load).
 */
export interface PageMeta {
  /** A path pattern; `:name` matches one segment. */
  pattern: string;
  title: string;
  description: string;
  /** Listed in the sitemap (pages behind a sign-in or a number are not). */
  indexed: boolean;
}

const STORE_DESCRIPTION =
  'Buy and sell quality pre-owned and new phones, laptops, tablets and more in Cape Town, with warranty and free delivery.';

export const PAGES: PageMeta[] = [
  { pattern: '/', title: 'QuickBuy | Shop Smarter Today', description: STORE_DESCRIPTION, indexed: true },
  {
    pattern: '/buy',
    title: 'Buy Quality Devices | QuickBuy',
    description: 'Certified pre-owned phones and laptops with warranty.',
    indexed: true,
  },
  { pattern: '/collections/:slug', title: 'Collections | QuickBuy', description: STORE_DESCRIPTION, indexed: false },
  { pattern: '/device/:id', title: 'Device | QuickBuy', description: STORE_DESCRIPTION, indexed: false },
  { pattern: '/cart', title: 'Cart | QuickBuy', description: 'Your cart and checkout.', indexed: false },
  {
    pattern: '/order-confirmation/:orderNumber',
    title: 'Order confirmation | QuickBuy',
    description: 'Your order.',
    indexed: false,
  },
  {
    pattern: '/auth',
    title: 'Sign in | QuickBuy',
    description: 'Sign in or create a QuickBuy account.',
    indexed: false,
  },
  { pattern: '/login', title: 'Sign in | QuickBuy', description: 'Sign in to QuickBuy.', indexed: false },
  { pattern: '/signup', title: 'Sign up | QuickBuy', description: 'Create a QuickBuy account.', indexed: false },
  {
    pattern: '/forgot-password',
    title: 'Forgot password | QuickBuy',
    description: 'Reset your password.',
    indexed: false,
  },
  {
    pattern: '/reset-password',
    title: 'Reset password | QuickBuy',
    description: 'Choose a new password.',
    indexed: false,
  },
  {
    pattern: '/confirm-email',
    title: 'Confirm your new email | QuickBuy',
    description: 'Confirm the new email of your account.',
    indexed: false,
  },
  { pattern: '/account', title: 'My account | QuickBuy', description: 'Your QuickBuy account.', indexed: false },
  {
    pattern: '/about',
    title: 'About us | QuickBuy',
    description: 'Our story, our mission and why customers choose QuickBuy.',
    indexed: true,
  },
  {
    pattern: '/contact',
    title: 'Contact us | QuickBuy',
    description: 'Contact details, business hours and a message form.',
    indexed: true,
  },
  {
    pattern: '/faq',
    title: 'FAQ | QuickBuy',
    description: 'Answers about buying, selling, repairs and shipping.',
    indexed: true,
  },
  {
    pattern: '/warranty',
    title: 'Warranty | QuickBuy',
    description: 'Our 6-month device warranty and 90-day repair warranty.',
    indexed: true,
  },
  {
    pattern: '/returns',
    title: 'Returns | QuickBuy',
    description: 'Returns within 14 days and how refunds work.',
    indexed: true,
  },
  {
    pattern: '/shipping',
    title: 'Shipping | QuickBuy',
    description: 'Shipping prices and delivery times within South Africa.',
    indexed: true,
  },
  {
    pattern: '/terms',
    title: 'Terms of Service | QuickBuy',
    description: 'The terms of using QuickBuy.',
    indexed: true,
  },
  {
    pattern: '/privacy',
    title: 'Privacy Policy | QuickBuy',
    description: 'How QuickBuy handles your personal information.',
    indexed: true,
  },
  { pattern: '/reviews', title: 'Reviews | QuickBuy', description: 'What our customers say.', indexed: true },
  {
    pattern: '/sell',
    title: 'Sell Your Device | QuickBuy',
    description: 'Get an instant quote for your phone, laptop, tablet, or TV.',
    indexed: true,
  },
  {
    pattern: '/repairs',
    title: 'Repair Services | QuickBuy',
    description: 'Professional repairs with pickup in Cape Town.',
    indexed: true,
  },
  { pattern: '/track', title: 'Track | QuickBuy', description: 'Track your device sale.', indexed: true },
  {
    pattern: '/return-requests/new',
    title: 'Start a return | QuickBuy',
    description: 'Return a device or make a warranty claim.',
    indexed: false,
  },
  {
    pattern: '/return-requests/:returnNumber',
    title: 'Your return request | QuickBuy',
    description: 'Your return or warranty claim.',
    indexed: false,
  },
  {
    pattern: '/agent-login',
    title: 'Partner program | QuickBuy',
    description: 'Sign in for agents and administrators.',
    indexed: false,
  },
  {
    pattern: '/agent-dashboard',
    title: 'Agent dashboard | QuickBuy',
    description: 'Assigned assessments.',
    indexed: false,
  },
  { pattern: '/admin', title: 'Admin Dashboard | QuickBuy', description: 'Manage the platform.', indexed: false },
  ...Object.keys(PATH_ALIASES).map((pattern) => ({
    pattern,
    title: 'QuickBuy',
    description: STORE_DESCRIPTION,
    indexed: false,
  })),
];

/** The page a pathname belongs to, or null for a path the app shows its 404 page on. */
export function matchPage(pathname: string): { page: PageMeta; params: Record<string, string> } | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const page of PAGES) {
    const pattern = page.pattern === '/' ? [] : page.pattern.split('/').slice(1);
    if (pattern.length !== (pathname === '/' ? 0 : parts.length)) continue;
    const params: Record<string, string> = {};
    const matched = pattern.every((segment, i) => {
      const part = parts[i] ?? '';
      if (segment.startsWith(':')) {
        if (!part) return false;
        params[segment.slice(1)] = safeDecode(part);
        return true;
      }
      return segment === part;
    });
    if (matched) return { page, params };
  }
  return null;
}

/** A percent-decoded URL part, or the part as it is when it is not valid percent-encoding. */
function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
