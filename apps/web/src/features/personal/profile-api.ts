import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileBody, UserInfo } from '@meetflow/shared';
import { http } from '../../lib/http.ts';
import { useSessionStore } from '../auth/session-store.ts';

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => http.put<UserInfo>('/me/profile', body),
    onSuccess: (user) => useSessionStore.getState().setUser(user),
  });
}
