import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useCartCount } from '../../lib/cart-store';

export function cartLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The header's cart icon with its item-count badge. */
export function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to={paths.cart}
      aria-label={cartLabel(count)}
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <ShoppingCart className="size-5" aria-hidden="true" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
