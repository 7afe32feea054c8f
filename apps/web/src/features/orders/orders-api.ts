import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarkPaidBody,
  MarkPaidResult,
  OrderDetail,
  OrderListQuery,
  OrderPage,
  RefundBody,
  RevenueFigures,
  StatementApplied,
  StatementPreview,
} from '@meetflow/shared/schemas/payments';
import { http } from '../../lib/http.ts';

export type { OrderDetail, OrderPage, StatementPreview, StatementApplied, RevenueFigures };

const ordersKey = (meetingId: number) => ['orders', meetingId] as const;

export function useOrderPage(meetingId: number | null, query: OrderListQuery) {
  return useQuery({
    queryKey: [...ordersKey(meetingId ?? 0), 'list', query],
    queryFn: () => http.get<OrderPage>(`/meetings/${meetingId}/orders`, { params: query }),
    enabled: meetingId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useOrderDetail(meetingId: number, orderId: number | null) {
  return useQuery({
    queryKey: [...ordersKey(meetingId), 'detail', orderId ?? 0],
    queryFn: () => http.get<OrderDetail>(`/orders/${orderId}`),
    enabled: orderId !== null,
  });
}

/** After any change of an order: the list, the open detail and the revenue figures. */
function useRefresh(meetingId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ordersKey(meetingId) });
    void queryClient.invalidateQueries({ queryKey: ['revenue'] });
  };
}

export function useMarkPaid(meetingId: number, orderId: number) {
  const refresh = useRefresh(meetingId);
  return useMutation({
    mutationFn: (body: MarkPaidBody) =>
      http.post<MarkPaidResult>(`/orders/${orderId}/mark-paid`, body, { silent: true }),
    onSettled: refresh,
  });
}

export function useRefund(meetingId: number, orderId: number) {
  const refresh = useRefresh(meetingId);
  return useMutation({
    mutationFn: (body: RefundBody) =>
      http.post<unknown>(`/orders/${orderId}/refunds`, body, { silent: true }),
    onSettled: refresh,
  });
}

export function useCancelOrder(meetingId: number, orderId: number) {
  const refresh = useRefresh(meetingId);
  return useMutation({
    mutationFn: () => http.post<unknown>(`/orders/${orderId}/cancel`, undefined, { silent: true }),
    onSettled: refresh,
  });
}

/** Reads a bank statement and matches it; nothing is paid yet. */
export function usePreviewStatement(meetingId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.post<StatementPreview>(`/meetings/${meetingId}/statements/preview`, form, {
        silent: true,
        timeout: 120_000,
      });
    },
  });
}

export function useApplyStatement(meetingId: number) {
  const refresh = useRefresh(meetingId);
  return useMutation({
    mutationFn: (previewId: string) =>
      http.post<StatementApplied>(
        `/meetings/${meetingId}/statements/apply`,
        { preview_id: previewId },
        { silent: true, timeout: 120_000 },
      ),
    onSettled: refresh,
  });
}

export const exportPath = (meetingId: number) => `/meetings/${meetingId}/payments/export`;
export const receiptPdfPath = (receiptId: number) => `/receipts/${receiptId}/pdf`;
export const proofPath = (orderId: number) => `/orders/${orderId}/proof`;
