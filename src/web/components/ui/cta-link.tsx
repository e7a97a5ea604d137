import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const TONES = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  /** On a brand-coloured band. */
  light: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50',
  lightOutline: 'border border-white/40 text-white hover:bg-white/10',
};

interface CtaLinkProps {
  to: string;
  tone: keyof typeof TONES;
  icon?: LucideIcon;
}

/**
 * A call to action of the content pages and the 404 page: a link drawn as a large button, with an
 * optional icon before its label. `to` is one of our paths, or a mailto:/tel: address.
 */
function CtaLink({ to, tone, icon: Icon, children }: CtaLinkProps & { children: ReactNode }) {
  const className =
    'inline-flex h-11 items-center gap-2 rounded-lg px-5 text-sm font-semibold focus-visible:outline-none ' +
    `focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 ${TONES[tone]}`;
  const content = (
    <>
      {Icon && <Icon className="size-4" aria-hidden="true" />}
      {children}
    </>
  );
  return to.startsWith('/') ? (
    <Link to={to} className={className}>
      {content}
    </Link>
  ) : (
    <a href={to} className={className}>
      {content}
    </a>
  );
}

/** The ways on that end a page or a block: its calls to action side by side, centred, wrapping on a phone. */
export function CtaLinks({ links, className }: { links: (CtaLinkProps & { label: string })[]; className?: string }) {
  const row = 'flex flex-wrap justify-center gap-3';
  return (
    <div className={className ? `${className} ${row}` : row}>
      {links.map(({ label, ...link }) => (
        <CtaLink key={link.to} {...link}>
          {label}
        </CtaLink>
      ))}
    </div>
  );
}
