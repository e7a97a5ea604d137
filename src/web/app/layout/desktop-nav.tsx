import { ChevronDown } from 'lucide-react';
import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { optionalLazy } from '../../lib/chunks';
import { NavLinkItems } from './nav-link-items';
import { MAIN_LINKS } from './nav-links';
import { useCloseOnNavigation, useDismiss } from './header-popup';

/** The menus' contents: fetched when the pointer or the focus first comes to the navigation, shown when opened. */
const loadPanels = () => import('./desktop-nav-panels');
const ShopPanel = optionalLazy(() => loadPanels().then((module) => ({ default: module.ShopPanel })));
const CompanyPanel = optionalLazy(() => loadPanels().then((module) => ({ default: module.CompanyPanel })));

const triggerClass =
  'group inline-flex h-10 items-center gap-1 whitespace-nowrap rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors ' +
  'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ' +
  'data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  'inline-flex h-10 items-center whitespace-nowrap rounded-lg px-3 text-sm font-medium transition-colors hover:bg-slate-100 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ' +
  (isActive ? 'text-brand-700' : 'text-slate-700 hover:text-slate-900');

type MenuId = 'shop' | 'company';

/** The header's two menus, in order: each a button and the panel it opens. */
const MENUS: { id: MenuId; label: string; panelClassName: string; Panel: typeof ShopPanel }[] = [
  { id: 'shop', label: 'Shop', panelClassName: 'grid w-[46rem] grid-cols-[13rem_1fr] gap-8', Panel: ShopPanel },
  { id: 'company', label: 'Company', panelClassName: 'w-64 p-2!', Panel: CompanyPanel },
];

const panelId = (id: MenuId) => `header-menu-${id}`;

/** Focuses the open panel's first link once it is there (its code may still be arriving), for up to ~2 s. */
function focusFirstLink(item: HTMLElement | null, id: MenuId, frames = 120) {
  requestAnimationFrame(() => {
    const link = item?.querySelector<HTMLElement>(`#${panelId(id)} a`);
    if (link) link.focus();
    else if (frames > 0) focusFirstLink(item, id, frames - 1);
  });
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
    focusFirstLink(itemRef.current, id);
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

/** The desktop header navigation: Shop mega menu, Company menu, Services, Track Orders, Partner program, Sell. */
export function DesktopNav() {
  const [open, setOpen] = useState<MenuId | null>(null);
  const navRef = useRef<HTMLElement>(null);

  const onOpenChange = (next: MenuId | null) => setOpen(next);
  const onLeave = (id: MenuId) => setOpen((current) => (current === id ? null : current));

  const close = useCallback(() => setOpen(null), []);
  useCloseOnNavigation(close);
  const openButton = useCallback(
    () => (open ? navRef.current?.querySelector<HTMLElement>(`[aria-controls="${panelId(open)}"]`) : null),
    [open],
  );
  useDismiss({ open: open !== null, within: navRef, close, button: openButton });

  return (
    <nav
      ref={navRef}
      aria-label="Main"
      className="hidden lg:block"
      onPointerEnter={() => void loadPanels()}
      onFocus={() => void loadPanels()}
    >
      <ul className="flex items-center xl:gap-1">
        {MENUS.map(({ Panel, ...menu }) => (
          <MenuItem key={menu.id} {...menu} open={open} onOpenChange={onOpenChange} onLeave={onLeave}>
            <Suspense fallback={null}>
              <Panel />
            </Suspense>
          </MenuItem>
        ))}
        <NavLinkItems links={MAIN_LINKS} className={linkClass} />
      </ul>
    </nav>
  );
}
