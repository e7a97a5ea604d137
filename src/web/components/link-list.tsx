import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface SiteLink {
  label: string;
  to: string;
}

/** A list of links to the shop's own pages (the footer's columns, the contact page's quick links). */
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
