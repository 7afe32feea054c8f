import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from '@meetflow/shared/schemas/integrations';
import { http } from '../../lib/http.ts';

const tokensKey = ['api-tokens'] as const;

/** The tokens of the users in the reader's organisation subtree, theirs included. */
export function useApiTokens() {
  return useQuery({ queryKey: tokensKey, queryFn: () => http.get<ApiToken[]>('/api-tokens') });
}

function useTokenMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey }),
  });
}

/** The answer carries the secret, once: it is shown from the mutation's result and never cached. */
export const useCreateApiToken = () =>
  useTokenMutation((body: CreateApiTokenBody) => http.post<CreatedApiToken>('/api-tokens', body));

export const useRevokeApiToken = () =>
  useTokenMutation((id: number) => http.delete<ApiToken>(`/api-tokens/${id}`));
