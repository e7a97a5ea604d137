import { useNavigationPending } from '../../lib/page-router';

/** A thin bar under the top of the window while the next page's code loads. */
export function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-brand-100"
      role="progressbar"
      aria-label="Loading page"
    >
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}
