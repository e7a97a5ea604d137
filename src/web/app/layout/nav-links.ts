import { COLLECTION_SLUGS, COLLECTIONS } from '../../../shared/catalog';
import { paths } from '../../../shared/paths';

/** The header's links, in the spec's order (000 'Header and footer'). */
export const COLLECTION_LINKS = COLLECTION_SLUGS.map((slug) => ({
  label: COLLECTIONS[slug].title,
  to: paths.collection(slug),
}));

export const COMPANY_LINKS = [
  { label: 'About', to: paths.about, description: 'Our story and mission' },
  { label: 'Contact', to: paths.contact, description: 'Talk to our team' },
  { label: 'FAQ', to: paths.faq, description: 'Answers to common questions' },
] as const;

/**
 * The spec's three, in its order, then Sell: the spec names it among the footer's Quick Links only, and a seller
 * looked for it at the top; it comes after the spec's links so each of those keeps its place.
 */
export const MAIN_LINKS = [
  { label: 'Services', to: paths.repairs },
  { label: 'Track Orders', to: paths.track },
  { label: 'Partner program', to: paths.agentLogin },
  { label: 'Sell', to: paths.sell },
] as const;

/** On the agent and admin dashboards the shop links and the cart icon are hidden. */
export function isDashboardPath(pathname: string): boolean {
  return [paths.agentDashboard, paths.admin].some((base) => pathname === base || pathname.startsWith(`${base}/`));
}
