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

/** Queues a `webhook.test` event; `useTestDelivery` follows it to the receiver's answer. */
export const useTestWebhook = () =>
  useWebhookMutation((id: number) => http.post<WebhookDelivery>(`/webhooks/${id}/test`));

/**
 * A delivery has the receiver's answer (or the failure to reach it) once an attempt is logged; its
 * attempt count rises earlier, when the dispatcher takes it (the answer may be seconds away).
 */
export const isAnswered = (delivery: WebhookDeliveryDetail) =>
  delivery.attempt_log.length > 0 || delivery.state !== 'pending';

/** How often, and for how long, a test delivery is read again while it waits for its first attempt. */
const TEST_FOLLOW_MS = 1_000;
const TEST_FOLLOW_FOR_MS = 60_000;

/**
 * Follows a test delivery queued at `since` (browser time; null: none) until its first attempt is
 * logged: the dispatcher sends it within moments, and an attempt waits at most the sender's 10 s
 * deadline. `waiting` is true until then, or until a minute has passed (still queued: the delivery
 * log will show it).
 */
export function useTestDelivery(endpointId: number, test: { id: number; since: number } | null) {
  const unanswered = (data: WebhookDeliveryDetail | undefined) =>
    test !== null && (!data || !isAnswered(data));
  const query = useQuery({
    queryKey: [...deliveriesKey(endpointId), 'detail', test?.id],
    queryFn: () => http.get<WebhookDeliveryDetail>(`/webhooks/${endpointId}/deliveries/${test?.id}`),
    enabled: test !== null,
    refetchInterval: (q) =>
      unanswered(q.state.data) && Date.now() - (test?.since ?? 0) < TEST_FOLLOW_FOR_MS
        ? TEST_FOLLOW_MS
        : false,
  });
  const delivery = test === null ? undefined : query.data;
  // Read within the minute, or not read yet: still waiting.
  const recent = test !== null && (!delivery || query.dataUpdatedAt - test.since < TEST_FOLLOW_FOR_MS);
  return { delivery, waiting: unanswered(delivery) && recent };
}

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
