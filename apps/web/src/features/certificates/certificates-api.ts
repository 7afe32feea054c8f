import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CertificateActionResult,
  CertificateListQuery,
  CertificatePage,
  CertificateSettings,
  CertificateSettingsInput,
  CertificateTargets,
  CertificateTemplate,
} from '@meetflow/shared/schemas/certificates';
import { http } from '../../lib/http.ts';
import { authorizedFetch } from '../../lib/authorized-fetch.ts';

export type { CertificateActionResult, CertificatePage, CertificateSettings };
export type { CertificateRow } from '@meetflow/shared/schemas/certificates';

export const certificatesKey = (meetingId: number) => ['certificates', meetingId] as const;

export function useCertificateSettings(meetingId: number | null) {
  return useQuery({
    queryKey: [...certificatesKey(meetingId ?? 0), 'settings'],
    queryFn: () => http.get<CertificateSettings>(`/meetings/${meetingId}/certificate-settings`),
    enabled: meetingId !== null,
  });
}

export function useSaveCertificateSettings(meetingId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    // Not silent: the client toasts a failure; the form also puts field messages on its fields.
    mutationFn: (body: CertificateSettingsInput) =>
      http.put<CertificateSettings>(`/meetings/${meetingId}/certificate-settings`, body),
    onSuccess: (saved) => {
      if (meetingId === null) return;
      queryClient.setQueryData([...certificatesKey(meetingId), 'settings'], saved);
      // Another rule changes who earned it.
      void queryClient.invalidateQueries({ queryKey: [...certificatesKey(meetingId), 'list'] });
    },
  });
}

export function useCertificatePage(meetingId: number | null, query: CertificateListQuery) {
  return useQuery({
    queryKey: [...certificatesKey(meetingId ?? 0), 'list', query],
    queryFn: () => http.get<CertificatePage>(`/meetings/${meetingId}/certificates`, { params: query }),
    enabled: meetingId !== null,
    placeholderData: keepPreviousData,
  });
}

export type CertificateAction =
  | { kind: 'issue'; targets: CertificateTargets }
  | { kind: 'send'; targets: CertificateTargets }
  | { kind: 'revoke'; guestIds: number[]; reason: string };

export function useCertificateAction(meetingId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CertificateAction) => {
      const base = `/meetings/${meetingId}/certificates`;
      if (action.kind === 'revoke') {
        return http.post<CertificateActionResult>(`${base}/revoke`, {
          guest_ids: action.guestIds,
          reason: action.reason,
        });
      }
      return http.post<CertificateActionResult>(`${base}/${action.kind}`, action.targets);
    },
    onSettled: () => {
      if (meetingId !== null)
        void queryClient.invalidateQueries({ queryKey: [...certificatesKey(meetingId), 'list'] });
    },
  });
}

/** The unsaved template drawn with a guest's figures (or sample ones): the PDF's bytes. */
export async function previewCertificate(
  meetingId: number,
  template: CertificateTemplate,
  guestId: number | undefined,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const response = await authorizedFetch(`/meetings/${meetingId}/certificates/preview`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ template, ...(guestId ? { guest_id: guestId } : {}) }),
    signal,
  });
  return new Uint8Array(await response.arrayBuffer());
}
