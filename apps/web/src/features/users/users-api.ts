import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  CreateUserBody,
  ResetPasswordBody,
  Role,
  UpdateUserBody,
  UserPage,
} from '@meetflow/shared/schemas/users';
import { http } from '../../lib/http.ts';

export interface UserListParams {
  page: number;
  page_size: number;
  keyword: string;
}

const usersKey = ['users'] as const;

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: [...usersKey, params],
    queryFn: () =>
      http.get<UserPage>('/users', {
        params: { page: params.page, page_size: params.page_size, keyword: params.keyword || undefined },
      }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRoles() {
  return useQuery({ queryKey: ['roles'], queryFn: () => http.get<Role[]>('/roles'), staleTime: 60_000 });
}

function useUserMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export const useCreateUser = () =>
  useUserMutation((body: CreateUserBody) => http.post<AdminUser>('/users', body));

export const useUpdateUser = () =>
  useUserMutation(({ id, body }: { id: number; body: UpdateUserBody }) =>
    http.put<AdminUser>(`/users/${id}`, body),
  );

export const useResetPassword = () =>
  useUserMutation(({ id, body }: { id: number; body: ResetPasswordBody }) =>
    http.post<null>(`/users/${id}/reset-password`, body),
  );
