import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CmeLinkResult,
  CmePeoplePage,
  CmePeopleQuery,
  CmePersonDetail,
  CmePersonResult,
  CmeReturnColumns,
} from '@meetflow/shared/schemas/cme';
import { http } from '../../lib/http.ts';

export type { CmeLinkResult, CmePeoplePage, CmePersonDetail, CmeReturnColumns };
export type { CmePerson, CmeRecordEntry, CmeReturnColumn } from '@meetflow/shared/schemas/cme';

/** Everything of one organisation's CME record: a link, merge or split changes people and their sums. */
const cmeKey = (organizationId: number) => ['cme', organizationId] as const;

export function useCmePeople(organizationId: number | null, query: CmePeopleQuery, enabled = true) {
  return useQuery({
    queryKey: [...cmeKey(organizationId ?? 0), 'people', query],
    queryFn: () => http.get<CmePeoplePage>(`/organizations/${organizationId}/cme/people`, { params: query }),
    enabled: organizationId !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useCmePerson(organizationId: number, personId: number | null) {
  return useQuery({
    queryKey: [...cmeKey(organizationId), 'person', personId ?? 0],
    queryFn: () => http.get<CmePersonDetail>(`/cme/people/${personId}`),
    enabled: personId !== null,
  });
}

/** Links the organisation's guests to people by licence number (or e-mail where there is none). */
export function useLinkGuests(organizationId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<CmeLinkResult>(`/organizations/${organizationId}/cme/link`, {}),
    onSettled: () => {
      if (organizationId !== null) void queryClient.invalidateQueries({ queryKey: cmeKey(organizationId) });
    },
  });
}

export type PersonChange =
  | { kind: 'merge'; personId: number; otherId: number }
  | { kind: 'split'; personId: number; guestIds: number[] };

/** A merge (the other person's guests move here) or a split (these guests become a new person). */
export function useChangePerson(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PersonChange) =>
      change.kind === 'merge'
        ? http.post<CmePersonResult>(`/cme/people/${change.personId}/merge`, { other_id: change.otherId })
        : http.post<CmePersonResult>(`/cme/people/${change.personId}/split`, {
            guest_ids: change.guestIds,
          }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: cmeKey(organizationId) }),
  });
}

export function useReturnColumns(organizationId: number) {
  return useQuery({
    queryKey: [...cmeKey(organizationId), 'return-columns'],
    queryFn: () => http.get<CmeReturnColumns>(`/organizations/${organizationId}/cme/return-columns`),
  });
}

export function useSaveReturnColumns(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CmeReturnColumns) =>
      http.put<CmeReturnColumns>(`/organizations/${organizationId}/cme/return-columns`, body),
    onSuccess: (saved) => queryClient.setQueryData([...cmeKey(organizationId), 'return-columns'], saved),
  });
}

/** Download paths (without /api), fetched with the session's token by the export button. */
export const transcriptPath = (personId: number, language: string) =>
  `/cme/people/${personId}/transcript.pdf?language=${language}`;
export const returnPath = (organizationId: number, year: number) =>
  `/organizations/${organizationId}/cme/return.xlsx?year=${year}`;
