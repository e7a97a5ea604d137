import { renderToStaticMarkup } from 'react-dom/server';
import { paths } from '../../shared/paths';
import { CtaLink } from '../components/ui/cta-link';
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
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <CtaLink to={paths.buy} tone="primary">
            Browse devices
          </CtaLink>
          <CtaLink to={paths.home} tone="outline">
            Return to Home
          </CtaLink>
        </div>
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
