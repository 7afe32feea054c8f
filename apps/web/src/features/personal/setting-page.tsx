import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function PersonalSettingPage() {
  return <PlaceholderPage titleKey="route.setting" />;
}
