import type { Permission } from '@meetflow/shared/permissions';
import type { AppRoute } from './route-types.ts';
import { HOME_PATH } from '../../lib/session/redirect.ts';
import { WAITLIST_PATH } from '../../lib/waitlist.ts';
import { EVALUATIONS_PATH } from '../../lib/evaluations.ts';
import { ORDERS_PATH } from '../../lib/orders.ts';
import { INVITATIONS_PATH } from '../../lib/invitations.ts';
import { APPROVAL_PATH } from '../../lib/approval.ts';
import { MEMBERS_PATH } from '../../lib/members.ts';
import { PAYMENT_ACCOUNT_PATH, PAYMENT_READERS, PAYMENT_SETUP_PATH } from '../../lib/payment-setup.ts';

/**
 * The back-office routes: pure data, so the entry chunk can match paths and run the guard without
 * loading any admin code. Their pages are listed in layouts/page-loaders.ts, inside the admin chunk.
 */
/**
 * The spec's dialog routes: linkable, not in the menu, no tab of their own; each forwards to the page
 * holding that dialog and asks it to open (features/dialog-links).
 */
function dialogRoute(name: string, auth: Permission, page: 'dictionary' | 'organization'): AppRoute {
  return {
    name,
    path: `/system_setting/component/${name}`,
    meta: {
      title: name,
      i18nKey: `route.${page}`,
      hidden: true,
      noTab: true,
      auth: [auth],
      activeMenu: page,
    },
  };
}

export const adminRoutes: AppRoute[] = [
  {
    name: 'meetingManagement',
    path: '/meeting_management',
    meta: { title: 'Meeting management', i18nKey: 'route.meetingManagement', icon: 'meeting' },
    children: [
      {
        name: 'meeting',
        path: HOME_PATH,
        meta: {
          title: 'Meeting list',
          i18nKey: 'route.meeting',
          icon: 'list',
          auth: ['meeting:view'],
          cache: true,
          permanent: true,
        },
      },
      {
        name: 'guest',
        path: '/meeting_management/guest',
        meta: {
          title: 'Guest list',
          i18nKey: 'route.guest',
          icon: 'team',
          auth: ['guest:view'],
          cache: true,
        },
      },
      {
        name: 'records',
        path: '/meeting_management/records',
        meta: {
          title: 'Entry and exit records',
          i18nKey: 'route.records',
          icon: 'records',
          auth: ['records:view'],
          cache: true,
        },
      },
      {
        name: 'scheduleDetail',
        path: '/meeting_management/schedule-detail',
        meta: {
          title: 'Schedule detail',
          i18nKey: 'route.scheduleDetail',
          icon: 'schedule',
          auth: ['schedule:view'],
        },
      },
      {
        name: 'waitlist',
        path: WAITLIST_PATH,
        meta: {
          title: 'Waiting lists',
          i18nKey: 'route.waitlist',
          icon: 'waitlist',
          auth: ['guest:view'],
          cache: true,
        },
      },
      {
        name: 'approval',
        path: APPROVAL_PATH,
        meta: {
          title: 'Approval',
          i18nKey: 'route.approval',
          icon: 'approval',
          // The queue is the approvers'; who may register is set by those who edit the meeting.
          auth: ['guest:approve', 'meeting:edit'],
          cache: true,
        },
      },
      {
        name: 'orders',
        path: ORDERS_PATH,
        meta: {
          title: 'Orders',
          i18nKey: 'route.orders',
          icon: 'order',
          auth: ['payment:view'],
          cache: true,
        },
      },
      {
        name: 'certificates',
        path: '/meeting_management/certificates',
        meta: {
          title: 'Certificates & badges',
          i18nKey: 'route.certificates',
          icon: 'certificate',
          auth: ['certificate:manage'],
          cache: true,
        },
      },
      {
        name: 'evaluations',
        path: EVALUATIONS_PATH,
        meta: {
          title: 'Evaluations',
          i18nKey: 'route.evaluations',
          icon: 'evaluation',
          // The evaluations decide certificates: their managers read and build them (as the API asks).
          auth: ['certificate:manage'],
          cache: true,
        },
      },
      {
        name: 'paymentSetup',
        path: PAYMENT_SETUP_PATH,
        meta: {
          title: 'Fees',
          i18nKey: 'route.paymentSetup',
          icon: 'fees',
          // Whoever follows payments sees the fees; changing them is the payment managers' (as the API asks).
          auth: [...PAYMENT_READERS],
          cache: true,
        },
      },
      {
        name: 'invitations',
        path: INVITATIONS_PATH,
        meta: {
          title: 'Invitations',
          i18nKey: 'route.invitations',
          icon: 'key',
          auth: ['invitation:manage'],
        },
      },
      {
        name: 'cmeRecords',
        path: '/meeting_management/cme-records',
        meta: {
          title: 'CME records',
          i18nKey: 'route.cmeRecords',
          icon: 'cme',
          auth: ['certificate:manage'],
          cache: true,
        },
      },
    ],
  },
  {
    name: 'systemSetting',
    path: '/system_setting',
    meta: { title: 'System setting', i18nKey: 'route.systemSetting', icon: 'setting' },
    children: [
      {
        name: 'organization',
        path: '/system_setting/organization',
        meta: {
          title: 'Organisation',
          i18nKey: 'route.organization',
          icon: 'organization',
          auth: ['organization:view'],
        },
      },
      {
        name: 'dictionary',
        path: '/system_setting/dictionary',
        meta: {
          title: 'Dictionary',
          i18nKey: 'route.dictionary',
          icon: 'dictionary',
          auth: ['dictionary:view'],
        },
      },
      {
        name: 'user',
        path: '/system_setting/user',
        meta: { title: 'Users', i18nKey: 'route.user', icon: 'user', auth: ['user:manage'] },
      },
      {
        name: 'log',
        path: '/system_setting/log',
        meta: { title: 'System log', i18nKey: 'route.log', icon: 'log', auth: ['log:view'] },
      },
      {
        name: 'paymentAccount',
        path: PAYMENT_ACCOUNT_PATH,
        meta: {
          title: 'Payment account',
          i18nKey: 'route.paymentAccount',
          icon: 'fees',
          auth: [...PAYMENT_READERS],
        },
      },
      {
        name: 'members',
        path: MEMBERS_PATH,
        meta: { title: 'Member list', i18nKey: 'route.members', icon: 'team', auth: ['member:manage'] },
      },
      {
        name: 'apiTokens',
        path: '/system_setting/api-tokens',
        meta: { title: 'API tokens', i18nKey: 'route.apiTokens', icon: 'key', auth: ['integration:manage'] },
      },
      {
        name: 'webhooks',
        path: '/system_setting/webhooks',
        meta: { title: 'Webhooks', i18nKey: 'route.webhooks', icon: 'webhook', auth: ['integration:manage'] },
      },
      dialogRoute('dictionary_dialog', 'dictionary:edit', 'dictionary'),
      dialogRoute('guest_schedule_map_dialog', 'dictionary:edit', 'dictionary'),
      dialogRoute('medical_college_category_dialog', 'dictionary:edit', 'dictionary'),
      dialogRoute('meeting_time_dialog', 'dictionary:edit', 'dictionary'),
      dialogRoute('schedule_dialog', 'dictionary:edit', 'dictionary'),
      dialogRoute('user_type_dialog', 'dictionary:edit', 'dictionary'),
      dialogRoute('org_dialog', 'organization:edit', 'organization'),
    ],
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    meta: { title: 'Dashboard', i18nKey: 'route.dashboard', icon: 'dashboard', auth: ['dashboard:view'] },
  },
  {
    name: 'apiDocs',
    path: '/iframe/api-docs',
    // Integrations (accounts, tokens, other systems) are set up by administrators, the users who manage users.
    meta: {
      title: 'API docs',
      i18nKey: 'route.apiDocs',
      icon: 'api',
      iframeSrc: '/api/docs',
      auth: ['user:manage'],
    },
  },
  {
    name: 'personal',
    path: '/personal',
    meta: { title: 'Personal', i18nKey: 'route.personal', icon: 'user', hidden: true },
    children: [
      {
        name: 'setting',
        path: '/personal/setting',
        meta: { title: 'Personal setting', i18nKey: 'route.setting', icon: 'user', hidden: true },
      },
      {
        name: 'editpassword',
        path: '/personal/editpassword',
        meta: { title: 'Change password', i18nKey: 'route.editpassword', icon: 'lock', hidden: true },
      },
      {
        name: 'notification',
        path: '/personal/notification',
        meta: { title: 'Notifications', i18nKey: 'route.notification', icon: 'bell', hidden: true },
      },
    ],
  },
];

/** The in-layout page for unknown or forbidden routes of a logged-in user. */
export const notFoundRoute: AppRoute = {
  name: '404',
  path: '/404',
  meta: { title: 'Page not found', i18nKey: 'route.notFound', hidden: true, noTab: true },
};
