import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage, UnreadCount } from '@meetflow/shared/schemas/notifications';
import { http } from '../../lib/http.ts';

const notificationsKey = ['notifications'] as const;
/** The top bar asks this often; the server evaluates passed deadlines on the same call. */
export const UNREAD_POLL_MS = 60_000;

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationsKey, 'unread'],
    queryFn: () => http.get<UnreadCount>('/me/notifications/unread-count', { silent: true }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** `lang` is part of the key: the server writes the messages in the request's language. */
export function useNotifications(page: number, pageSize: number, unreadOnly: boolean, lang: string) {
  return useQuery({
    queryKey: [...notificationsKey, 'list', page, pageSize, unreadOnly, lang],
    queryFn: () =>
      http.get<NotificationPage>('/me/notifications', {
        params: { page, page_size: pageSize, ...(unreadOnly ? { unread_only: 'true' } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}

function useNotificationMutation<V>(fn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

export const useMarkRead = () =>
  useNotificationMutation((id: number) => http.post<null>(`/me/notifications/${id}/read`));

export const useMarkAllRead = () =>
  useNotificationMutation(() => http.post<null>('/me/notifications/read-all'));
