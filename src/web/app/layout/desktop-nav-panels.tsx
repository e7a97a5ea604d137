import { ArrowRight, ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { imageUrl, type CatalogMenuReply } from '../../../shared/catalog';
import { paths } from '../../../shared/paths';
import { money } from '../../lib/money';
import { useCatalogMenu } from './menu-api';
import { COLLECTION_LINKS, COMPANY_LINKS } from './nav-links';

/**
 * What the header's Shop and Company menus hold, loaded when the pointer or the focus first comes to the
 * navigation (desktop-nav.tsx): a page's first load carries only the menu buttons.
 */

export function allLaptopsLabel(count: number | undefined): string {
  return count === undefined ? 'All Laptops' : `All Laptops (${count})`;
}

/** A link inside an open menu; following it closes the menu (the panel listens for link clicks). */
function MenuLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}

/** The Shop mega menu: the collections, three featured devices and the live laptop count. */
export function ShopPanel() {
  const menu = useCatalogMenu();
  return (
    <>
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
        ) : menu.isPending ? (
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
    </>
  );
}

/** The Company menu: About, Contact, FAQ and the rest, each with a line saying what it is. */
export function CompanyPanel() {
  return (
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
        {item.sale && (
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
        {onSale && <s className="text-xs text-slate-500">{money(item.originalPrice!, 'card')}</s>}
      </span>
    </MenuLink>
  );
}
