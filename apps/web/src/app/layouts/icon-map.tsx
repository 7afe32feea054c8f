import {
  ApiOutlined,
  BellOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HourglassOutlined,
  KeyOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { IconName } from '../routes/route-types.ts';

/** Icons are bundled (no runtime icon fetching, CSP connect-src 'self'); only these are shipped. */
const ICONS: Record<IconName, ComponentType> = {
  meeting: CalendarOutlined,
  list: UnorderedListOutlined,
  team: TeamOutlined,
  records: SwapOutlined,
  schedule: ScheduleOutlined,
  setting: SettingOutlined,
  organization: ClusterOutlined,
  dictionary: BookOutlined,
  log: FileTextOutlined,
  user: UserOutlined,
  lock: LockOutlined,
  bell: BellOutlined,
  dashboard: DashboardOutlined,
  api: ApiOutlined,
  certificate: SafetyCertificateOutlined,
  // A transcript: a document icon already shipped, so the menu grows by no icon.
  cme: FileTextOutlined,
  waitlist: HourglassOutlined,
  key: KeyOutlined,
  webhook: SendOutlined,
  // A tick, for answers checked off: an icon the shell already loads, so the menu grows by none.
  evaluation: CheckOutlined,
  // A price list (fees, the payment account): a document icon already shipped, so the menu grows by none.
  fees: FileTextOutlined,
  // A list of what was bought: an icon the shell already loads, so the menu grows by none.
  order: UnorderedListOutlined,
  // A shield with a tick, for applications let in: an icon the shell already loads, so the menu grows by none.
  approval: SafetyCertificateOutlined,
};

export function RouteIcon({ name }: { name: IconName | undefined }) {
  if (!name) return null;
  const Icon = ICONS[name];
  return <Icon />;
}
