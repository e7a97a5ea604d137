import { NavLink, type NavLinkProps } from 'react-router';
import type { SiteLink } from '../../components/link-list';

/** Each link as a list item holding a NavLink: the header's and the mobile menu's rows of links. */
export function NavLinkItems({
  links,
  className,
}: {
  links: readonly SiteLink[];
  className: NavLinkProps['className'];
}) {
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} className={className}>
        {link.label}
      </NavLink>
    </li>
  ));
}
