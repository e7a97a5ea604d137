import { Component, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRouteFailure } from '../lib/page-router';
import { resetQueries } from '../lib/queries';
import { ErrorPanel } from './error-panel';

/**
 * The error boundaries of the app's areas (docs/architecture.md). A page of any area that fails to
 * render shows AreaErrorPage where it was, inside the header and footer (the route table's page
 * boundary: the storefront's pages, the account's); a tab of the account or of the agent's or the
 * admin's dashboard shows AreaErrorBoundary's panel in its place, the page's title and other tabs
 * staying. Try again forgets the cached data and renders the part again, so it asks the server anew.
 */

/**
 * A route's `failure` inside the frame (lib/page-router.tsx): shown in the layout's outlet in place of the page that
 * failed. Try again runs `forget` (caches of the area's own, such as the catalog's kept replies), then
 * goes to the same address again: the page's loader runs anew and the page renders afresh.
 */
export function AreaErrorPage({ forget }: { forget?: () => void }) {
  const error = useRouteFailure();
  const navigate = useNavigate();
  const location = useLocation();
  const retry = async () => {
    forget?.();
    await resetQueries();
    await navigate(location, { replace: true, preventScrollReset: true, state: location.state });
  };
  return (
    <div className="px-4 py-16">
      <ErrorPanel error={error} heading={1} onRetry={() => void retry()} />
    </div>
  );
}

/** Around a part inside a page's frame (a dashboard's tab): the rest of the page stays usable. */
export class AreaErrorBoundary extends Component<{ children: ReactNode }, { failure: { error: unknown } | null }> {
  override state = { failure: null as { error: unknown } | null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  retry = async () => {
    await resetQueries();
    this.setState({ failure: null });
  };

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return <ErrorPanel error={failure.error} heading={2} onRetry={() => void this.retry()} />;
  }
}
