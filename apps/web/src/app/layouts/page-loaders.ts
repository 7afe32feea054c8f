import type { PageLoader } from '../routes/route-types.ts';
import { DIALOG_ROUTES } from '../../lib/dialog-links.ts';

const dialogPage =
  (name: string): PageLoader =>
  () =>
    import('../pages/dialog-route-page.tsx').then((m) => ({
      default: m.DIALOG_PAGES[name]!,
    }));

/** The page module of each back-office route; kept out of the entry chunk with the rest of the shell. */
export const pageLoaders: Record<string, PageLoader> = {
  // Pages that open other features' parts load through app/slots/, which fills those slots.
  meeting: () => import('../slots/meeting-list.ts'),
  guest: () => import('../slots/guest-list.ts'),
  records: () => import('../../features/attendance/records-page.tsx'),
  scheduleDetail: () => import('../../features/schedule-detail/schedule-detail-page.tsx'),
  waitlist: () => import('../slots/waitlist.ts'),
  orders: () => import('../../features/orders/orders-page.tsx'),
  approval: () => import('../../features/approval/approval-page.tsx'),
  certificates: () => import('../../features/certificates/certificates-page.tsx'),
  evaluations: () => import('../../features/evaluations/evaluations-page.tsx'),
  paymentSetup: () => import('../../features/payment-setup/payment-setup-page.tsx'),
  paymentAccount: () => import('../../features/payment-setup/payment-account-page.tsx'),
  invitations: () => import('../../features/invitations/invitations-page.tsx'),
  members: () => import('../../features/members/members-page.tsx'),
  cmeRecords: () => import('../../features/cme/cme-records-page.tsx'),
  organization: () => import('../../features/organizations/organization-page.tsx'),
  dictionary: () => import('../../features/dictionary/dictionary-page.tsx'),
  user: () => import('../../features/users/user-page.tsx'),
  log: () => import('../../features/system/log-page.tsx'),
  apiTokens: () => import('../../features/integrations/api-tokens-page.tsx'),
  webhooks: () => import('../../features/integrations/webhooks-page.tsx'),
  dashboard: () => import('../../features/dashboard/dashboard-page.tsx'),
  setting: () => import('../../features/personal/setting-page.tsx'),
  editpassword: () => import('../../features/personal/edit-password-page.tsx'),
  notification: () => import('../../features/personal/notification-page.tsx'),
  ...Object.fromEntries(DIALOG_ROUTES.map((route) => [route.name, dialogPage(route.name)])),
};
