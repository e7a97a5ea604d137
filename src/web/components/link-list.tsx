import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';

export interface SiteLink {
  label: string;
  to: string;
}

/** The help and policy pages, each named once; the footer and the contact page pick from them. */
export const POLICY_LINKS = {
  faq: { label: 'FAQ', to: paths.faq },
  warranty: { label: 'Warranty', to: paths.warranty },
  returns: { label: 'Returns', to: paths.returns },
  shipping: { label: 'Shipping', to: paths.shipping },
  reviews: { label: 'Reviews', to: paths.reviews },
  terms: { label: 'Terms of Service', to: paths.terms },
  privacy: { label: 'Privacy Policy', to: paths.privacy },
} satisfies Record<string, SiteLink>;

export const policyLinks = (pages: readonly (keyof typeof POLICY_LINKS)[]) => pages.map((page) => POLICY_LINKS[page]);

/**
 * A list of links to the shop's own pages (the footer's columns, the contact page's quick links, the
 * categories /buy offers when it finds nothing).
 */
export function LinkList({
  links,
  className,
  linkClassName,
  trailing,
}: {
  links: readonly SiteLink[];
  className: string;
  linkClassName: string;
  /** Drawn after each label, an arrow for instance. */
  trailing?: ReactNode;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
            {trailing}
          </Link>
        </li>
      ))}
    </ul>
  );
}
