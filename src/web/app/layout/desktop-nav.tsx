import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ChevronDown, ImageOff } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { Link, NavLink } from 'react-router';
import { imageUrl, type CatalogMenuReply } from '../../../shared/catalog';
import { paths } from '../../../shared/paths';
import { api } from '../../lib/api';
import { money } from '../../lib/money';
import { COLLECTION_LINKS, COMPANY_LINKS, MAIN_LINKS } from './nav-links';
import { useCloseOnNavigation, useDismiss } from './header-popup';

export const CATALOG_MENU_QUERY_KEY = ['catalog', 'menu'] as const;

/** The Shop menu's live part, asked for the first time the menu opens (not on every page load). */
export function useCatalogMenu(enabled: boolean) {
  return useQuery({
    queryKey: CATALOG_MENU_QUERY_KEY,
    queryFn: () => api.get<CatalogMenuReply>('/api/catalog/menu'),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function allLaptopsLabel(count: number | undefined): string {
  return count === undefined ? 'All Laptops' : `All Laptops (${count})`;
}

const triggerClass =
  'group inline-flex h-10 items-center gap-1 whitespace-nowrap rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors ' +
  'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ' +
  'data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  'inline-flex h-10 items-center whitespace-nowrap rounded-lg px-3 text-sm font-medium transition-colors hover:bg-slate-100 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ' +
  (isActive ? 'text-brand-700' : 'text-slate-700 hover:text-slate-900');

type MenuId = 'shop' | 'company';

const panelId = (id: MenuId) => `header-menu-${id}`;

/** A link inside an open menu; following it closes the menu (the panel listens for link clicks). */
function MenuLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

/**
 * One menu of the header: a button that discloses a panel of links (the WAI-ARIA disclosure
 * navigation pattern). Click or Enter toggles, ArrowDown opens and enters it, Escape closes and
 * returns to the button, a mouse hover opens it after a short delay. Hand-written rather than
 * Radix NavigationMenu: this code is on every page's first load and Radix's menu weighs 13 KB gzip.
 */
function MenuItem({
  id,
  label,
  open,
  onOpenChange,
  onLeave,
  panelClassName = '',
  children,
}: {
  id: MenuId;
  label: string;
  open: MenuId | null;
  onOpenChange: (next: MenuId | null, how: 'hover' | 'click') => void;
  /** Closes this menu if it is still the open one: the mouse may have opened the next menu meanwhile. */
  onLeave: (id: MenuId) => void;
  panelClassName?: string;
  children: ReactNode;
}) {
  const isOpen = open === id;
  const timer = useRef<number | undefined>(undefined);
  const hoverOpenedAt = useRef<number | null>(null);
  const itemRef = useRef<HTMLLIElement>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!isOpen) hoverOpenedAt.current = null;
  }, [isOpen]);

  const onPointerEnter = (event: PointerEvent<HTMLLIElement>) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(timer.current);
    if (isOpen) return;
    timer.current = window.setTimeout(
      () => {
        hoverOpenedAt.current = Date.now();
        onOpenChange(id, 'hover');
      },
      open ? 0 : 120,
    );
  };
  const onPointerLeave = (event: PointerEvent<HTMLLIElement>) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(timer.current);
    // Only a menu the mouse opened closes when the mouse leaves; a clicked one stays until dismissed.
    if (hoverOpenedAt.current === null) return;
    timer.current = window.setTimeout(() => onLeave(id), 200);
  };
  const onClick = () => {
    window.clearTimeout(timer.current);
    const justHovered = hoverOpenedAt.current !== null && Date.now() - hoverOpenedAt.current < 600;
    hoverOpenedAt.current = null;
    if (isOpen && justHovered) return; // the hover opened it a moment ago: the click means "open", not "close"
    onOpenChange(isOpen ? null : id, 'click');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    onOpenChange(id, 'click');
    requestAnimationFrame(() => itemRef.current?.querySelector<HTMLElement>(`#${panelId(id)} a`)?.focus());
  };
  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a')) onOpenChange(null, 'click');
  };

  return (
    <li ref={itemRef} className="relative" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave}>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId(id)}
        data-state={isOpen ? 'open' : 'closed'}
        onClick={onClick}
        onKeyDown={onKeyDown}
        className={triggerClass}
      >
        {label}
        <ChevronDown
          className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
      </button>
      {isOpen && (
        // Listens for link clicks bubbling up, to close the menu; the links are the controls.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
        <div id={panelId(id)} className="absolute top-full left-0 z-50 pt-3" onClick={onPanelClick}>
          <div
            className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/10 ${panelClassName}`}
          >
            {children}
          </div>
        </div>
      )}
    </li>
  );
}

/** The desktop header navigation: Shop mega menu, Company menu, Services, Track Orders, Partner program. */
export function DesktopNav() {
  const [open, setOpen] = useState<MenuId | null>(null);
  const [shopRequested, setShopRequested] = useState(false);
  const menu = useCatalogMenu(shopRequested);
  const navRef = useRef<HTMLElement>(null);

  const onOpenChange = (next: MenuId | null) => {
    setOpen(next);
    if (next === 'shop') setShopRequested(true);
  };
  const onLeave = (id: MenuId) => setOpen((current) => (current === id ? null : current));

  const close = useCallback(() => setOpen(null), []);
  useCloseOnNavigation(close);
  const openButton = useCallback(
    () => (open ? navRef.current?.querySelector<HTMLElement>(`[aria-controls="${panelId(open)}"]`) : null),
    [open],
  );
  useDismiss({ open: open !== null, within: navRef, close, button: openButton });

  return (
    <nav ref={navRef} aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center xl:gap-1">
        <MenuItem
          id="shop"
          label="Shop"
          open={open}
          onOpenChange={onOpenChange}
          onLeave={onLeave}
          panelClassName="grid w-[46rem] grid-cols-[13rem_1fr] gap-8"
        >
          <div>
            <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">Collections</h2>
            <ul className="mt-3 space-y-0.5">
              {COLLECTION_LINKS.map((link) => (
                <li key={link.to}>
                  <MenuLink
                    to={link.to}
                    className="block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                  >
                    {link.label}
                  </MenuLink>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">Featured</h2>
            {menu.data && menu.data.featured.length > 0 ? (
              <ul className="mt-3 grid grid-cols-3 gap-4">
                {menu.data.featured.slice(0, 3).map((item) => (
                  <li key={item.id}>
                    <FeaturedCard item={item} />
                  </li>
                ))}
              </ul>
            ) : menu.isLoading ? (
              <ul className="mt-3 grid grid-cols-3 gap-4" aria-hidden="true">
                {[0, 1, 2].map((i) => (
                  <li key={i} className="animate-pulse">
                    <div className="aspect-square rounded-xl bg-slate-100" />
                    <div className="mt-2 h-3 w-3/4 rounded bg-slate-100" />
                    <div className="mt-1.5 h-3 w-1/3 rounded bg-slate-100" />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-500">
                Pre-owned and new phones, laptops, tablets and more, each with a warranty.
              </p>
            )}
            <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-slate-100 pt-4">
              <MenuLink
                to={paths.collection('laptops')}
                className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
              >
                {allLaptopsLabel(menu.data?.laptopCount)}
                <ArrowRight className="size-4" aria-hidden="true" />
              </MenuLink>
              <MenuLink to={paths.buy} className="text-sm font-medium text-slate-600 hover:text-slate-900">
                Browse all devices
              </MenuLink>
            </div>
          </div>
        </MenuItem>
        <MenuItem
          id="company"
          label="Company"
          open={open}
          onOpenChange={onOpenChange}
          onLeave={onLeave}
          panelClassName="w-64 p-2!"
        >
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <MenuLink
                  to={link.to}
                  className="block rounded-lg px-3 py-2.5 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <span className="block text-sm font-medium text-slate-900">{link.label}</span>
                  <span className="block text-xs text-slate-500">{link.description}</span>
                </MenuLink>
              </li>
            ))}
          </ul>
        </MenuItem>
        {MAIN_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FeaturedCard({ item }: { item: CatalogMenuReply['featured'][number] }) {
  const onSale = item.originalPrice !== null && item.originalPrice > item.price;
  return (
    <MenuLink
      to={paths.device(item.id)}
      className="group/card block rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <span className="relative block aspect-square overflow-hidden rounded-xl bg-slate-50">
        {item.image ? (
          <img
            src={imageUrl(item.image, 320)}
            alt=""
            width={160}
            height={160}
            loading="lazy"
            className="size-full object-contain p-2 transition-transform duration-300 group-hover/card:scale-105"
          />
        ) : (
          <ImageOff className="absolute inset-0 m-auto size-8 text-slate-300" aria-hidden="true" />
        )}
        {onSale && (
          <span className="absolute top-2 left-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
            Sale
          </span>
        )}
      </span>
      <span className="mt-2 line-clamp-2 block text-sm font-medium text-slate-900 group-hover/card:text-brand-700">
        {item.name}
      </span>
      <span className="mt-0.5 flex items-baseline gap-2 text-sm">
        <span className="font-semibold text-slate-900">{money(item.price, 'card')}</span>
        {onSale && <s className="text-xs text-slate-400">{money(item.originalPrice!, 'card')}</s>}
      </span>
    </MenuLink>
  );
}
