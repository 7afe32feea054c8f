import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Evaluation,
  EvaluationBody,
  EvaluationList,
  EvaluationNonResponders,
  EvaluationReport,
} from '@meetflow/shared/schemas/evaluations';
import type { Language } from '@meetflow/shared/languages';
import { http } from '../../lib/http.ts';

export type { Evaluation, EvaluationList, EvaluationNonResponders, EvaluationReport };
export type EvaluationItem = EvaluationList['items'][number];

const meetingKey = (meetingId: number) => ['evaluations', 'meeting', meetingId] as const;
export const evaluationKey = (id: number) => ['evaluations', id] as const;

export function useEvaluationList(meetingId: number | null) {
  return useQuery({
    queryKey: meetingKey(meetingId ?? 0),
    queryFn: () => http.get<EvaluationList>(`/meetings/${meetingId}/evaluations`, { silent: true }),
    enabled: meetingId !== null,
  });
}

export function useCreateEvaluation(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EvaluationBody) => http.post<Evaluation>(`/meetings/${meetingId}/evaluations`, body),
    onSuccess: (created) => {
      queryClient.setQueryData(evaluationKey(created.id), created);
      void queryClient.invalidateQueries({ queryKey: meetingKey(meetingId) });
    },
  });
}

export function useDeleteEvaluation(meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<null>(`/evaluations/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: meetingKey(meetingId) }),
  });
}

export function useEvaluation(id: number) {
  return useQuery({
    queryKey: evaluationKey(id),
    // Silent: the builder shows a failed load itself, with a retry.
    queryFn: () => http.get<Evaluation>(`/evaluations/${id}`, { silent: true }),
    // Always edit the latest stored version (and the latest answered keys).
    staleTime: 0,
  });
}

export function useSaveEvaluation(id: number, meetingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Silent: the builder says what went wrong (a newer version, messages on their fields, else the reason).
    mutationFn: (body: EvaluationBody) => http.put<Evaluation>(`/evaluations/${id}`, body, { silent: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(evaluationKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: meetingKey(meetingId) });
    },
  });
}

export function useEvaluationReport(id: number, lang: Language) {
  return useQuery({
    queryKey: [...evaluationKey(id), 'report', lang],
    queryFn: () =>
      http.get<EvaluationReport>(`/evaluations/${id}/report`, { params: { lang }, silent: true }),
  });
}

export const reportXlsxPath = (id: number, lang: Language) => `/evaluations/${id}/report.xlsx?lang=${lang}`;

/** One page of the non-responders (the server pages them: there may be thousands) and their total. */
export function useNonResponders(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...evaluationKey(id), 'non-responders', page, pageSize],
    queryFn: () =>
      http.get<EvaluationNonResponders>(`/evaluations/${id}/non-responders`, {
        params: { page, page_size: pageSize },
        silent: true,
      }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRemind(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ queued: number }>(`/evaluations/${id}/remind`),
    // The reminded count as invited: the report's counts change with the list.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: evaluationKey(id) }),
  });
}
