import type { ReactNode } from 'react';
import { Button } from './ui/button';

/**
 * The loading, empty and error states every back-office list shows (admin tabs, the agent's lists), one look for all. Loading and
 * error are live regions, so a screen reader hears them.
 */
export function ListStatus({
  kind,
  title,
  children,
  onRetry,
}: {
  kind: 'loading' | 'empty' | 'error';
  title?: string;
  children?: ReactNode;
  onRetry?: () => void;
}) {
  if (kind === 'loading') {
    return (
      <p role="status" className="py-12 text-center text-slate-600">
        {title ?? 'Loading...'}
      </p>
    );
  }
  return (
    <div role={kind === 'error' ? 'alert' : undefined} className="py-12 text-center">
      <p className={`font-medium ${kind === 'error' ? 'text-red-700' : 'text-slate-900'}`}>{title}</p>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
      {onRetry && (
        <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
