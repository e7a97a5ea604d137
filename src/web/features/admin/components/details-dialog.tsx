import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadedQuery } from '../../../components/loaded-query';
import { DialogFor } from '../../../components/ui/dialog';

/** Which record's details are open (`number`, null while none is) and how the dialog closes. */
export type OpenDetails = { number: string | null; onClose: () => void };

/**
 * An admin card's View Details dialog: open while `number` names a record, its details loaded by
 * `useDetails` (loading and a retryable error shown in place), then drawn by `children`.
 */
export function DetailsDialog<Data>({
  number,
  onClose,
  title,
  useDetails,
  errorTitle,
  children,
}: OpenDetails & {
  title: string;
  useDetails: (number: string) => UseQueryResult<Data>;
  errorTitle: string;
  children: (data: Data) => ReactNode;
}) {
  return (
    <DialogFor subject={number} onClose={onClose} title={`${title} ${number ?? ''}`} size="lg">
      {(chosen) => <LoadedDetails number={chosen} useDetails={useDetails} errorTitle={errorTitle} render={children} />}
    </DialogFor>
  );
}

function LoadedDetails<Data>({
  number,
  useDetails,
  errorTitle,
  render,
}: {
  number: string;
  useDetails: (number: string) => UseQueryResult<Data>;
  errorTitle: string;
  render: (data: Data) => ReactNode;
}) {
  return (
    <LoadedQuery query={useDetails(number)} errorTitle={errorTitle}>
      {render}
    </LoadedQuery>
  );
}
