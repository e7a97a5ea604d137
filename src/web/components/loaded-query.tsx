import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListStatus } from './list-status';

/** A back-office read's data once it has come; while it loads, or when it failed (with Try again), its ListStatus. */
export function LoadedQuery<Data>({
  query,
  errorTitle,
  children,
}: {
  query: UseQueryResult<Data>;
  errorTitle: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <ListStatus kind="loading" />;
  if (query.isError) return <ListStatus kind="error" title={errorTitle} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
