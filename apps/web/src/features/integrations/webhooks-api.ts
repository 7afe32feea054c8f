import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookDeliveryState,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
} from '@meetflow/shared/schemas/integrations';
import { http } from '../../lib/http.ts';

const webhooksKey = ['webhooks'] as const;
const deliveriesKey = (endpointId: number) => [...webhooksKey, endpointId, 'deliveries'] as const;

export function useWebhooks() {
  return useQuery({ queryKey: webhooksKey, queryFn: () => http.get<WebhookEndpoint[]>('/webhooks') });
}

/** Every change refreshes the endpoints (state, pending count) and their delivery logs. */
function useWebhookMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** Creating answers the signing secret, once. */
export const useCreateWebhook = () =>
  useWebhookMutation((body: WebhookEndpointBody) => http.post<WebhookEndpointWithSecret>('/webhooks', body));

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, body }: { id: number; body: WebhookEndpointBody }) =>
    http.put<WebhookEndpoint>(`/webhooks/${id}`, body),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) => http.delete<null>(`/webhooks/${id}`));

/** A new secret, answered once; the old one stops working at once. */
export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: number) => http.post<WebhookEndpointWithSecret>(`/webhooks/${id}/rotate-secret`));

/** Queues a `webhook.test` event; the delivery log shows how it went. */
export const useTestWebhook = () =>
  useWebhookMutation((id: number) => http.post<WebhookDelivery>(`/webhooks/${id}/test`));

const FOLLOW_MS = 2_000;
const dueSoon = (delivery: WebhookDelivery) =>
  delivery.state === 'pending' &&
  delivery.next_attempt_at !== null &&
  delivery.next_attempt_at <= Date.now() + 30_000;

export interface DeliveryListParams {
  page: number;
  page_size: number;
  state: WebhookDeliveryState | undefined;
}

export function useDeliveries(endpointId: number, params: DeliveryListParams) {
  return useQuery({
    queryKey: [...deliveriesKey(endpointId), params],
    queryFn: () => http.get<WebhookDeliveryPage>(`/webhooks/${endpointId}/deliveries`, { params }),
    placeholderData: keepPreviousData,
    // A delivery about to be sent (a test, a redelivery, a first attempt) is followed until it settles.
    refetchInterval: (query) => (query.state.data?.items.some(dueSoon) ? FOLLOW_MS : false),
  });
}

export function useDeliveryDetail(endpointId: number, deliveryId: number) {
  return useQuery({
    queryKey: [...deliveriesKey(endpointId), 'detail', deliveryId],
    queryFn: () => http.get<WebhookDeliveryDetail>(`/webhooks/${endpointId}/deliveries/${deliveryId}`),
  });
}

export function useRedeliver(endpointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      http.post<WebhookDeliveryDetail>(`/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`),
    onSuccess: (detail) => {
      queryClient.setQueryData([...deliveriesKey(endpointId), 'detail', detail.id], detail);
      return queryClient.invalidateQueries({ queryKey: webhooksKey });
    },
  });
}
