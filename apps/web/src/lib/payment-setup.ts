/**
 * The back office's fees pages (features/payment-setup, issue 44): a meeting's fees and an
 * organisation's payment account. The meeting list and the organisations link to them by path; the
 * pages read the same params (`meeting`, `organization`) from their URL.
 */
export const PAYMENT_SETUP_PATH = '/meeting_management/fees';
export const PAYMENT_ACCOUNT_PATH = '/system_setting/payment-account';
/** Who sees the fees pages: whoever follows payments or manages them (as the API asks). */
export const PAYMENT_READERS = ['payment:view', 'payment:manage'] as const;

export function paymentSetupLink(meetingId: number): string {
  return `${PAYMENT_SETUP_PATH}?meeting=${meetingId}`;
}

export function paymentAccountLink(organizationId: number): string {
  return `${PAYMENT_ACCOUNT_PATH}?organization=${organizationId}`;
}
