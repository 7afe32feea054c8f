import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import type { RecordPage, RecordQuery, ScanAnswer, ScanRequest } from '../../lib/attendance-types.ts';
import type { ConflictPage } from '@meetflow/shared/schemas/offline-door';
import type { DeskMethod, DeskPaymentAnswer } from '@meetflow/shared/schemas/payments';
import { sendOnceMore } from './scan-retry.ts';

export const attendanceKey = ['attendance'] as const;

/** A door station must not wait a minute for an answer: after this the scan is sent once more. */
const SCAN_TIMEOUT_MS = 8000;

/** Records one scan; a request that got no answer is repeated once with the same nonce. */
export function sendScan(body: ScanRequest): Promise<ScanAnswer> {
  return sendOnceMore(
    (nonce) =>
      // Silent: the scan screen shows every outcome itself, in its own colours.
      http.post<ScanAnswer>(
        '/attendance/scans',
        { ...body, nonce },
        { silent: true, timeout: SCAN_TIMEOUT_MS },
      ),
    body.nonce,
  );
}

/** How many offline scans of a meeting conflicted when uploaded (the records page's button). */
export function useConflictCount(meetingId: number | null) {
  return useQuery({
    queryKey: [...attendanceKey, 'conflicts', meetingId, 'count'],
    queryFn: async () =>
      (
        await http.get<ConflictPage>('/attendance/conflicts', {
          params: { meeting_id: meetingId, page_size: 1 },
        })
      ).total,
    enabled: meetingId !== null,
  });
}

export function useConflictPage(meetingId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...attendanceKey, 'conflicts', meetingId, page, pageSize],
    queryFn: () =>
      http.get<ConflictPage>('/attendance/conflicts', {
        params: { meeting_id: meetingId, page, page_size: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRecordPage(query: RecordQuery | null) {
  return useQuery({
    queryKey: [...attendanceKey, 'records', query],
    queryFn: () => http.get<RecordPage>('/attendance/records', { params: query }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** The records export's path: the page's filters, without paging (the server streams every row). */
export function recordExportPath(query: RecordQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'page_size' || value === undefined) continue;
    params.set(key, String(value));
  }
  return `/attendance/records/export?${params.toString()}`;
}

/** An organiser's check-in or check-out at the desk: a scan with the station named as manual. */
export function useManualScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScanRequest) => sendScan(body),
    // Records, statistics and the guest list all show the guest's attendance.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: attendanceKey });
      await queryClient.invalidateQueries({ queryKey: ['guests'] });
    },
  });
}

/**
 * The desk takes an unpaid guest's payment at the door (payment:desk): the whole amount due, in
 * cash or by card terminal. An error (wrong amount, already paid) is shown by the request itself.
 */
export function takeDeskPayment(body: {
  meeting_id: number;
  guest_code: string;
  method: DeskMethod;
  amount: number;
}): Promise<DeskPaymentAnswer> {
  return http.post<DeskPaymentAnswer>('/payments/desk', body);
}
