import { useMutation } from '@tanstack/react-query';
import type { UserInfo } from '@meetflow/shared/schemas/auth';
import type { UpdateProfileBody } from '@meetflow/shared/schemas/profile';
import { http } from '../../lib/http.ts';
import { useSessionStore } from '../../lib/session/session-store.ts';

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => http.put<UserInfo>('/me/profile', body),
    onSuccess: (user) => useSessionStore.getState().setUser(user),
  });
}
