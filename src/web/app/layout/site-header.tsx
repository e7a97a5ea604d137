import { Suspense } from 'react';
import { optionalLazy } from '../../lib/chunks';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession } from '../../lib/use-session';
import { CHAT_DOCK_ID } from '../../features/chat/chat-dock';
import { hydrateLater } from './hydrate-later';
import { Logo } from './logo';
import { isDashboardPath } from './nav-links';
import { useHeaderPopup } from './header-popup';

const MOBILE_MENU_ID = 'mobile-menu';

/** Loaded when first opened: most visits never open it. */
const MobileMenu = optionalLazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));
/** The Shop and Company menus: server-rendered links until the page is live, then menus (decision 034). */
const DesktopNav = hydrateLater(() => import('./desktop-nav').then((module) => module.DesktopNav));
/** The badge counts what browser storage holds: it fills in once the page is live. */
const CartLink = hydrateLater(() => import('./cart-link').then((module) => module.CartLink));
/**
 * The search box: a plain GET form in the server's HTML, live once the page is (decision 071); its
 * suggestions load on its first focus.
 */
const HeaderSearch = hydrateLater(() => import('./header-search').then((module) => module.HeaderSearch));
/** Loaded when someone is signed in (after hydration, once the browser asked who). */
const SignedInActions = optionalLazy(() => import('./signed-in-actions'));

export function SiteHeader() {
  const { pathname } = useLocation();
  const { user, isLoading } = useSession();
  const onDashboard = isDashboardPath(pathname);
  // The mobile menu: the whole header holds its button and panel.
  const {
    open: menuOpen,
    setOpen: setMenuOpen,
    rootRef: headerRef,
    buttonProps: toggleProps,
  } = useHeaderPopup<HTMLElement>(MOBILE_MENU_ID);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75"
    >
      {/*
        Below xl the search box wraps onto a row of its own (header-search.tsx: order-last, full width); at xl it
        takes the room left, up to 18rem, so the row never wraps.
      */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:px-6 lg:px-8 xl:gap-x-6">
        <Logo />
        {!onDashboard && <DesktopNav />}
        {!onDashboard && <HeaderSearch />}

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* The Chat launcher docks here below the width from which it floats (features/chat/chat-dock.ts). */}
          <span id={CHAT_DOCK_ID} className="flex empty:hidden" />
          {!onDashboard && <CartLink />}
          <div className="hidden items-center gap-1 lg:flex">
            {!isLoading && !user && (
              <Link
                to={paths.auth}
                className="ml-1 inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
              >
                Login/SignUp
              </Link>
            )}
            {user && (
              <Suspense fallback={null}>
                <SignedInActions user={user} onDashboard={onDashboard} />
              </Suspense>
            )}
          </div>
          <button
            {...toggleProps}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 lg:hidden"
          >
            <span className={`icon size-6 ${menuOpen ? 'icon-close' : 'icon-menu'}`} aria-hidden="true" />
          </button>
        </div>
      </div>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu id={MOBILE_MENU_ID} user={user} onDashboard={onDashboard} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
