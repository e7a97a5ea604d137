import { Truck } from 'lucide-react';
import { formatAmount } from '../../../shared/money';
import { STORE } from '../../../shared/store';

/** Spec 000 section 1: the banner prefixes the threshold with R. */
export const FREE_DELIVERY_TEXT = `Free nationwide delivery on orders above R${formatAmount(STORE.freeDeliveryThreshold)}`;

/**
 * A landmark of its own (a named region), as all of a page is: it sits above the sticky header, whose
 * <header> cannot hold it without the header scrolling away with it. Not an aside: the complementary
 * landmark is the page's own (the order summary beside the cart).
 */
export function TopBanner() {
  return (
    <section aria-label="Delivery offer" className="bg-slate-900 text-white">
      <p className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-2 text-center text-xs font-medium tracking-wide sm:text-sm">
        <Truck className="size-4 shrink-0 text-brand-100" aria-hidden="true" />
        {FREE_DELIVERY_TEXT}
      </p>
    </section>
  );
}
