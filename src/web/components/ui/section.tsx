import { useId, type ReactNode } from 'react';

/** The white card most blocks of the shop's pages sit in. */
export const cardClass = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

/**
 * A block of a page named by its heading (aria-labelledby, so screen readers list it as a region):
 * the cards of the cart, the order and the content pages. `as` picks the element: a summary beside
 * the main content is an aside, a block of links a nav.
 */
export function Section({
  title,
  as: Element = 'section',
  className,
  headingClassName = 'text-lg font-semibold text-slate-900',
  children,
}: {
  title: ReactNode;
  as?: 'section' | 'aside' | 'nav';
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Element aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </Element>
  );
}
