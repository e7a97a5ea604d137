import { renderToStaticMarkup } from 'react-dom/server.edge'; // the render entry's build (entry-server.tsx)
import { paths } from '../../shared/paths';
import { STORE } from '../../shared/store';
import { CtaLinks } from '../components/ui/cta-link';
import { COLLECTION_LINKS, COMPANY_LINKS } from './layout/nav-links';

/**
 * What the server renders for a browser without JavaScript (docs/decisions/054). Imported by the render
 * entry only, so none of it reaches the browser's code.
 */

/**
 * The main part of a page the browser renders alone (cart, sign-in, account, an order's confirmation, the
 * back office): inside the frame, a notice that says so and a way on that works without JavaScript. In a
 * noscript element, so a browser running the app never shows it before its own page replaces it.
 */
export function NeedsJavaScript() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <noscript>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">This page needs JavaScript</h1>
        <p className="mt-4 text-lg text-slate-600">
          Turn on JavaScript in your browser to use this page. You can still browse and read about our devices without
          it.
        </p>
        <CtaLinks
          className="mt-8"
          links={[
            { to: paths.buy, tone: 'primary', label: 'Browse devices' },
            { to: paths.home, tone: 'outline', label: 'Return to Home' },
          ]}
        />
      </noscript>
    </div>
  );
}

const linkClass = 'rounded px-1.5 py-0.5 text-slate-700 underline hover:text-brand-700';

/**
 * The Shop and Company menus and the phone menu are buttons that need the app: without JavaScript this
 * bar gives their links instead (index.html hides the buttons in the same case). Placed before the app's
 * root, outside what React hydrates, so the app's code carries none of it.
 */
export const NO_SCRIPT_NAV = renderToStaticMarkup(
  <noscript>
    <nav aria-label="Shop and company" className="border-b border-slate-200 bg-white px-4 py-2 text-sm">
      <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-1">
        <li>
          <a href={paths.buy} className={`${linkClass} font-semibold`}>
            Shop all devices
          </a>
        </li>
        {[...COLLECTION_LINKS, ...COMPANY_LINKS].map((link) => (
          <li key={link.to}>
            <a href={link.to} className={linkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  </noscript>,
);

/** What a page's buttons do that needs the app, said where nothing else would say it. */
const BUTTONS_NEED_JAVASCRIPT: { matches: (pathname: string) => boolean; text: string }[] = [
  {
    matches: (pathname) => pathname === paths.sell,
    text: `Getting a quote for your device needs JavaScript: turn it on in your browser to fill in this form, or call us on ${STORE.phone} and we will take your device's details.`,
  },
  {
    matches: (pathname) => pathname === paths.repairs,
    text: `Booking a repair needs JavaScript: turn it on in your browser to use Book a Repair, or call us on ${STORE.phone} to book.`,
  },
  {
    matches: (pathname) =>
      pathname === paths.home || pathname === paths.buy || /^\/(device|collections)\//.test(pathname),
    text: 'Add to Cart, Buy Now and the image arrows need JavaScript: turn it on in your browser to shop. You can still browse and read about our devices without it.',
  },
];

/**
 * The bar without JavaScript, and on a page whose buttons need the app (Add to Cart, Buy Now, the carousel's
 * arrows, Book a Repair, the sell form) a notice saying so, in the same noscript place: pressed, those buttons
 * would otherwise do nothing and say nothing. None of it is in the app's code.
 */
export function noScriptFor(pathname: string): string {
  const notice = BUTTONS_NEED_JAVASCRIPT.find((page) => page.matches(pathname));
  if (!notice) return NO_SCRIPT_NAV;
  return (
    NO_SCRIPT_NAV +
    renderToStaticMarkup(
      <noscript>
        <p role="note" className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-center text-sm text-amber-900">
          {notice.text}
        </p>
      </noscript>,
    )
  );
}
