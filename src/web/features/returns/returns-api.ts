import { useQuery } from '@tanstack/react-query';
import type { RepairSlotsReply } from '../../../shared/repairs';
import type { OpenReturn, ReturnableOrder, ReturnRequestView, WarrantableRepair } from '../../../shared/returns';
import { api } from '../../lib/api';
import { orderTokenHeaders } from '../../lib/order-token';

/* The customer's requests: what an order can send back, opening a request, reading and cancelling one. */

/** The order's link (or the placing browser's token) opens it: the same header the order page sends. */
const headersFor = (orderNumber: string | null) => (orderNumber ? orderTokenHeaders(orderNumber) : {});

export const useReturnableOrder = (orderNumber: string | null) =>
  useQuery({
    queryKey: ['returnable', orderNumber],
    enabled: orderNumber !== null,
    queryFn: () =>
      api.get<ReturnableOrder>(`/api/returns/for-order/${encodeURIComponent(orderNumber!)}`, {
        headers: headersFor(orderNumber),
      }),
    retry: false,
  });

export const useWarrantableRepairs = (enabled: boolean) =>
  useQuery({
    queryKey: ['warranty-repairs'],
    enabled,
    queryFn: () => api.get<WarrantableRepair[]>('/api/account/warranty-repairs'),
  });

export const useCollectionSlots = (date: string) =>
  useQuery({
    queryKey: ['repair-slots', date],
    enabled: date !== '',
    queryFn: () => api.get<RepairSlotsReply>(`/api/repairs/slots?date=${encodeURIComponent(date)}`),
  });

export const openReturn = (input: OpenReturn) =>
  api.post<ReturnRequestView>('/api/returns', input, { headers: headersFor(input.orderNumber || null) });

export const useReturnRequest = (returnNumber: string, orderNumber: string | null) =>
  useQuery({
    queryKey: ['return-request', returnNumber],
    queryFn: () =>
      api.get<ReturnRequestView>(`/api/returns/${encodeURIComponent(returnNumber)}`, {
        headers: headersFor(orderNumber),
      }),
    retry: false,
  });

export const cancelReturn = (returnNumber: string, orderNumber: string | null) =>
  api.post<{ message: string }>(
    `/api/returns/${encodeURIComponent(returnNumber)}/cancel`,
    {},
    {
      headers: headersFor(orderNumber),
    },
  );
