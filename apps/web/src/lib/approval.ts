/**
 * The back office's approval page (features/approval, issue 45): who may register to a meeting and
 * the applications waiting for the organiser. The page reads its meeting (`meeting`) and status
 * (`status`) from its URL, so that other pages and mails can link to it.
 */
export const APPROVAL_PATH = '/meeting_management/approval';

export function approvalLink(meetingId: number): string {
  return `${APPROVAL_PATH}?${new URLSearchParams({ meeting: String(meetingId) }).toString()}`;
}
