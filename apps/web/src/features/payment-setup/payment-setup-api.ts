import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DiscountCode,
  DiscountCodeBody,
  MeetingPaymentSetup,
  PaymentAccount,
  PaymentAccountView,
  PaymentSettings,
  PriceItem,
  PriceItemBody,
  PriceList,
} from '@meetflow/shared/schemas/payments';
import { http } from '../../lib/http.ts';

/*
 * The fees page's requests. Reads are silent: each part shows its own failed load with a retry.
 * Saves are silent too: the forms place field messages under their fields and toast the rest.
 */

const meetingKey = (meetingId: number) => ['payment-setup', 'meeting', meetingId] as const;
const settingsKey = (meetingId: number) => [...meetingKey(meetingId), 'settings'] as const;
const pricesKey = (meetingId: number) => [...meetingKey(meetingId), 'prices'] as const;
const codesKey = (meetingId: number) => [...meetingKey(meetingId), 'codes'] as const;
const accountKey = (organizationId: number) => ['payment-setup', 'account', organizationId] as const;

export function usePaymentSettings(meetingId: number) {
  return useQuery({
    queryKey: settingsKey(meetingId),
    queryFn: () => http.get<MeetingPaymentSetup>(`/meetings/${meetingId}/payment-settings`, { silent: true }),
  });
}

export function useSavePaymentSettings(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettings) =>
      http.put<MeetingPaymentSetup>(`/meetings/${meetingId}/payment-settings`, body, { silent: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(meetingId), saved);
      // The price table shows the currency.
      void queryClient.invalidateQueries({ queryKey: pricesKey(meetingId) });
    },
  });
}

export function usePriceList(meetingId: number) {
  return useQuery({
    queryKey: pricesKey(meetingId),
    queryFn: () => http.get<PriceList>(`/meetings/${meetingId}/prices`, { silent: true }),
  });
}

/** Adds (id null) or changes a price; deletes and retires one. Each refreshes the prices and the codes. */
export function usePriceActions(meetingId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: pricesKey(meetingId) });
    void queryClient.invalidateQueries({ queryKey: codesKey(meetingId) });
  };
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: PriceItemBody }) =>
        id === null
          ? http.post<PriceItem>(`/meetings/${meetingId}/prices`, body, { silent: true })
          : http.put<PriceItem>(`/prices/${id}`, body, { silent: true }),
      onSuccess: refresh,
    }),
    retire: useMutation({
      mutationFn: (id: number) => http.post<PriceItem>(`/prices/${id}/retire`),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => http.delete<null>(`/prices/${id}`),
      onSuccess: refresh,
    }),
  };
}

export function useDiscountCodes(meetingId: number) {
  return useQuery({
    queryKey: codesKey(meetingId),
    queryFn: () => http.get<DiscountCode[]>(`/meetings/${meetingId}/discount-codes`, { silent: true }),
  });
}

/** Adds (id null) or changes a code (the switch in the table too); deletes one. */
export function useCodeActions(meetingId: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: codesKey(meetingId) });
  return {
    save: useMutation({
      mutationFn: ({ id, body, silent }: { id: number | null; body: DiscountCodeBody; silent: boolean }) =>
        id === null
          ? http.post<DiscountCode>(`/meetings/${meetingId}/discount-codes`, body, { silent })
          : http.put<DiscountCode>(`/discount-codes/${id}`, body, { silent }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => http.delete<null>(`/discount-codes/${id}`),
      onSuccess: refresh,
    }),
  };
}

export function usePaymentAccount(organizationId: number) {
  return useQuery({
    queryKey: accountKey(organizationId),
    queryFn: () =>
      http.get<PaymentAccountView>(`/organizations/${organizationId}/payment-account`, { silent: true }),
  });
}

export function useSavePaymentAccount(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentAccount) =>
      http.put<PaymentAccountView>(`/organizations/${organizationId}/payment-account`, body, {
        silent: true,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKey(organizationId), saved);
      // The meetings' method checks read the account (FPS proxy, bank account).
      void queryClient.invalidateQueries({ queryKey: ['payment-setup', 'meeting'] });
    },
  });
}
